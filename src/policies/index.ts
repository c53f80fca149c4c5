/** `hedera-agent-hooks/policies`: the policy base class, the built-in policies, composition and the movements view. */
export { AbstractPolicy } from './abstract-policy.js';
export { RejectToolPolicy } from './reject-tool-policy.js';
export { MaxRecipientsPolicy } from './max-recipients-policy.js';
export type { RecipientCounter } from './max-recipients-policy.js';
export { MaxTransferPolicy } from './max-transfer-policy.js';
export type { MaxTransferLimits, TokenCap } from './max-transfer-policy.js';
export { RecipientAllowlistPolicy, RecipientDenylistPolicy } from './recipient-list-policies.js';
export type { RecipientListOptions } from './recipient-list-policies.js';
export { TimeWindowPolicy } from './time-window-policy.js';
export type { TimeWindowOptions } from './time-window-policy.js';
export { ExpressionPolicy } from './expression-policy.js';
export type { ExpressionPolicyOptions } from './expression-policy.js';
export { CompositePolicy, allOf, anyOf, not } from './composition.js';
export { movementsOf, hasBuiltInMovementsView, CORE_TOOLS_MOVING_NO_VALUE } from './movements.js';
export { NEW_ACCOUNT, CURRENT_TREASURY, canonicalAccountId, canonicalTokenId } from './account-ids.js';
export type { Movement, MovementCall, MovementView } from './movement.js';
