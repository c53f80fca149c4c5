// Approval requests as records: the record and its rules, the stores (memory, Redis), change notifications, resume.
export { decide, denialReason, settledAt, stateAt, FINAL_STATES } from './approval-record.js';
export type { ApprovalDecision, ApprovalExecution, ApprovalRecord, ApprovalState, DecisionInput, DecisionOutcome, Quorum, RecordedMovement, TransactionPreview } from './approval-record.js';
export type { ApprovalChange, ApprovalListener, ApprovalRecorder, ApprovalStore, ClaimOutcome, NewApprovalRecord } from './approval-store.js';
export { MemoryApprovalStore } from './memory-approval-store.js';
export { RedisApprovalStore } from './redis-approval-store.js';
export { bytesDigest, requestDigest, transactionPreview } from './approval-preview.js';
