import type { CallOutcome } from './call-outcome-shape.js';
import type { LifecycleStage } from './stages.js';

/**
 * One registered reaction to one stage. Hooks observe (their return value is ignored); policies
 * judge (see PolicyVerdict). Seed-style instances, decorated methods and plugin contributions are
 * all turned into these before they reach the index.
 */
export interface StageListener {
  readonly kind: 'hook' | 'policy';
  /** Shown in `blockedBy.policy`, warnings and errors. */
  readonly name: string;
  /** Policies only: quoted in the block error, as the Hedera Agent Kit quotes a policy's description. */
  readonly description?: string;
  readonly stage: LifecycleStage;
  /** Tool method names, or `'*'` for every tool. */
  readonly tools: readonly string[];
  /** Policies only: overrides the kit's time budget for this policy. */
  readonly timeoutMs?: number;
  /**
   * Policies only: judges what calls move (`event.movements`). The kit refuses to start when such a
   * policy covers a transaction tool that has no movements view and does not say it moves no value.
   */
  readonly readsMovements?: boolean;
  /**
   * Set by the kit for its own policies that never write what they judge (see
   * src/listeners/read-only-policies.ts): a call whose every listener says so, with nobody observing
   * the bus, is run without freezing or locking anything.
   */
  readonly neverWrites?: boolean;
  /**
   * Policies only: report mode (src/listeners/report-mode.ts). The policy is judged as any other,
   * but its block does not end the call: the runner logs, counts and audits it as a would-block.
   */
  readonly reportOnly?: true;
  invoke(event: any): unknown;
  /**
   * Policies only: told once how a call this policy judged ended, after postToolExecution or
   * toolError. Listeners of one policy share one function, so a policy judging at several stages is
   * settled once.
   */
  readonly settle?: (outcome: CallOutcome) => unknown;
}

/**
 * What a policy returns. `true` or `{ block: true }` blocks; anything else (false, undefined, …)
 * allows. Throwing or rejecting also blocks, with the error's message as the reason.
 */
export type PolicyVerdict = boolean | { block: boolean; reason?: string } | void | undefined | null;
