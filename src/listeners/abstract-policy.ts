import { brandPrototype, ownKindOf } from '../values/own-values.js';
import { AbstractHook } from './abstract-hook.js';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import { readVerdict } from '../lifecycle/policy-judge.js';
import type {
  PostCoreActionParams,
  PostParamsNormalizationParams,
  PostSecondaryActionParams,
  PreToolExecutionParams,
} from '../lifecycle/stage-events.js';
import type { HookStage } from '../lifecycle/stages.js';

/**
 * A seed-style policy: implement one or more `shouldBlock…` methods; return `true` to block, `false`
 * to allow, or throw your own error for a custom message (throwing blocks too). Do not override the
 * hook methods themselves: the kit refuses a policy that does, as its checks would be bypassed.
 *
 * The kit calls the `shouldBlock…` methods directly and turns a block into a structured result
 * naming this policy; the hook methods below keep the Hedera Agent Kit's behaviour for code that calls them, such
 * as the Hedera Agent Kit, which calls every policy for every tool: they skip tools not in
 * `relevantTools` and throw the kit's block error (`Action <tool> blocked by policy: <name> (<description>)`).
 *
 * Return `true` to block, as the Hedera Agent Kit expects; to say why, implement `explainBlock`,
 * which is asked only once a check has said "block".
 *
 * @example
 * class NoDeletesPolicy extends AbstractPolicy {
 *   name = 'No Deletes';
 *   relevantTools = ['delete_account_tool'];
 *   protected shouldBlockPreToolExecution() { return true; }
 * }
 */
export abstract class AbstractPolicy extends AbstractHook {
  /** Per-policy time budget in ms; the kit's default applies when unset. */
  timeoutMs?: number;

  /**
   * `true` for a value policy, one that judges what calls move (`params.movements`): the kit then
   * refuses to start when it covers a transaction tool that has no movements view and does not say
   * it moves no value (`movesNoValue`), since the policy could not see what that tool moves.
   */
  declare readonly readsMovements?: boolean;

  /** The reason for a block a `shouldBlock…` method just decided, for results, audit entries and logs. */
  explainBlock?(stage: HookStage, params: PreToolExecutionParams, method: string): string | undefined;

  /**
   * How a call this policy judged ended. The kit calls it once per call in which any of this
   * policy's `shouldBlock…` methods was asked (whatever it answered, even if it threw or ran over
   * its time budget), after postToolExecution or toolError, before the call returns. A stateful
   * policy reserves when it approves and settles here, matching on `outcome.callId` (the event's
   * `callId`): commit when `executed` is `true` or `'unknown'` (it may have gone out), release when
   * it is `false`. A throw, a rejection or running over `timeoutMs` becomes a warning on the result;
   * it never changes the result. The Hedera Agent Kit never calls it.
   *
   * @example
   * class OnePerMinute extends AbstractPolicy {
   *   relevantTools = ['transfer_hbar_tool'];
   *   private held?: string;
   *   protected shouldBlockPreToolExecution(params: PreToolExecutionParams) {
   *     if (this.held) return true;
   *     this.held = params.callId;
   *     return false;
   *   }
   *   settle(outcome: CallOutcome) {
   *     if (outcome.callId !== this.held) return;
   *     if (outcome.executed) setTimeout(() => (this.held = undefined), 60_000);
   *     else this.held = undefined;
   *   }
   * }
   */
  settle?(outcome: CallOutcome): void | Promise<void>;

  protected shouldBlockPreToolExecution(_params: PreToolExecutionParams, _method: string): boolean | Promise<boolean> {
    return false;
  }

  protected shouldBlockPostParamsNormalization(_params: PostParamsNormalizationParams, _method: string): boolean | Promise<boolean> {
    return false;
  }

  protected shouldBlockPostCoreAction(_params: PostCoreActionParams, _method: string): boolean | Promise<boolean> {
    return false;
  }

  protected shouldBlockPostSecondaryAction(_params: PostSecondaryActionParams, _method: string): boolean | Promise<boolean> {
    return false;
  }

  override async preToolExecutionHook(params: PreToolExecutionParams, method: string): Promise<void> {
    if (!this.appliesToMethod(method)) return;
    this.enforce('preToolExecution', await this.shouldBlockPreToolExecution(params, method), params, method);
  }

  override async postParamsNormalizationHook(params: PostParamsNormalizationParams, method: string): Promise<void> {
    if (!this.appliesToMethod(method)) return;
    this.enforce('postParamsNormalization', await this.shouldBlockPostParamsNormalization(params, method), params, method);
  }

  override async postCoreActionHook(params: PostCoreActionParams, method: string): Promise<void> {
    if (!this.appliesToMethod(method)) return;
    this.enforce('postCoreAction', await this.shouldBlockPostCoreAction(params, method), params, method);
  }

  override async postToolExecutionHook(params: PostSecondaryActionParams, method: string): Promise<void> {
    if (!this.appliesToMethod(method)) return;
    this.enforce('postToolExecution', await this.shouldBlockPostSecondaryAction(params, method), params, method);
  }

  private enforce(stage: HookStage, verdict: unknown, params: PreToolExecutionParams, method: string): void {
    const read = readVerdict(verdict);
    if (!read.block) return;
    const reason = read.reason ?? this.explainBlock?.(stage, params, method);
    throw new PolicyBlockedError(method, { policy: this.name, stage, ...(reason ? { reason } : {}) }, this.description);
  }
}

brandPrototype(AbstractPolicy.prototype, 'policy');

/** A policy instance built on AbstractPolicy, from either of this package's builds. */
export function isAbstractPolicy(value: unknown): value is AbstractPolicy {
  return typeof value === 'object' && ownKindOf(value) === 'policy';
}

/** `shouldBlock…` method name per stage, the single mapping the adapters use. */
export const POLICY_METHODS = {
  preToolExecution: 'shouldBlockPreToolExecution',
  postParamsNormalization: 'shouldBlockPostParamsNormalization',
  postCoreAction: 'shouldBlockPostCoreAction',
  postToolExecution: 'shouldBlockPostSecondaryAction',
} as const;
