/** `hedera-agent-hooks/hooks`: the hook base class and the built-in hooks. */
export { AbstractHook } from '../listeners/abstract-hook.js';
export { HcsAuditTrailHook } from './hcs-audit-trail-hook.js';
export { HolAuditTrailHook } from './hol-audit-trail-hook.js';
export type { HolAuditTrailOptions } from './hol-audit-trail-hook.js';
export { AuditTrailBase, AuditRefusal, DEFAULT_JOURNAL_DIR } from './audit-trail-base.js';
export type { AuditTrailOptions } from './audit-trail-base.js';
export {
  verifyAuditTopic, readAuditMessages, bySeq, streamGaps, auditEntrySchema, scheduleOutcomeEntrySchema,
  anyAuditEntrySchema, isScheduleOutcomeEntry, callEntries, AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION,
  AUDIT_OUTCOMES, SCHEDULE_OUTCOMES, isCallEntry, isOversightEntry, oversightEntry, OVERSIGHT_KINDS, OVERSIGHT_SCHEMAS,
} from '../audit/index.js';
export type {
  AuditVerifyReport, VerifyAuditTopicOptions, FoundEntry, TopicMessageText, BatchHeader, AuditEntry,
  AuditOutcome, AnyAuditEntry, ScheduleOutcomeEntry, ScheduleOutcome, ScheduleWatchOptions, AuditStatus,
  AuditParticipant, KitAudit, OversightEntry, OversightEvent, OversightKind, PauseEntry, UnpauseEntry, ResumeEntry,
  ApprovalRequestEntry, ApprovalDecisionEntry, ApprovalExpiredEntry, ApprovalAbandonedEntry,
} from '../audit/index.js';
