/**
 * The stages a tool call passes through. Four are hookable (the Hedera Agent Kit's), `toolError` fires when any
 * stage throws or a policy blocks, and the remaining three are the tool's own steps.
 */
export const HOOK_STAGES = [
  'preToolExecution',
  'postParamsNormalization',
  'postCoreAction',
  'postToolExecution',
] as const;

/** A stage that hooks and policies can listen to. */
export type HookStage = (typeof HOOK_STAGES)[number];

/** Every stage that publishes an event: the four hook stages plus the failure stage. */
export const LIFECYCLE_STAGES = [...HOOK_STAGES, 'toolError'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** The seven steps of the lifecycle, in order; `toolError` events say which one was reached. */
export const LIFECYCLE_STEPS = [
  'preToolExecution',
  'normalizeParams',
  'postParamsNormalization',
  'coreAction',
  'postCoreAction',
  'secondaryAction',
  'postToolExecution',
] as const;
export type LifecycleStep = (typeof LIFECYCLE_STEPS)[number];

/** `'*'` in a listener's tool list means every tool. */
export const ALL_TOOLS = '*';

const hookStages: ReadonlySet<string> = new Set(HOOK_STAGES);
const lifecycleStages: ReadonlySet<string> = new Set(LIFECYCLE_STAGES);

export function isHookStage(value: unknown): value is HookStage {
  return typeof value === 'string' && hookStages.has(value);
}

export function isLifecycleStage(value: unknown): value is LifecycleStage {
  return typeof value === 'string' && lifecycleStages.has(value);
}
