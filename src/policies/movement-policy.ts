import { z } from 'zod';
import { parseOptions } from '../errors/index.js';
import { isThenable } from '../lifecycle/policy-judge.js';
import type { PostParamsNormalizationParams, PreToolExecutionParams } from '../lifecycle/stage-events.js';
import type { HookStage } from '../lifecycle/stages.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import type { Movement } from '../values/movement.js';
import { movementsOfEvent } from './movements.js';
import { toolsOption } from './option-schemas.js';

const toolsOptions = z.object({ tools: toolsOption });

/**
 * The base of the value policies: they judge `params.movements` at postParamsNormalization, for
 * every tool unless told otherwise (a transaction tool without a movements view then stops the kit
 * at start: see checkValuePoliciesSeeMovements). A block is `true` with the reason kept for
 * `explainBlock`, as the Hedera Agent Kit expects; movements that cannot be read throw, which blocks.
 */
export abstract class MovementPolicy extends AbstractPolicy {
  override readonly readsMovements = true;
  override relevantTools: string[];
  /** Reasons of the blocks just decided, per event, so concurrent calls never mix them up. */
  private readonly reasons = new WeakMap<object, string>();

  /** `tools` is the `tools` field of the options in argument `argIndex`, which is where an error points. */
  protected constructor(owner: string, tools: unknown = ['*'], argIndex = 0) {
    super();
    this.relevantTools = [...parseOptions(owner, toolsOptions, { tools }, argIndex).tools];
  }

  /** Why the call must be refused, or undefined to allow it; a promise only when it must wait for something (a dollar cap's rate). */
  protected abstract judgeMovements(movements: readonly Movement[], method: string, params: PostParamsNormalizationParams): string | undefined | Promise<string | undefined>;

  protected override shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams, method: string): boolean | Promise<boolean> {
    const movements = movementsOfEvent(params, method);
    // A promise only inside the Hedera Agent Kit, while EVM aliases are resolved; else the verdict is given at once.
    if (isThenable(movements)) return Promise.resolve(movements).then((read) => this.verdict(read, params, method));
    return this.verdict(movements, params, method);
  }

  private verdict(movements: readonly Movement[] | undefined, params: PostParamsNormalizationParams, method: string): boolean | Promise<boolean> {
    if (movements === undefined) {
      throw new Error(
        `${method} has no movements view, so ${this.name} cannot tell what it moves; the call is refused. ` +
          'Give the tool a movements(normalisedParams) method, or mark it movesNoValue: true if it moves no value.',
      );
    }
    const reason = this.judgeMovements(movements, method, params);
    if (reason === undefined) return false;
    if (typeof reason !== 'string') return reason.then((later) => this.blocks(later, params));
    return this.blocks(reason, params);
  }

  private blocks(reason: string | undefined, params: PostParamsNormalizationParams): boolean {
    if (reason === undefined) return false;
    this.reasons.set(params, reason);
    return true;
  }

  override explainBlock(_stage: HookStage, params: PreToolExecutionParams): string | undefined {
    return this.reasons.get(params);
  }
}

// A built-in guard: a plugin cannot patch the value policies' checks after this package loaded.
Object.freeze(MovementPolicy.prototype);

/** `'0.0.5, 0.0.6 and 12 more'`: enough of a long list to recognise it. */
export function listed(items: readonly string[], shown = 10): string {
  if (items.length <= shown) return items.join(', ');
  return `${items.slice(0, shown).join(', ')} and ${items.length - shown} more`;
}
