import { AgentHooksError, ErrorCode } from '../errors/index.js';
import type { StageListener } from '../lifecycle/stage-listener.js';
import { isThenable } from '../lifecycle/policy-judge.js';
import { bindTo, callWith } from '../lifecycle/primordials.js';
import { HOOK_STAGES, LIFECYCLE_STAGES, type HookStage } from '../lifecycle/stages.js';
import { brandedBaseOf } from '../values/own-values.js';
import { AbstractPolicy, POLICY_METHODS, isAbstractPolicy } from './abstract-policy.js';
import { isReadOnlyPolicy } from './read-only-policies.js';
import { AbstractHook, HOOK_METHODS } from './abstract-hook.js';

/**
 * Turns a seed-style hook or policy instance into stage listeners. Only overridden methods become
 * listeners, so a hook that implements one stage costs nothing at the other three.
 */
export function listenersFromSeedInstance(instance: AbstractHook): StageListener[] {
  const name = typeof instance.name === 'string' && instance.name ? instance.name : instance.constructor.name;
  const tools = checkedTools(instance.relevantTools, name);
  const listeners: StageListener[] = [];
  const target = instance as unknown as Record<string, (...args: unknown[]) => unknown>;
  const isPolicy = isAbstractPolicy(instance);
  // "Overridden" is measured against the base class of the build that made the instance: a hook
  // from the CommonJS build met by an ES-module kit inherits the other copy's no-op methods.
  const base = (brandedBaseOf(instance) ?? (isPolicy ? AbstractPolicy.prototype : AbstractHook.prototype)) as unknown as typeof target;

  if (isPolicy) {
    const neverWrites = isReadOnlyPolicy(instance);
    // One function for all of the policy's stages, so the runner settles each call once.
    const settleMethod = (instance as AbstractPolicy).settle;
    const settle = typeof settleMethod === 'function' ? bindTo(settleMethod as (outcome: unknown) => unknown, instance) : undefined;
    for (const stage of HOOK_STAGES) {
      const hookMethod = HOOK_METHODS[stage];
      if (target[hookMethod] !== base[hookMethod]) {
        throw new AgentHooksError(
          ErrorCode.INVALID_LISTENER,
          `Policy "${name}" overrides ${hookMethod}; a policy implements ${POLICY_METHODS[stage]} instead, so its verdict cannot be bypassed.`,
        );
      }
      const judge = POLICY_METHODS[stage];
      if (target[judge] !== base[judge]) {
        // Captured now and called with the load-time Function.prototype.call: a later patch cannot swap the check.
        const check = callerOf(target[judge]!, instance);
        listeners.push({
          kind: 'policy',
          name,
          description: typeof instance.description === 'string' ? instance.description : undefined,
          stage,
          tools,
          timeoutMs: checkedTimeout(instance.timeoutMs, name),
          ...(instance.readsMovements === true ? { readsMovements: true } : {}),
          ...(neverWrites ? { neverWrites: true } : {}),
          invoke: instance.explainBlock ? explained(instance, stage, check) : check,
          ...(settle ? { settle } : {}),
        });
      }
    }
  } else {
    for (const stage of HOOK_STAGES) addHookIfOverridden(listeners, stage, target, base, instance, name, tools);
  }
  addHookIfOverridden(listeners, 'toolError', target, base, instance, name, tools);
  return listeners;
}

/** Adds a listener for `stage` when the instance overrides that stage's hook method. */
function addHookIfOverridden(
  listeners: StageListener[],
  stage: (typeof LIFECYCLE_STAGES)[number],
  target: Record<string, (...args: unknown[]) => unknown>,
  base: Record<string, (...args: unknown[]) => unknown>,
  instance: AbstractHook,
  name: string,
  tools: readonly string[],
): void {
  const method = HOOK_METHODS[stage];
  if (target[method] === base[method]) return;
  listeners.push(new HookListener(name, stage, tools, target[method]!, instance));
}

/**
 * A hook's listener for one stage: calls `method(event, event.method)` on the instance, the method
 * captured now. A class, with `invoke` on its frozen prototype, not an object literal with a
 * closure: a shared list of a thousand hooks makes four thousand of these at start and the kit
 * keeps them all, so each object counts; and V8 allocates an object literal's later copies
 * straight in the old generation once most of them survive (allocation-site pretenuring), which
 * made creating such a kit three times slower.
 */
class HookListener implements StageListener {
  readonly kind = 'hook' as const;
  constructor(
    readonly name: string,
    readonly stage: (typeof LIFECYCLE_STAGES)[number],
    readonly tools: readonly string[],
    private readonly method: (...args: unknown[]) => unknown,
    private readonly instance: object,
  ) {}

  invoke(event: { method: string }): unknown {
    return callWith(this.method, this.instance, event, event.method);
  }
}
Object.freeze(HookListener.prototype);

/** A policy listener's `invoke`: `method(event, event.method)` on the instance, the method captured now. */
function callerOf(method: (...args: unknown[]) => unknown, instance: object): (event: { method: string }) => unknown {
  return (event) => callWith(method, instance, event, event.method);
}

/** A policy's check whose plain `true` gains the reason its explainBlock gives, asked only on a block. */
function explained(policy: AbstractPolicy, stage: HookStage, check: (event: { method: string }) => unknown): (event: { method: string }) => unknown {
  const withReason = (verdict: unknown, event: { method: string }): unknown => {
    if (verdict !== true) return verdict;
    const reason = policy.explainBlock!(stage, event as never, event.method);
    return reason ? { block: true, reason } : true;
  };
  return (event) => {
    const verdict = check(event);
    return isThenable(verdict) ? Promise.resolve(verdict).then((value) => withReason(value, event)) : withReason(verdict, event);
  };
}

/** relevantTools must be a list of tool names; a typo'd shape would otherwise silently guard nothing. */
export function checkedTools(tools: unknown, owner: string): readonly string[] {
  if (!Array.isArray(tools) || tools.some((tool) => typeof tool !== 'string' || tool.length === 0)) {
    throw new AgentHooksError(
      ErrorCode.INVALID_LISTENER,
      `"${owner}" has invalid relevantTools: expected an array of tool names (or '*'), got ${JSON.stringify(tools)}.`,
    );
  }
  return Object.freeze([...tools]);
}

/** The longest delay setTimeout honours; a longer one would fire after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A policy's own time budget: unset, or a positive number of ms a timer can keep. */
export function checkedTimeout(timeoutMs: unknown, owner: string): number | undefined {
  if (timeoutMs === undefined) return undefined;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMER_MS) {
    throw new AgentHooksError(ErrorCode.INVALID_LISTENER, `"${owner}" has timeoutMs ${String(timeoutMs)}; a policy's time budget is a positive number of milliseconds up to ${MAX_TIMER_MS}.`);
  }
  return timeoutMs;
}
