/** Reading what the ledger holds: audit topics and HOL sessions on the mirror node, and what became of a transaction ID. */
export { bySeq, readAuditMessages, streamGaps, waitingParts } from './audit-trail-reader.js';
export type { FoundEntry, TopicMessageText } from './audit-trail-reader.js';
export { checkAuditTopic } from './check-audit-topic.js';
export { readHolEntries } from './hol-reader.js';
export { readAuditTopic } from './read-audit-topic.js';
export type { AuditTopicContents } from './read-audit-topic.js';
export { fetchTopicInfo, fetchTopicMessages, getJson } from './mirror-reader.js';
export { mirrorTransactionId } from './mirror-transaction-id.js';
export { lookUpTransaction, MAX_VALID_DURATION_SECONDS } from './transaction-lookup.js';
export type { LookupResult } from './transaction-lookup.js';
export { copyThatRan, isNoopHash } from './copy-that-ran.js';
export type { CopyThatRan } from './copy-that-ran.js';
