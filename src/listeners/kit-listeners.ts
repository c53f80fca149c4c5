import { checkedTimeout, checkedTools } from './seed-listeners.js';
import { HOOK_METHODS } from './abstract-hook.js';
import { bindTo } from '../lifecycle/primordials.js';
import type { StageListener } from '../lifecycle/stage-listener.js';
import { HOOK_STAGES, type HookStage } from '../lifecycle/stages.js';
import { POLICY_METHODS } from './abstract-policy.js';

type Methods = Record<string, unknown>;

/**
 * A hook or policy written for the Hedera Agent Kit (its own classes, or code following its docs):
 * an object with `relevantTools` and at least one of the four stage methods or the four
 * `shouldBlock…` methods, whatever class it extends.
 */
export function isSeedShapedListener(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const target = value as Methods;
  if (!('relevantTools' in target)) return false;
  return HOOK_STAGES.some((stage) => typeof target[HOOK_METHODS[stage]] === 'function' || typeof target[POLICY_METHODS[stage]] === 'function');
}

/**
 * The stage listeners of a seed-shaped hook or policy from outside this package. What counts as
 * "implemented" is measured against the class its base methods come from (the Hedera Agent Kit's
 * AbstractHook or AbstractPolicy), so inherited no-ops cost nothing.
 *
 * A policy's `shouldBlock…` methods are called directly and their verdicts read as this kit reads
 * any verdict. A policy that overrides a hook method itself is not refused (its code is not the
 * user's to change) but wrapped: that method runs as the policy's check, a throw or rejection
 * blocks, and a normal return allows, so nothing it does can let a call through that it meant to stop.
 */
export function listenersFromSeedShaped(instance: object): StageListener[] {
  const target = instance as Methods;
  const name = typeof target.name === 'string' && target.name ? target.name : instance.constructor?.name || 'anonymous hook';
  const tools = checkedTools(target.relevantTools, name);
  const timeoutMs = checkedTimeout(target.timeoutMs, name);
  const description = typeof target.description === 'string' ? target.description : undefined;
  const isPolicy = HOOK_STAGES.some((stage) => typeof target[POLICY_METHODS[stage]] === 'function');
  const listeners: StageListener[] = [];
  // Methods captured at registration and called without Function.prototype.call (see primordials).
  const call = (method: string) => {
    const fn = bindTo(target[method] as (...args: unknown[]) => unknown, instance);
    return (event: { method: string }) => fn(event, event.method);
  };

  if (isPolicy) {
    const base = baseDefining(instance, POLICY_METHODS.preToolExecution);
    for (const stage of HOOK_STAGES) {
      const hookMethod = HOOK_METHODS[stage];
      const judgeMethod = POLICY_METHODS[stage];
      if (implemented(target, hookMethod, base)) {
        listeners.push({ kind: 'policy', name, description, stage, tools, timeoutMs, invoke: wrappedHookCheck(call(hookMethod)) });
      } else if (implemented(target, judgeMethod, base)) {
        listeners.push({ kind: 'policy', name, description, stage, tools, timeoutMs, invoke: call(judgeMethod) });
      }
    }
    return listeners;
  }
  const base = baseDefining(instance, HOOK_METHODS.preToolExecution);
  for (const stage of HOOK_STAGES) {
    if (implemented(target, HOOK_METHODS[stage], base)) listeners.push({ kind: 'hook', name, stage: stage as HookStage, tools, invoke: call(HOOK_METHODS[stage]) });
  }
  if (implemented(target, HOOK_METHODS.toolError, baseDefining(instance, HOOK_METHODS.toolError))) {
    listeners.push({ kind: 'hook', name, stage: 'toolError', tools, invoke: call(HOOK_METHODS.toolError) });
  }
  return listeners;
}

/** A hook method run as a policy check: its return value is no verdict, only a throw blocks. */
function wrappedHookCheck(run: (event: { method: string }) => unknown): (event: { method: string }) => unknown {
  return (event) => {
    const done = run(event);
    if (done !== null && typeof done === 'object' && typeof (done as PromiseLike<unknown>).then === 'function') {
      return Promise.resolve(done).then(() => false);
    }
    return false;
  };
}

/**
 * The prototype furthest from the instance that defines `method`: the library base class whose
 * methods are the defaults. A plain object literal has none, and all its methods count.
 */
function baseDefining(instance: object, method: string): Methods | undefined {
  let found: Methods | undefined;
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    if (Object.hasOwn(proto, method)) found = proto as Methods;
  }
  return found;
}

function implemented(target: Methods, method: string, base: Methods | undefined): boolean {
  return typeof target[method] === 'function' && (!base || target[method] !== base[method]);
}
