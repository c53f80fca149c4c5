/**
 * The policy signer's judging core (issue 34): what a TransactionBody does, read from its bytes,
 * and the judge that runs this project's policies over it before a signature is made.
 */
export { describeBody, describeSchedulable } from './describe-body.js';
export { allBodies, allMovements, DESTROYED, NEW_KEY_HOLDER, type DescribedBody, type InnerBody, type Lookup } from './described-body.js';
export { sameBodyExceptNode, bodyDigestExceptNode } from './same-body.js';
export { TRANSACTION_TYPES, type TypeRule } from './transaction-types.js';
export { createSigningJudge, type SigningJudge, type SigningJudgeOptions, type SigningVerdict } from './signing-judge.js';
export { SIGN_TRANSACTION, type LedgerLookups, type ScheduledBodyOnLedger, type TopicFee } from './signing-tool.js';
export { SettlementWatcher, type SettlementOptions, type SettlementPass } from './settlement/settlement-watcher.js';
