import type { CallOutcome } from './call-outcome.js';
import { isAgentHooksError, messageOf } from '../errors/index.js';
import { settleFailedWarning, settleOvertimeWarning } from './human-messages.js';
import type { StageListener } from './stage-listener.js';
import { isThenable } from './thenable.js';
import { withinBudget } from './time-budget.js';

/*
 * Settling: the policies that judged a call are told how it ended. Apart from call-outcome.ts, which
 * stage-listener.ts needs for its type, so that no file cycle runs through the listener type.
 */

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
  const problem = await withinBudget<string | undefined>(settled, timeoutMs, () => settleOvertimeWarning(judge.name, timeoutMs));
  if (problem) warn(problem);
}

function settleFailed(judge: StageListener, error: unknown): string {
  return settleFailedWarning(judge.name, isAgentHooksError(error) ? error.code : undefined, messageOf(error));
}

/** Adds a policy to the call's judges once, however many of its stages judged it. */
export function noteJudge(judges: StageListener[], listener: StageListener): void {
  for (let at = 0; at < judges.length; at++) if (judges[at]!.settle === listener.settle) return;
  judges[judges.length] = listener;
}
