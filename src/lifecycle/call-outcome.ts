import type { LifecycleStep } from './stages.js';
import type { BlockedBy, ToolResult } from './tool-result.js';

import type { CallOutcome } from './call-outcome-shape.js';

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
  const later = failedAt === undefined && raw.status === 'SUCCESS' && raw.settlesLater === true;
  if (later) executed = 'unknown';
  else if (failedAt === undefined) {
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
    ...(later ? { settlesLater: true as const } : {}),
  });
}
