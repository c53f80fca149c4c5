import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { proto } from '@hiero-ledger/proto';
import { PublicKey } from '@hiero-ledger/sdk';

/**
 * Verifies one signature of a simple proto key over transaction body bytes, giving exactly the verdict
 * of the SDK's `PublicKey.verify`, but mostly at OpenSSL's speed.
 *
 * ED25519 goes to node:crypto first. OpenSSL checks the strict RFC 8032 equation ([s]B = R + [k]A, with
 * canonical encodings), while the SDK (noble-curves, ZIP-215 rules) checks the cofactored one
 * ([8][s]B = [8]R + [8][k]A) and tolerates non-canonical encodings. Anything the strict check accepts,
 * the lenient one accepts too, so a "yes" from OpenSSL is final; a "no" is asked again of the SDK, which
 * keeps crafted edge cases (keys or nonces with a small-order component) exactly as before. Only bad
 * signatures pay twice, and those end the transaction anyway.
 *
 * ECDSA(secp256k1) stays with the SDK: Hedera signs keccak-256 of the body, node:crypto can only verify
 * over a digest it computes itself, and OpenSSL 3.0 has no keccak-256 (its sha3-256 pads differently).
 */
export function verifySimpleKeySignature(key: proto.IKey, message: Uint8Array, signature: Uint8Array): boolean {
  if (key.ed25519?.length === 32) {
    if (verifyEd25519WithNode(key.ed25519, message, signature)) return true;
    return sdkVerify(sdkKey(key.ed25519, 'ED25519'), message, signature);
  }
  if (key.ECDSASecp256k1?.length === 33) return sdkVerify(sdkKey(key.ECDSASecp256k1, 'ECDSA'), message, signature);
  return false; // contract keys and malformed keys cannot sign a HAPI transaction
}

/** DER SubjectPublicKeyInfo header for an Ed25519 key (RFC 8410): SEQUENCE { id-Ed25519, BIT STRING }. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * Parsed keys, so a key is turned into an OpenSSL or SDK object once, not on every transaction. Public
 * keys only; bounded so that a long-running devnet creating endless accounts cannot grow it forever.
 */
const MAX_CACHED_KEYS = 4096;
const nodeKeys = new Map<string, KeyObject | null>();
const sdkKeys = new Map<string, PublicKey>();

function remember<V>(cache: Map<string, V>, id: string, value: V): V {
  if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value!);
  cache.set(id, value);
  return value;
}

function nodeEd25519Key(raw: Uint8Array): KeyObject | null {
  const id = Buffer.from(raw).toString('hex');
  const cached = nodeKeys.get(id);
  if (cached !== undefined) return cached;
  let keyObject: KeyObject | null;
  try {
    keyObject = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
  } catch {
    keyObject = null; // OpenSSL refuses the bytes: every signature goes to the SDK
  }
  return remember(nodeKeys, id, keyObject);
}

/**
 * OpenSSL's ED25519 verdict computed on the libuv threadpool, so many transactions' signatures are
 * checked in parallel while the main thread serves gRPC. A true is final; a false only means "not
 * settled here": callers then ask {@link verifySimpleKeySignature}, which consults the SDK.
 */
export function confirmEd25519OffThread(raw: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const keyObject = raw.length === 32 ? nodeEd25519Key(raw) : null;
  if (!keyObject || signature.length !== 64) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      verify(null, message, keyObject, signature, (error, valid) => resolve(!error && valid));
    } catch {
      resolve(false);
    }
  });
}

function verifyEd25519WithNode(raw: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const keyObject = nodeEd25519Key(raw);
  if (!keyObject || signature.length !== 64) return false;
  try {
    return verify(null, message, keyObject, signature);
  } catch {
    return false; // the SDK has the last word on anything OpenSSL will not judge
  }
}

function sdkKey(raw: Uint8Array, type: 'ED25519' | 'ECDSA'): PublicKey {
  const id = `${type}:${Buffer.from(raw).toString('hex')}`;
  return sdkKeys.get(id) ?? remember(sdkKeys, id, type === 'ED25519' ? PublicKey.fromBytesED25519(raw) : PublicKey.fromBytesECDSA(raw));
}

function sdkVerify(publicKey: PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return publicKey.verify(message, signature);
  } catch {
    return false; // malformed signature bytes count as a wrong signature
  }
}
