// The approval protections: what the policies of a stage approved cannot change before it executes.
export { freezePlainData, lockRawParams } from './plain-data.js';
export { NormalisedParamsLock, lockNormalisedParams } from './normalised-params.js';
export { assertTransactionBytesUnchanged, sealTransactionBytes } from './transaction-bytes.js';
export { takePinnedTransaction, runPinned, type PinnedTransaction } from './pinned-transaction.js';
