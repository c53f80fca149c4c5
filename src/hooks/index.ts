/** `hedera-agent-hooks/hooks`: the hook base class and the built-in hooks. */
export { AbstractHook } from '../listeners/abstract-hook.js';
export { HcsAuditTrailHook } from './hcs-audit-trail-hook.js';
export { HolAuditTrailHook } from './hol-audit-trail-hook.js';
export type { HolAuditTrailOptions } from './hol-audit-trail-hook.js';
export { AuditTrailBase, AuditRefusal, DEFAULT_JOURNAL_DIR } from './audit-trail-base.js';
export type { AuditTrailOptions } from './audit-trail-base.js';
export { verifyAuditTopic } from '../audit/verify-audit-topic.js';
export type { AuditVerifyReport, VerifyAuditTopicOptions } from '../audit/verify-audit-topic.js';
export { readAuditMessages, bySeq, streamGaps } from '../audit/audit-trail-reader.js';
export type { FoundEntry, TopicMessageText } from '../audit/audit-trail-reader.js';
export type { BatchHeader } from '../audit/hcs-message-codec.js';
export {
  auditEntrySchema, scheduleOutcomeEntrySchema, anyAuditEntrySchema, isScheduleOutcomeEntry, callEntries, AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, AUDIT_OUTCOMES, SCHEDULE_OUTCOMES,
} from '../audit/audit-entry.js';
export type { AuditEntry, AuditOutcome, AnyAuditEntry, ScheduleOutcomeEntry, ScheduleOutcome } from '../audit/audit-entry.js';
export type { ScheduleWatchOptions } from '../audit/schedule-watch-options.js';
export type { AuditStatus, AuditParticipant, KitAudit } from '../audit/audit-participant.js';
