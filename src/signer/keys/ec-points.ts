/*
 * The byte-level conversions between what an HSM hands back and what Hedera accepts: an ECDSA
 * signature's S made low, a curve point compressed, a DER octet string unwrapped.
 */

/** The order of secp256k1's group. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = SECP256K1_N >> 1n;

/**
 * `r || s` with s replaced by n − s when it is high. An HSM's ECDSA returns either of the two valid
 * signatures; the network and the SDK accept only the low-S one (INVALID_SIGNATURE otherwise).
 */
export function lowS(signature: Uint8Array): Uint8Array {
  if (signature.length !== 64) throw new Error(`an ECDSA signature of 64 bytes (r || s) was expected; the token returned ${signature.length}`);
  const s = bigintOf(signature.subarray(32));
  if (s <= HALF_N) return signature;
  const out = new Uint8Array(64);
  out.set(signature.subarray(0, 32));
  out.set(bytesOf(SECP256K1_N - s, 32), 32);
  return out;
}

/**
 * The point a PKCS#11 token gives as CKA_EC_POINT, as raw bytes: tokens wrap it in a DER OCTET
 * STRING (`04 <len> …`), and some store an Ed25519 key's 32 bytes unwrapped.
 */
export function unwrapOctetString(value: Uint8Array, rawLengths: readonly number[]): Uint8Array {
  if (rawLengths.includes(value.length) && !(value[0] === 0x04 && value[1] === value.length - 2)) return value;
  if (value[0] === 0x04) {
    // Short form (< 128 bytes): 04 len …; long form: 04 81 len ….
    if (value[1]! < 0x80 && value[1] === value.length - 2) return value.subarray(2);
    if (value[1] === 0x81 && value[2] === value.length - 3) return value.subarray(3);
  }
  if (rawLengths.includes(value.length)) return value;
  throw new Error(`the token's public key point (${value.length} bytes) is neither a DER octet string nor a raw key of ${rawLengths.join(' or ')} bytes`);
}

/** A 65-byte uncompressed secp256k1 point (04 x y) as the 33 bytes the SDK reads (02|03 x); 33 bytes pass through. */
export function compressedPoint(point: Uint8Array): Uint8Array {
  if (point.length === 33 && (point[0] === 0x02 || point[0] === 0x03)) return point;
  if (point.length !== 65 || point[0] !== 0x04) throw new Error(`an uncompressed secp256k1 point of 65 bytes was expected; got ${point.length} bytes`);
  const out = new Uint8Array(33);
  out[0] = (point[64]! & 1) === 1 ? 0x03 : 0x02;
  out.set(point.subarray(1, 33), 1);
  return out;
}

function bigintOf(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function bytesOf(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let at = length - 1; at >= 0; at -= 1) {
    out[at] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}
