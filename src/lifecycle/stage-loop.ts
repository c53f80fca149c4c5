import { noteJudge } from './call-settlement.js';
import { messageOf } from '../errors/index.js';
import { PolicyBlockedError } from './policy-blocked-error.js';
import { hookFailedWarning, observerFailedWarning } from './human-messages.js';
import { judge } from './policy-judge.js';
import type { StageListener } from './stage-listener.js';
import type { HookStage, LifecycleStage } from './stages.js';
import { isThenable } from './thenable.js';
import type { BlockedBy } from './tool-result.js';

const NONE: readonly StageListener[] = Object.freeze([]);

/** What a stage's listeners run against: the call's judges, its time budget, where warnings go, the bus. */
export interface ListeningCall {
  readonly method: string;
  /** The policies that judged the call, to be settled once it ended. */
  readonly judges: StageListener[];
  readonly policyTimeoutMs: number;
  /** After the action: the first policy that objected (the others are not asked). */
  objection: BlockedBy | undefined;
  readonly bus: { readonly observed: boolean; emit(stage: LifecycleStage, event: never): unknown };
  /** Where the stage that is waiting for a listener's promise goes on (set by runStage, made once per call). */
  cursor: StageCursor | undefined;
  warn(text: string): void;
  /** A policy in report mode would have blocked the call, which goes on (see refuse). */
  wouldHaveBlocked(blockedBy: BlockedBy): void;
}

type Lock = (event: never, call: never) => void;

/**
 * A stage that stopped at a listener's promise: what it runs and where it goes on. Kept on the call
 * and reused by its later stages, so waiting costs neither a closure nor an async frame.
 */
export class StageCursor {
  rules: StageRules = STAGE_RULES.preToolExecution;
  listeners: readonly StageListener[] = NONE;
  event: object = NONE;
  lockAt = -1;
  lock: Lock | undefined = undefined;
  /** The next listener to run; the one awaited is just before it. */
  at = 0;
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

/**
 * Runs one stage: its listeners in plan order, then its bus observers. `lock` runs once, right
 * before the listener at `lockAt` (the first policy) or after the last one, so no policy can change
 * what the others judge (-1: never). fastify's hook runner, as one loop.
 *
 * Returns nothing when every listener answered synchronously, so a call pays for a promise only
 * where a listener made one. Otherwise it returns that listener's own promise and leaves a cursor on
 * the call; the caller awaits the promise and hands its value to `resumeStage` (or its rejection to
 * `resumeRejected`) until neither returns one: the waiting stays in the caller's frame, as in a
 * hand-written loop, instead of costing an async function and its promise per stage.
 */
export function runStage<E extends object, C extends ListeningCall>(
  rules: StageRules,
  listeners: readonly StageListener[] | null,
  event: E,
  call: C,
  lockAt = -1,
  lock?: (event: E, call: C) => void,
): PromiseLike<unknown> | undefined {
  if (listeners === null) {
    if (lockAt === 0) lock!(event, call);
    publish(rules, event, call);
    return undefined;
  }
  const cursor = (call.cursor ??= new StageCursor());
  cursor.rules = rules;
  cursor.listeners = listeners;
  cursor.event = event;
  cursor.lockAt = lockAt;
  cursor.lock = lock as Lock | undefined;
  cursor.at = 0;
  return continueStage(cursor, call);
}

/**
 * Goes on with the waiting stage once the awaited listener answered `answer`: a policy's verdict
 * is read (before the action a block throws), a hook's value is ignored. The next promise, if any.
 */
export function resumeStage(call: ListeningCall, answer: unknown): PromiseLike<unknown> | undefined {
  const cursor = call.cursor!;
  if (answer) readAnswer(cursor, call, answer);
  return continueStage(cursor, call);
}

function readAnswer(cursor: StageCursor, call: ListeningCall, answer: unknown): void {
  const { rules } = cursor;
  const awaited = cursor.listeners[cursor.at - 1]!;
  if (awaited.kind === 'policy' && rules.judges) refuse(rules, awaited, call, answer as BlockedBy);
}

/**
 * Goes on with the waiting stage once the awaited listener's promise rejected. Before the action
 * the call fails with that error; after it, a hook's failure is a warning and the stage goes on.
 * (Verdict promises never reject: judge() turns a rejection into a block.)
 */
export function resumeRejected(call: ListeningCall, error: unknown): PromiseLike<unknown> | undefined {
  const cursor = call.cursor!;
  if (!cursor.rules.afterAction) throw error;
  call.warn(hookFailedWarning(cursor.rules.stage, cursor.listeners[cursor.at - 1]!.name, messageOf(error)));
  return continueStage(cursor, call);
}

/** Waits a stage out where speed matters less (toolError, tests): the loop a caller writes itself. */
export async function finishStage(call: ListeningCall, pending: PromiseLike<unknown> | undefined): Promise<void> {
  while (pending) {
    try {
      pending = resumeStage(call, await pending);
    } catch (error) {
      pending = resumeRejected(call, error);
    }
  }
}

/** The one stage loop: from the cursor's listener on, until one answers with a promise or the stage ends. */
function continueStage(cursor: StageCursor, call: ListeningCall): PromiseLike<unknown> | undefined {
  const { rules, listeners, event, lockAt } = cursor;
  const length = listeners.length;
  // A hook before the action, the common listener, is called right here: its answer is only waited for.
  const hooksOnlyWaited = !rules.afterAction;
  for (let at = cursor.at; at < length; at++) {
    if (at === lockAt) cursor.lock!(event as never, call as never);
    const listener = listeners[at]!;
    const pending = hooksOnlyWaited && listener.kind === 'hook' ? promiseOf(listener.invoke(event)) : react(rules, listener, event, call);
    if (pending) {
      cursor.at = at + 1;
      return pending;
    }
  }
  if (lockAt === length) cursor.lock!(event as never, call as never);
  publish(rules, event, call);
  return undefined;
}

function promiseOf(answer: unknown): PromiseLike<unknown> | undefined {
  return isThenable(answer) ? answer : undefined;
}

/**
 * One listener's reaction; its own promise only when it answered asynchronously (a policy's: its
 * verdict, which resumeStage reads). Kept this small so the loops inline it: a hook before the
 * action, the common case, costs its call and a thenable check; the rest goes to the two below.
 */
function react(rules: StageRules, listener: StageListener, event: object, call: ListeningCall): PromiseLike<unknown> | undefined {
  if (listener.kind === 'policy' && rules.judges) return askPolicy(rules, listener, event, call);
  if (rules.afterAction) return tellAfterAction(rules, listener, event, call);
  const done = listener.invoke(event);
  return isThenable(done) ? done : undefined;
}

function askPolicy(rules: StageRules, listener: StageListener, event: object, call: ListeningCall): PromiseLike<unknown> | undefined {
  if (call.objection) return undefined;
  // Noted before it is asked: a policy that throws or runs over time may have reserved already.
  if (listener.settle) noteJudge(call.judges, listener);
  const blocked = judge(listener, rules.stage as HookStage, event, call.policyTimeoutMs);
  if (!isThenable(blocked)) {
    if (blocked) refuse(rules, listener, call, blocked);
    return undefined;
  }
  return blocked;
}

/** After the action a hook that throws is a warning: the call's outcome stands. */
function tellAfterAction(rules: StageRules, listener: StageListener, event: object, call: ListeningCall): PromiseLike<unknown> | undefined {
  let done: unknown;
  try {
    done = listener.invoke(event);
  } catch (error) {
    call.warn(hookFailedWarning(rules.stage, listener.name, messageOf(error)));
    return undefined;
  }
  return isThenable(done) ? done : undefined;
}

/**
 * A policy's block: before the action it ends the call, after it it is the call's objection. A
 * policy in report mode only reports it, and the call goes on; read here, on the block path, so
 * calls no policy blocks pay nothing for report mode. A block that holds the call for approval is
 * enforced whatever the mode: the request it opened would otherwise run the call a second time.
 */
function refuse(rules: StageRules, listener: StageListener, call: ListeningCall, blockedBy: BlockedBy): void {
  if (listener.reportOnly === true && blockedBy.pendingApprovalId === undefined) {
    call.wouldHaveBlocked(blockedBy);
    return;
  }
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
