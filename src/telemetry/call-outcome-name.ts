import type { RawToolResult } from '../lifecycle/tool-result.js';

/** How a call ended, as spans and metrics name it. */
export type CallOutcomeName = 'executed' | 'blocked' | 'held' | 'failed' | 'unknown' | 'not_submitted';

/**
 * Read from the result, never guessed: SUCCESS is executed (a policy objecting after submission
 * does not undo that), UNKNOWN or a status the kit does not know is unknown, a block before the action is blocked,
 * and a call held for approval (PENDING_APPROVAL: nothing sent yet, `kit.resume` may run it) is held, neither a block nor a failure.
 */
export function callOutcome(raw: RawToolResult): CallOutcomeName {
  if (raw.status === 'SUCCESS') return 'executed';
  if (raw.status === 'NOT_SUBMITTED') return 'not_submitted';
  if (raw.status === 'PENDING_APPROVAL') return 'held';
  // A status the kit does not know (a custom strategy's) cannot be read as a failure either.
  if (raw.status !== 'ERROR') return 'unknown';
  return raw.blockedBy ? 'blocked' : 'failed';
}
