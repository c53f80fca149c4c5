import type { RawToolResult } from '../lifecycle/tool-result.js';

/** How a call ended, as spans and metrics name it. */
export type CallOutcomeName = 'executed' | 'blocked' | 'failed' | 'unknown' | 'not_submitted';

/**
 * Read from the result, never guessed: SUCCESS is executed (a policy objecting after submission
 * does not undo that), UNKNOWN or a status the kit does not know is unknown, a block before the action is blocked.
 */
export function callOutcome(raw: RawToolResult): CallOutcomeName {
  if (raw.status === 'SUCCESS') return 'executed';
  if (raw.status === 'NOT_SUBMITTED') return 'not_submitted';
  // A status the kit does not know (a custom strategy's) cannot be read as a failure either.
  if (raw.status !== 'ERROR') return 'unknown';
  return raw.blockedBy ? 'blocked' : 'failed';
}
