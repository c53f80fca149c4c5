/**
 * Private keys anyone can recognise, whoever they belong to: the DER structures of ED25519 and
 * ECDSA secp256k1 private keys, as hex (any case, with or without `0x`) or base64, and PEM blocks.
 *
 * Raw 32 bytes are not among them: a raw private key cannot be told from a raw ED25519 public key or
 * a SHA-256 hash, which must survive. The kit's own keys are recognised raw too (see key-redactor.ts).
 */

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/**
 * DER that ends right before the 32 private-key bytes: PKCS#8 ED25519 (v1 and v2), the SDK's short
 * PKCS#8 ECDSA, SEC1 ECPrivateKey, and PKCS#8 ECDSA as OpenSSL writes it. Length bytes are wildcards.
 */
const DER_LEADS_HEX = [
  '30[0-9a-f]{2}02010[01]300506032b657004220420',
  '30[0-9a-f]{2}02010[01]300706052b8104000a04220420',
  '30[0-9a-f]{2}0201010420',
  '3081[0-9a-f]{2}020100301006072a8648ce3d020106052b8104000a04[0-9a-f]{2}30[0-9a-f]{2}0201010420',
];
const PRIVATE_KEY_DER_HEX = new RegExp(`(?:0x)?(?:${DER_LEADS_HEX.join('|')})[0-9a-f]{64}`, 'gi');

/**
 * The same structures as base64 have fixed leads only for fixed lengths, so these are the concrete
 * prefixes the SDK and OpenSSL write; each lead is cut where the key bits begin to mix in.
 */
const DER_PREFIXES_FOR_BASE64 = [
  '302e020100300506032b657004220420',
  '3030020100300706052b8104000a04220420',
  '302e0201010420',
  '30540201010420',
  '30740201010420',
  '3051020101300506032b657004220420',
  '3053020101300506032b657004220420',
  '308184020100301006072a8648ce3d020106052b8104000a046d306b0201010420',
];
/** 32 key bytes are at least 42 base64 characters whatever their alignment. */
const KEY_BASE64_CHARS = 42;
const PRIVATE_KEY_DER_BASE64 = new RegExp(`(?:${DER_PREFIXES_FOR_BASE64.flatMap(base64Leads).join('|')})[A-Za-z0-9+/_-]{${KEY_BASE64_CHARS},}={0,2}`, 'g');

/** A PEM private key block (PKCS#8, SEC1 "EC", encrypted …), up to its END line or the end of the text. */
const PRIVATE_KEY_PEM = /-----BEGIN(?: [A-Z0-9]+)* PRIVATE KEY-----[\s\S]*?(?:-----END(?: [A-Z0-9]+)* PRIVATE KEY-----|$)/g;

const PATTERNS = [PRIVATE_KEY_PEM, PRIVATE_KEY_DER_HEX, PRIVATE_KEY_DER_BASE64];

/** A free-standing run of exactly 32 bytes of hex: a raw private key looks like this (so does a raw public key). */
const BARE_32_BYTES = /(?<![0-9a-z])(?:0x)?[0-9a-f]{64}(?![0-9a-z])/gi;

/**
 * True when `text` holds a private key in a form that says so (DER hex or base64, PEM) anywhere,
 * e.g. a memo an LLM was talked into filling with one.
 *
 * @example
 * containsPrivateKey(`note ${key.toStringDer()}`); // true
 * containsPrivateKey(key.publicKey.toStringDer()); // false
 */
export function containsPrivateKey(text: string): boolean {
  // search() ignores a global regex's lastIndex, so the shared patterns carry no state between calls.
  return PATTERNS.some((pattern) => text.search(pattern) !== -1);
}

/**
 * Replaces every private key {@link containsPrivateKey} finds, however it is padded or embedded.
 *
 * @example
 * redactPrivateKeys(`backup ${key.toStringDer()}`); // 'backup [REDACTED]'
 */
export function redactPrivateKeys(text: string): string {
  let out = text;
  for (const pattern of PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

/**
 * For texts that describe a failure: bare 32-byte hex runs go too, since a message that echoes input
 * cannot tell a raw private key from a raw public key and has no need of either.
 *
 * @example
 * redactBare32Bytes('amount: got "' + key.toStringRaw() + '"'); // 'amount: got "[REDACTED]"'
 */
export function redactBare32Bytes(text: string): string {
  return text.replace(BARE_32_BYTES, REDACTED);
}

/**
 * The base64 characters of `prefixHex` that do not depend on what follows, as standard and URL-safe
 * base64 (escaped for a RegExp).
 */
function base64Leads(prefixHex: string): string[] {
  const bytes = Buffer.from(prefixHex, 'hex');
  const lead = bytes.toString('base64').slice(0, Math.floor((bytes.length * 8) / 6));
  const urlSafe = lead.replace(/\+/g, '-').replace(/\//g, '_');
  return [...new Set([lead, urlSafe])].map((text) => text.replace(/[+/]/g, '\\$&'));
}
