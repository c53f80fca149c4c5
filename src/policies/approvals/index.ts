// Approval requests as records: the record and its rules, the stores (memory, Redis), change notifications, resume.
export { decide, denialReason, settledAt, stateAt, FINAL_STATES } from './approval-record.js';
export type { ApprovalDecision, ApprovalExecution, ApprovalRecord, ApprovalState, DecisionInput, DecisionOutcome, Quorum, RecordedMovement, TransactionPreview } from './approval-record.js';
export type { ApprovalChange, ApprovalListener, ApprovalRecorder, ApprovalStore, ClaimOutcome, NewApprovalRecord } from './approval-store.js';
export { MemoryApprovalStore } from './memory-approval-store.js';
export { RedisApprovalStore } from './redis-approval-store.js';
export { bytesDigest, transactionPreview } from './approval-preview.js';
export { approvalRequestDigest, REQUEST_DIGEST_DOMAIN } from './request-digest.js';
export type { DigestedRequest } from './request-digest.js';
export { checkApprovalSignature, publicKeyIdentity, signApproval } from './approver-signature.js';
export type { ApprovalSignature, SignatureAlgorithm } from './approver-signature.js';
export { approvalRequestOf } from './approved-calls.js';
export { signScheduledRequest, notSignable } from './schedule-signing.js';
export type { ScheduleSigning, ScheduleSigningOptions } from './schedule-signing.js';
export type { LedgerSchedule, ThresholdAccount } from './approval-record.js';
export type { ScheduleClosing, ScheduleSent } from './approval-store.js';
export { prepareScheduleSign, submitDetachedSignature } from './detached-schedule-signing.js';
export type { DetachedSigning, HeldScheduleSign, PreparedScheduleSign } from './detached-schedule-signing.js';
