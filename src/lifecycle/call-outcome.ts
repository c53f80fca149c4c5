import type { LifecycleStep } from './stages.js';
import type { BlockedBy, ToolResult } from './tool-result.js';

/**
 * How a call a policy judged ended, as `settle` receives it. Stateful policies reserve when they
 * approve and settle here: commit when the call executed, release when it did not.
 *
 * `executed` is `true` when the call did what it asked (a transaction that reached consensus with
 * SUCCESS, bytes handed back in RETURN_BYTES mode, which the wallet may submit, a query answered),
 * `'unknown'` when it may have gone out (an UNKNOWN result, a failure while submitting: count it as
 * executed), `false` when nothing it asked for happened (blocked, failed before submission, refused
 * at precheck, or a ledger failure status: the network applied none of it).
 */
export interface CallOutcome {
  /** The `callId` every event of the call carried. */
  readonly callId: string;
  readonly method: string;
  readonly executed: boolean | 'unknown';
  /** `raw.status` of the result: `SUCCESS`, `ERROR`, `UNKNOWN`, `NOT_SUBMITTED`, … */
  readonly status: string;
  readonly transactionId?: string;
  /** The Hedera status or the kit's error code when the call did not succeed. */
  readonly errorCode?: string;
  readonly blockedBy?: BlockedBy;
}

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
