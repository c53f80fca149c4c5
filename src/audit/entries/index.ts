/** Audit entries: their schema, how a call's outcome becomes one, and what is kept of its params (bounded, redacted). */
export {
  AUDIT_ENTRY_TYPE,
  AUDIT_ENTRY_VERSION,
  AUDIT_OUTCOMES,
  SCHEDULE_OUTCOMES,
  anyAuditEntrySchema,
  auditEntryProblems,
  auditEntrySchema,
  callEntries,
  isScheduleOutcomeEntry,
  scheduleOutcomeEntrySchema,
} from './audit-entry.js';
export type { AnyAuditEntry, AuditEntry, AuditOutcome, ScheduleOutcome, ScheduleOutcomeEntry } from './audit-entry.js';
export { errorEntry, executedEntry, sequenced, transactionIdOf } from './entry-builder.js';
export type { UnsequencedEntry } from './entry-builder.js';
export { entryHead } from './entry-head.js';
export { entryDetail } from './entry-summary.js';
export { auditParams } from './redact.js';
