/** `hedera-agent-hooks/policies`: the policy base class and the built-in policies. */
export { AbstractPolicy } from './abstract-policy.js';
export { RejectToolPolicy } from './reject-tool-policy.js';
export { MaxRecipientsPolicy } from './max-recipients-policy.js';
export type { RecipientCounter } from './max-recipients-policy.js';
export { ApprovalPolicy, DEFAULT_APPROVAL_TIMEOUT_MS } from './approval-policy.js';
export type { ApprovalPolicyOptions } from './approval-policy.js';
export type { ApprovalCondition, ApprovalConditionEvent, ApprovalThreshold } from './approval-condition.js';
export { callbackApprover } from './approvers/callback-approver.js';
export { terminalApprover, type TerminalApproverOptions } from './approvers/terminal-approver.js';
export { mcpElicitationApprover } from './approvers/mcp-elicitation-approver.js';
export { APPROVER_NAMES } from './approvers/approver.js';
export type { ApprovalAnswer, ApprovalCallback, ApprovalRequest, Approver, ApproverName } from './approvers/approver.js';
