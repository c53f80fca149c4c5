import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import type { PrivateKey } from '@hiero-ledger/sdk';

/** What `Client.setOperatorWith` takes: signs body bytes and resolves with the signature. */
export type TransactionSigner = (message: Uint8Array) => Promise<Uint8Array>;

/** DER PKCS#8 header for an Ed25519 private key (RFC 8410), followed by the 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The operator signer of a devnet client. `Client.setOperator(id, key)` signs with
 * `Promise.resolve(key.sign(message))`, which for ED25519 runs the SDK's pure-JS curve arithmetic and
 * re-derives the public point on every call; node:crypto gives the same bytes (Ed25519 signatures are
 * deterministic) many times faster. ECDSA keys, and any key OpenSSL reads differently, keep the SDK's
 * own signing.
 *
 * @example
 * client.setOperatorWith(operatorId, operatorKey.publicKey, operatorSigner(operatorKey));
 */
export function operatorSigner(key: PrivateKey): TransactionSigner {
  const sdkSigner: TransactionSigner = (message) => Promise.resolve(key.sign(message));
  if (key.type !== 'ED25519') return sdkSigner;
  const keyObject = nodeEd25519PrivateKey(key);
  if (!keyObject) return sdkSigner;
  return (message) => Promise.resolve(new Uint8Array(sign(null, message, keyObject)));
}

function nodeEd25519PrivateKey(key: PrivateKey): KeyObject | undefined {
  const seed = key.toBytesRaw();
  const der = Buffer.concat([ED25519_PKCS8_PREFIX, seed]);
  try {
    const keyObject = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    // Use it only when OpenSSL derives the very public key the SDK announces for this operator.
    const spki = createPublicKey(keyObject).export({ format: 'der', type: 'spki' });
    return Buffer.from(key.publicKey.toBytesRaw()).equals(spki.subarray(spki.length - 32)) ? keyObject : undefined;
  } catch {
    return undefined;
  } finally {
    seed.fill(0);
    der.fill(0);
  }
}
