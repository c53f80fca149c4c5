/** Audit entries: their schemas (calls, schedule outcomes, oversight), how a call's outcome becomes one, and what is kept of its params (bounded, redacted). */
export {
  AUDIT_ENTRY_TYPE,
  AUDIT_ENTRY_VERSION,
  AUDIT_OUTCOMES,
  SCHEDULE_OUTCOMES,
  anyAuditEntrySchema,
  auditEntryProblems,
  auditEntrySchema,
  callEntries,
  ENTRY_KINDS,
  isCallEntry,
  isScheduleOutcomeEntry,
  scheduleOutcomeEntrySchema,
} from './audit-entry.js';
export type { AnyAuditEntry, AuditEntry, AuditOutcome, ScheduleOutcome, ScheduleOutcomeEntry } from './audit-entry.js';
export { errorEntry, executedEntry, sequenced, transactionIdOf } from './entry-builder.js';
export type { UnsequencedEntry } from './entry-builder.js';
export { entryHead } from './entry-head.js';
export {
  OVERSIGHT_KINDS,
  OVERSIGHT_SCHEMAS,
  approvalAbandonedEntrySchema,
  approvalDecisionEntrySchema,
  approvalExpiredEntrySchema,
  approvalRequestEntrySchema,
  approvalScheduleSettledEntrySchema,
  isOversightEntry,
  pauseEntrySchema,
  resumeEntrySchema,
  unpauseEntrySchema,
} from './oversight-entry.js';
export type {
  ApprovalAbandonedEntry,
  ApprovalDecisionEntry,
  ApprovalExpiredEntry,
  ApprovalRequestEntry,
  OversightEntry,
  OversightKind,
  PauseEntry,
  ResumeEntry,
  UnpauseEntry,
} from './oversight-entry.js';
export { oversightEntry } from './oversight-builder.js';
export type { OversightEvent } from './oversight-builder.js';
export { approvalEventOf } from './approval-events.js';
export { entryDetail, entryOutcome } from './entry-summary.js';
export { auditParams } from './redact.js';
