/** `hedera-agent-hooks/policies`: the policy base class and the built-in policies. */
export { AbstractPolicy } from './abstract-policy.js';
export { RejectToolPolicy } from './reject-tool-policy.js';
export { MaxRecipientsPolicy } from './max-recipients-policy.js';
export type { RecipientCounter } from './max-recipients-policy.js';
export { SpendLimitPolicy, type SpendLimitOptions } from './spend-limit-policy.js';
export { RateLimitPolicy, type RateLimitOptions } from './rate-limit-policy.js';
export { MemoryPolicyStore } from './state/memory-store.js';
export { RedisPolicyStore, type RedisPolicyStoreOptions } from './state/redis-store.js';
export type { BudgetLine, BudgetUsage, PolicyStore, Reservation, WindowCount, WindowCounter } from './state/policy-store.js';
export type { StoreSpec } from './state/store-spec.js';
export type { CallOutcome } from '../lifecycle/call-outcome.js';
