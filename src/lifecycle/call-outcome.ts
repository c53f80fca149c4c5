import { isAgentHooksError, messageOf } from './errors.js';
import { isThenable } from './policy-judge.js';
import type { CallOutcome } from './call-outcome-shape.js';
import type { StageListener } from './stage-listener.js';
import { withinBudget } from './time-budget.js';
import type { LifecycleStep } from './stages.js';
import type { BlockedBy, ToolResult } from './tool-result.js';

export type { CallOutcome } from './call-outcome-shape.js';

/**
 * The outcome of a call from its result, and for a call that threw, the step it failed at. A
 * failure while submitting (or after) may have reached the network, so it is `'unknown'`, unless
 * the failure proved nothing was sent (`submitted: false`, e.g. no node reachable); so is a
 * status the kit does not know (a custom strategy's): an outcome that cannot be read must not give a
 * budget back.
 */
export function outcomeOf(callId: string, method: string, result: ToolResult, failedAt?: LifecycleStep): CallOutcome {
  const raw = result.raw;
  let executed: CallOutcome['executed'];
  if (failedAt === undefined) {
    executed = raw.status === 'SUCCESS' ? true : raw.status === 'ERROR' || raw.status === 'NOT_SUBMITTED' ? false : 'unknown';
  } else {
    // A failure while submitting may have gone out, unless the kit's result says it provably did not.
    executed = failedAt === 'postToolExecution' || (failedAt === 'secondaryAction' && raw.submitted !== false) ? 'unknown' : false;
  }
  return Object.freeze({
    callId,
    method,
    executed,
    status: raw.status,
    ...(typeof raw.transactionId === 'string' ? { transactionId: raw.transactionId } : {}),
    ...(typeof raw.errorCode === 'string' ? { errorCode: raw.errorCode } : {}),
    ...(raw.blockedBy ? { blockedBy: Object.freeze({ ...raw.blockedBy }) } : {}),
  });
}

/**
 * Tells each policy that judged the call how it ended, all at once, each within its time budget. A
 * throw, a rejection or overtime is a warning for `warn`; it never changes the result.
 */
export async function settleJudges(
  judges: readonly StageListener[],
  outcome: CallOutcome,
  defaultTimeoutMs: number,
  warn: (text: string) => void,
): Promise<void> {
  // Most calls have one or two stateful judges: settle them without building an array of promises.
  if (judges.length === 1) return settleOne(judges[0]!, outcome, judges[0]!.timeoutMs ?? defaultTimeoutMs, warn);
  await Promise.all(judges.map((judge) => settleOne(judge, outcome, judge.timeoutMs ?? defaultTimeoutMs, warn)));
}

async function settleOne(judge: StageListener, outcome: CallOutcome, timeoutMs: number, warn: (text: string) => void): Promise<void> {
  let done: unknown;
  try {
    done = judge.settle!(outcome);
  } catch (error) {
    warn(settleFailed(judge, error));
    return;
  }
  if (!isThenable(done)) return;
  const settled = Promise.resolve(done).then(
    () => undefined,
    (error: unknown) => settleFailed(judge, error),
  );
  const problem = await withinBudget<string | undefined>(settled, timeoutMs, () => `policy "${judge.name}" did not settle the call within its ${timeoutMs} ms time budget`);
  if (problem) warn(problem);
}

function settleFailed(judge: StageListener, error: unknown): string {
  const code = isAgentHooksError(error) ? ` (${error.code})` : '';
  return `policy "${judge.name}" failed to settle the call${code}: ${messageOf(error)}`;
}

/** Adds a policy to the call's judges once, however many of its stages judged it. */
export function noteJudge(judges: StageListener[], listener: StageListener): void {
  for (let at = 0; at < judges.length; at++) if (judges[at]!.settle === listener.settle) return;
  judges[judges.length] = listener;
}
