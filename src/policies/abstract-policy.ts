import { brandPrototype, ownKindOf } from '../compat/own-values.js';
import { AbstractHook } from '../hooks/abstract-hook.js';
import { PolicyBlockedError } from '../lifecycle/errors.js';
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
 * naming this policy; the hook methods below keep the seed's behaviour for code that calls them.
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
    await this.enforce('preToolExecution', await this.shouldBlockPreToolExecution(params, method), method);
  }

  override async postParamsNormalizationHook(params: PostParamsNormalizationParams, method: string): Promise<void> {
    await this.enforce('postParamsNormalization', await this.shouldBlockPostParamsNormalization(params, method), method);
  }

  override async postCoreActionHook(params: PostCoreActionParams, method: string): Promise<void> {
    await this.enforce('postCoreAction', await this.shouldBlockPostCoreAction(params, method), method);
  }

  override async postToolExecutionHook(params: PostSecondaryActionParams, method: string): Promise<void> {
    await this.enforce('postToolExecution', await this.shouldBlockPostSecondaryAction(params, method), method);
  }

  private async enforce(stage: HookStage, block: boolean, method: string): Promise<void> {
    if (block) throw new PolicyBlockedError(method, { policy: this.name, stage });
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
