/**
 * Whether 32 bytes encode a point on the Ed25519 curve (RFC 8032, section 5.1.3). Any real ED25519
 * public key does; about half of all 32-byte strings, raw private keys among them, do not. The SDK
 * accepts any 32 bytes as a public key, and a key that is no point can never produce a signature.
 */

const P = 2n ** 255n - 19n;
const D = mod(-121665n * power(121666n, P - 2n));

/**
 * @example
 * isEd25519Point(PrivateKey.generateED25519().publicKey.toBytesRaw()); // true
 */
export function isEd25519Point(bytes: Uint8Array): boolean {
  if (bytes.length !== 32) return false;
  let encoded = 0n;
  for (let at = 31; at >= 0; at--) encoded = (encoded << 8n) | BigInt(bytes[at]!);
  const sign = encoded >> 255n;
  const y = encoded & ((1n << 255n) - 1n);
  if (y >= P) return false;
  const ySquared = mod(y * y);
  // x² = (y² − 1) / (d·y² + 1) must have a square root mod p.
  const xSquared = mod((ySquared - 1n) * power(mod(D * ySquared + 1n), P - 2n));
  if (xSquared === 0n) return sign === 0n;
  return power(xSquared, (P - 1n) / 2n) === 1n;
}

function mod(value: bigint): bigint {
  const rest = value % P;
  return rest < 0n ? rest + P : rest;
}

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let square = mod(base);
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % P;
    square = (square * square) % P;
  }
  return result;
}
