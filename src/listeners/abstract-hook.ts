import { brandPrototype, ownKindOf } from '../values/own-values.js';
import type {
  PostCoreActionParams,
  PostParamsNormalizationParams,
  PostSecondaryActionParams,
  PreToolExecutionParams,
  ToolErrorParams,
} from '../lifecycle/stage-events.js';

/**
 * A seed-style hook: override any of the four stage methods (and, beyond the Hedera Agent Kit's four, `toolErrorHook`
 * to hear about blocked and failed calls). Only the methods a subclass overrides are registered, for
 * the tools in `relevantTools` (`'*'` for all).
 *
 * A hook that throws before the transaction is submitted fails the call; after submission its error
 * becomes a warning on the result.
 *
 * @example
 * class CountingHook extends AbstractHook {
 *   name = 'Counting Hook';
 *   description = 'Counts transfers';
 *   relevantTools = ['transfer_hbar_tool'];
 *   count = 0;
 *   async postToolExecutionHook() { this.count++; }
 * }
 */
export abstract class AbstractHook {
  name: string = this.constructor.name;
  description = '';
  relevantTools: string[] = [];

  /**
   * Whether this hook is for `method` (`'*'` in relevantTools means every tool). A kit only calls a
   * hook for its tools; the Hedera Agent Kit calls every hook for every tool and leaves the choice to
   * the hook, so the built-in hooks and policies ask this first, and a hook meant to run there should too.
   */
  protected appliesToMethod(method: string): boolean {
    const tools = this.relevantTools;
    return Array.isArray(tools) && (tools.includes('*') || tools.includes(method));
  }

  async preToolExecutionHook(_params: PreToolExecutionParams, _method: string): Promise<unknown> {
    return undefined;
  }

  async postParamsNormalizationHook(_params: PostParamsNormalizationParams, _method: string): Promise<unknown> {
    return undefined;
  }

  async postCoreActionHook(_params: PostCoreActionParams, _method: string): Promise<unknown> {
    return undefined;
  }

  async postToolExecutionHook(_params: PostSecondaryActionParams, _method: string): Promise<unknown> {
    return undefined;
  }

  /** Called when a stage throws or a policy blocks. Not in the Hedera Agent Kit. */
  async toolErrorHook(_params: ToolErrorParams, _method: string): Promise<unknown> {
    return undefined;
  }
}

brandPrototype(AbstractHook.prototype, 'hook');

/** A hook or policy instance built on AbstractHook, from either of this package's builds. */
export function isAbstractHook(value: unknown): value is AbstractHook {
  const kind = ownKindOf(value);
  return typeof value === 'object' && (kind === 'hook' || kind === 'policy');
}

/** Hook method name per stage, the single mapping the adapters use. */
export const HOOK_METHODS = {
  preToolExecution: 'preToolExecutionHook',
  postParamsNormalization: 'postParamsNormalizationHook',
  postCoreAction: 'postCoreActionHook',
  postToolExecution: 'postToolExecutionHook',
  toolError: 'toolErrorHook',
} as const;
