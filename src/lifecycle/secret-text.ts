/**
 * Finds private-key material inside free text (error messages, echoed input, memos) so it can be
 * cut out before the text leaves the kit. Shared by tool results, log lines and audit entries.
 */

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/** DER hex of a private key anywhere in a text: ED25519 PKCS#8, ECDSA secp256k1 PKCS#8 and SEC1, then the 32 key bytes. */
const PRIVATE_KEY_DER = /(?:0x)?(?:302e020100300506032b657004220420|3030020100300706052b8104000a04220420|30540201010420|302e0201010420)[0-9a-f]{64}/gi;

/** A free-standing run of exactly 32 bytes of hex: a raw private key looks like this (so does a raw public key). */
const BARE_32_BYTES = /(?<![0-9a-z])(?:0x)?[0-9a-f]{64}(?![0-9a-z])/gi;

/**
 * True when `text` holds a private key in DER hex anywhere, e.g. a memo an LLM was talked into
 * filling with one.
 *
 * @example
 * containsPrivateKey(`note ${key.toStringDer()}`); // true
 */
export function containsPrivateKey(text: string): boolean {
  return new RegExp(PRIVATE_KEY_DER.source, 'i').test(text);
}

/**
 * Replaces every private key in DER hex found anywhere in `text`, however it is padded or embedded.
 *
 * @example
 * redactPrivateKeys(`backup ${key.toStringDer()}`); // 'backup [REDACTED]'
 */
export function redactPrivateKeys(text: string): string {
  return text.replace(PRIVATE_KEY_DER, REDACTED);
}

/**
 * For texts that describe a failure: also replaces bare 32-byte hex runs, since an error message
 * that echoes input cannot tell a raw private key from a raw public key and has no need of either.
 *
 * @example
 * redactKeyMaterial('amount: got "' + key.toStringRaw() + '"'); // 'amount: got "[REDACTED]"'
 */
export function redactKeyMaterial(text: string): string {
  return redactPrivateKeys(text).replace(BARE_32_BYTES, REDACTED);
}
