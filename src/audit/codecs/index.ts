/** Wire formats of the trail on HCS: batch messages and their parts, HCS-1 files and HCS-2 registers. */
export { compressEntries, decodeAuditMessage, entriesMessage, envelope, HCS_MESSAGE_MAX_BYTES, joinParts } from './hcs-message-codec.js';
export type { BatchHeader, CompressedEntriesMessage, PartMessage } from './hcs-message-codec.js';
export { decodeHcs1File, encodeHcs1File } from './hcs1-codec.js';
export { HCS2_REGISTER_TX_MEMO, isIndexedRegistryMemo, parseRegisterMessage, registerMessage } from './hcs2-codec.js';
