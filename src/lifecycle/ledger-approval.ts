import type { NormalisedSchedulingParams } from './scheduled-transaction.js';
import type { ToolResult } from './tool-result.js';

/**
 * The lifecycle seam of an approval by the ledger itself (ApprovalPolicy `via: 'schedule'`): a
 * policy judging a call at postParamsNormalization may ask, by the call's ID, that its transaction go
 * out inside a ScheduleCreate, so it executes only once the paying account's threshold key is
 * satisfied on the ledger. The policy does not change the params it judged (they are locked): the
 * kit reads this ask where it wraps scheduled calls (ToolCall.shouldSecondaryAction), and
 * postCoreAction's listeners then judge the ScheduleCreate, as for any scheduled call. A tool that
 * cannot schedule fails the call before anything is sent.
 *
 * Once the ScheduleCreate is built, the policy notes the approval request that follows the schedule;
 * the call's result then names it and says, in the words the LLM reads, that the call's own
 * transaction has not executed and waits for people's signatures.
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

/** Bounded: an ask whose call failed before it was read is dropped with the oldest. */
const MAX_OPEN = 10_000;
const asks = new Map<string, LedgerApprovalAsk>();
const notes = new Map<string, LedgerApprovalNote>();

function remember<T>(map: Map<string, T>, callId: string, value: T): void {
  map.delete(callId);
  map.set(callId, value);
  if (map.size > MAX_OPEN) map.delete(map.keys().next().value!);
}

/** A policy asks that call `callId` go out as a scheduled transaction. */
export function askLedgerApproval(callId: string, ask: LedgerApprovalAsk): void {
  if (!callId) throw new Error('a ledger approval needs the call ID (a call a policy judges has one)');
  remember(asks, callId, ask);
}

/** The ask for call `callId`, taken once (the kit reads it where it wraps the transaction). */
export function takeLedgerApprovalAsk(callId: string): LedgerApprovalAsk | undefined {
  // Every call passes here: with no ledger approval open anywhere, one size check is the whole cost.
  if (asks.size === 0) return undefined;
  const ask = asks.get(callId);
  if (ask) asks.delete(callId);
  return ask;
}

/** The approval request that follows the schedule of call `callId`, for its result. */
export function noteLedgerApproval(callId: string, note: LedgerApprovalNote): void {
  remember(notes, callId, note);
}

/**
 * The result of call `callId` with its ledger approval told: `raw.approvalRequestId` and
 * `raw.awaitingApproval: true` when the ScheduleCreate succeeded, and the sentence that says the
 * call's transaction waits for the approvers. A result without a note is returned as it is.
 */
export function withLedgerApproval(callId: string, result: ToolResult): ToolResult {
  if (notes.size === 0) return result;
  const note = notes.get(callId);
  if (!note) return result;
  notes.delete(callId);
  const raw = { ...result.raw, approvalRequestId: note.requestId, ...(result.raw.status === 'SUCCESS' ? { awaitingApproval: true } : {}) };
  return { ...result, raw, humanMessage: note.sentence(raw) };
}
