import { REDACTED, containsPrivateKey, redactBare32Bytes, redactPrivateKeys } from '../values/private-key-patterns.js';

/**
 * What the lifecycle cuts from failure texts when it knows nothing of the kit's own keys (the kit
 * redacts its results again with its KeyRedactor). The patterns live in src/secrets/, the one place
 * that decides what key material is; this file only keeps the lifecycle's imports short.
 */
export { REDACTED, containsPrivateKey, redactPrivateKeys };

/**
 * For texts that describe a failure: any self-describing private key, and bare 32-byte hex runs,
 * since an error message that echoes input cannot tell a raw private key from a raw public key.
 *
 * @example
 * redactKeyMaterial('amount: got "' + key.toStringRaw() + '"'); // 'amount: got "[REDACTED]"'
 */
export function redactKeyMaterial(text: string): string {
  return redactBare32Bytes(redactPrivateKeys(text));
}
