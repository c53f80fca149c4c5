/**
 * Key material and where it may not go: one redactor per kit, shared by every sink (results, logs,
 * the audit journal and HCS) and by the input screen that keeps keys off the ledger.
 */
export { KeyRedactor, type SecretKey } from './key-redactor.js';
export { REDACTED, containsPrivateKey, redactPrivateKeys, redactBare32Bytes } from '../values/private-key-patterns.js';
export { MIN_BASE64_PIECE, MIN_HEX_PIECE } from './key-pieces.js';
export { OWN_KEY_INPUT_ERROR, refuseOwnKeyMaterial } from './input-screen.js';
export { redactingLogger } from './redacting-logger.js';
export { kitRedactor } from './kit-redactor.js';
