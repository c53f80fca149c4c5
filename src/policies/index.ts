/** `hedera-agent-hooks/policies`: the policy base class and the built-in policies. */
export { AbstractPolicy } from './abstract-policy.js';
export { RejectToolPolicy } from './reject-tool-policy.js';
export { MaxRecipientsPolicy } from './max-recipients-policy.js';
export type { RecipientCounter } from './max-recipients-policy.js';
