import type { BlockedBy } from './tool-result.js';

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
  /**
   * Set when the tool's result says its outcome is known only later (`raw.settlesLater: true`: the
   * policy signer's decision to sign, whose transaction may reach consensus minutes later or never).
   * `executed` is then `'unknown'`, so a policy that knows nothing of it counts the call as executed;
   * a budget that can settle later (SpendLimitPolicy) keeps its reservation for whoever learns the outcome.
   */
  readonly settlesLater?: true;
}
