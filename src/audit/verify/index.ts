/** Checking a topic against its journal: every entry delivered once and unchanged, no gaps, every schedule followed up. */
export { verifyAuditTopic } from './verify-audit-topic.js';
export type { AuditVerifyReport, VerifyAuditTopicOptions } from './verify-audit-topic.js';
export { approvalQuorumCheck } from './approval-quorum-check.js';
export type { ApprovalTally } from './approval-quorum-check.js';
export { checkTopicAlone } from './topic-alone-check.js';
