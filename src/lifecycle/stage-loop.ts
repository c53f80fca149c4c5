import { noteJudge } from './call-settlement.js';
import { PolicyBlockedError, messageOf } from './errors.js';
import { hookFailedWarning, observerFailedWarning } from './human-messages.js';
import { judge } from './policy-judge.js';
import type { StageListener } from './stage-listener.js';
import type { HookStage, LifecycleStage } from './stages.js';
import { isThenable } from './thenable.js';
import type { BlockedBy } from './tool-result.js';

/** What a stage's listeners run against: the call's judges, its time budget, where warnings go, the bus. */
export interface ListeningCall {
  readonly method: string;
  /** The policies that judged the call, to be settled once it ended. */
  readonly judges: StageListener[];
  readonly policyTimeoutMs: number;
  /** After the action: the first policy that objected (the others are not asked). */
  objection: BlockedBy | undefined;
  readonly bus: { readonly observed: boolean; emit(stage: LifecycleStage, event: never): unknown };
  warn(text: string): void;
}

/**
 * How one stage treats its listeners. Before the action ran, a hook's error or a policy's block
 * stops the call (tapable's bail: a policy's "no opinion" continues). Once it ran, nothing may turn
 * the result into an error: a failing hook or observer becomes a warning, and the first objection is
 * recorded beside the unchanged status. At toolError nothing is judged: every listener is told.
 */
export interface StageRules {
  readonly stage: LifecycleStage;
  readonly afterAction: boolean;
  readonly judges: boolean;
}

export const STAGE_RULES = Object.freeze({
  preToolExecution: Object.freeze({ stage: 'preToolExecution', afterAction: false, judges: true }),
  postParamsNormalization: Object.freeze({ stage: 'postParamsNormalization', afterAction: false, judges: true }),
  postCoreAction: Object.freeze({ stage: 'postCoreAction', afterAction: false, judges: true }),
  postToolExecution: Object.freeze({ stage: 'postToolExecution', afterAction: true, judges: true }),
  toolError: Object.freeze({ stage: 'toolError', afterAction: true, judges: false }),
} satisfies Record<LifecycleStage, StageRules>);

const NONE: readonly StageListener[] = Object.freeze([]);

/**
 * Runs one stage: its listeners in plan order, then its bus observers. `lock` runs once, right
 * before the listener at `lockAt` (the first policy) or after the last one, so no policy can change
 * what the others judge (-1: never). Returns nothing when every listener answered synchronously, so
 * a call pays for a promise only where a listener made one; fastify's hook runner, as one loop.
 */
export function runStage<E extends object, C extends ListeningCall>(
  rules: StageRules,
  listeners: readonly StageListener[] | null,
  event: E,
  call: C,
  lockAt = -1,
  lock?: (event: E, call: C) => void,
): PromiseLike<void> | undefined {
  return continueStage(rules, listeners ?? NONE, event, call, lockAt, lock, 0);
}

function continueStage<E extends object, C extends ListeningCall>(
  rules: StageRules,
  listeners: readonly StageListener[],
  event: E,
  call: C,
  lockAt: number,
  lock: ((event: E, call: C) => void) | undefined,
  from: number,
): PromiseLike<void> | undefined {
  const length = listeners.length;
  for (let at = from; at < length; at++) {
    if (at === lockAt) lock!(event, call);
    const pending = react(rules, listeners[at]!, event, call);
    if (pending) return finishStage(rules, listeners, event, call, lockAt, lock, at + 1, pending);
  }
  if (lockAt === length) lock!(event, call);
  publish(rules, event, call);
  return undefined;
}

/** The rest of a stage once a listener went asynchronous: one async frame, awaiting only promises. */
async function finishStage<E extends object, C extends ListeningCall>(
  rules: StageRules,
  listeners: readonly StageListener[],
  event: E,
  call: C,
  lockAt: number,
  lock: ((event: E, call: C) => void) | undefined,
  from: number,
  pending: PromiseLike<unknown>,
): Promise<void> {
  await pending;
  const length = listeners.length;
  for (let at = from; at < length; at++) {
    if (at === lockAt) lock!(event, call);
    const next = react(rules, listeners[at]!, event, call);
    if (next) await next;
  }
  if (lockAt === length) lock!(event, call);
  publish(rules, event, call);
}

/** One listener's reaction; a promise only when it answered asynchronously. */
function react(rules: StageRules, listener: StageListener, event: object, call: ListeningCall): PromiseLike<unknown> | undefined {
  if (listener.kind === 'policy' && rules.judges) {
    if (call.objection) return undefined;
    // Noted before it is asked: a policy that throws or runs over time may have reserved already.
    if (listener.settle) noteJudge(call.judges, listener);
    const blocked = judge(listener, rules.stage as HookStage, event, call.policyTimeoutMs);
    if (!isThenable(blocked)) {
      if (blocked) refuse(rules, listener, call, blocked);
      return undefined;
    }
    return blocked.then((verdict) => {
      if (verdict) refuse(rules, listener, call, verdict);
    });
  }
  if (!rules.afterAction) {
    const done = listener.invoke(event);
    return isThenable(done) ? done : undefined;
  }
  let done: unknown;
  try {
    done = listener.invoke(event);
  } catch (error) {
    call.warn(hookFailedWarning(rules.stage, listener.name, messageOf(error)));
    return undefined;
  }
  if (!isThenable(done)) return undefined;
  return Promise.resolve(done).then(undefined, (error: unknown) => call.warn(hookFailedWarning(rules.stage, listener.name, messageOf(error))));
}

function refuse(rules: StageRules, listener: StageListener, call: ListeningCall, blockedBy: BlockedBy): void {
  if (rules.afterAction) {
    call.objection = blockedBy;
    return;
  }
  throw new PolicyBlockedError(call.method, blockedBy, listener.description);
}

/** Observers see approved values; before the action one that throws fails the call like a hook. */
function publish(rules: StageRules, event: object, call: ListeningCall): void {
  if (!call.bus.observed) return;
  if (!rules.afterAction) {
    call.bus.emit(rules.stage, event as never);
    return;
  }
  try {
    call.bus.emit(rules.stage, event as never);
  } catch (error) {
    call.warn(observerFailedWarning(rules.stage, messageOf(error)));
  }
}
