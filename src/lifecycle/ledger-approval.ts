import type { NormalisedSchedulingParams } from './scheduled-transaction.js';
import type { ToolResult } from './tool-result.js';

/**
 * The lifecycle seam of an approval by the ledger itself (ApprovalPolicy `via: 'schedule'`): a
 * policy judging a call at postParamsNormalization may ask, through the call's record (call-record.ts,
 * on the event it judges), that its transaction go out inside a ScheduleCreate, so it executes only once the paying account's threshold key is
 * satisfied on the ledger. The policy does not change the params it judged (they are locked): the
 * kit reads this ask where it wraps scheduled calls (ToolCall.shouldSecondaryAction), and
 * postCoreAction's listeners then judge the ScheduleCreate, as for any scheduled call. A tool that
 * cannot schedule fails the call before anything is sent.
 *
 * Once the ScheduleCreate is built, the policy notes the approval request that follows the schedule;
 * the call's result then names it and says, in the words the LLM reads, that the call's own
 * transaction has not executed and waits for people's signatures. Both live on the call's record, so
 * an ask whose call a later policy blocks goes away with that call, and no other call (of this kit,
 * another kit or the other build) can read it.
 */
export interface LedgerApprovalAsk {
  /** The scheduling the ScheduleCreate gets (the call's own schedulingParams win when it asked for some). */
  readonly scheduling: NormalisedSchedulingParams;
}

export interface LedgerApprovalNote {
  readonly requestId: string;
  /** The sentence that replaces the tool's own account of a created schedule. */
  readonly sentence: (raw: ToolResult['raw']) => string;
}
