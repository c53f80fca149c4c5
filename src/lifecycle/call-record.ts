import type { CallFacts } from './call-options.js';
import type { LedgerApprovalAsk, LedgerApprovalNote } from './ledger-approval.js';
import type { ToolResult } from './tool-result.js';
import type { WouldBlock } from './would-blocks.js';

/**
 * Where an event keeps its call's CallRecord. A registered symbol (`Symbol.for`), so the CommonJS and
 * the ES-module builds of this package, and any second copy of this file a loader makes, name the same
 * key: an audit hook of one build reads the record of a call run by a kit of the other. JSON and
 * `Object.keys` skip it; `{ ...event }` keeps it, so a copy of an event still names its call.
 */
export const CALL_RECORD: unique symbol = Symbol.for('hedera-agent-hooks.callRecord');

/**
 * What one call's listeners told each other and the kit. The runner holds it (ToolCall) and hands
 * listeners only its CallRecord, so no listener can write would-blocks or take an ask; nothing here
 * lives at module level, so two kits, two builds or two copies of this file share none of it.
 */
export interface CallState {
  wouldBlocks: WouldBlock[] | undefined;
  approvalRequestId: string | undefined;
  ledgerAsk: LedgerApprovalAsk | undefined;
  asksTaken: boolean;
  ledgerNote: LedgerApprovalNote | undefined;
  auditEntries: string[] | undefined;
  /** The application's per-call options the listeners may read (`kit.execute(…, { idempotencyKey, toolCallId })`). */
  readonly facts: CallFacts | undefined;
}

/** A new call's state and the record its events carry, which writes only what listeners may. */
export function newCallRecord(facts?: CallFacts): { readonly state: CallState; readonly record: CallRecord } {
  const state: CallState = { wouldBlocks: undefined, approvalRequestId: undefined, ledgerAsk: undefined, asksTaken: false, ledgerNote: undefined, auditEntries: undefined, facts };
  return { state, record: new CallRecord(state) };
}

/**
 * What a call's listeners see of its state, on the events of postParamsNormalization,
 * postCoreAction, postToolExecution and toolError (read it with {@link callRecordOf}): kept on the
 * call instead of in a map keyed by call ID, so two kits in one process (or two builds of this
 * package) share nothing, and it goes away with its call.
 *
 * It never holds what executes: the params and the transaction stay locked on the events. A policy
 * may only ask for more care (an approval by the ledger, which sends the call inside a ScheduleCreate
 * that postCoreAction's policies then judge) or say which approval let the call through.
 *
 * Read by other builds through its getters and methods only, so their names are a contract.
 */
export class CallRecord {
  readonly #state: CallState;

  constructor(state: CallState) {
    this.#state = state;
    Object.freeze(this);
  }

  /** What policies in report mode would have blocked in this call so far (a copy; undefined: nothing). */
  get wouldBlock(): readonly WouldBlock[] | undefined {
    const wouldBlocks = this.#state.wouldBlocks;
    return wouldBlocks && Object.freeze(wouldBlocks.map((each) => Object.freeze({ ...each })));
  }

  /**
   * The application's idempotency key for this call (`kit.execute(…, { idempotencyKey })`), if it gave
   * one: DuplicateIntentPolicy keys intents on it. Never from the tool's params, which the model writes.
   */
  get idempotencyKey(): string | undefined {
    return this.#state.facts?.idempotencyKey;
  }

  /** The model's ID for this tool call, when an adapter (or the application) gave it: on the audit entry and the span. */
  get toolCallId(): string | undefined {
    return this.#state.facts?.toolCallId;
  }

  /** The approval request that let this call run, if one did (the audit hooks put it on the call's entry). */
  get approvalRequestId(): string | undefined {
    return this.#state.approvalRequestId;
  }

  /** An approval policy notes the request whose quorum let this call through (the last one noted is kept). */
  noteApprovedBy(requestId: string): void {
    if (typeof requestId !== 'string' || requestId === '') throw new TypeError(`noteApprovedBy(requestId): expected the approval request's ID, a non-empty string, got ${JSON.stringify(requestId)}`);
    this.#state.approvalRequestId = requestId;
  }

  /**
   * A policy asks that this call's transaction go out inside a ScheduleCreate (an approval by the
   * ledger, ledger-approval.ts). Asked once the transaction was built, it would be ignored and the
   * call would go out as it is, so that throws (the policy then blocks: fail closed).
   */
  askLedgerApproval(ask: LedgerApprovalAsk): void {
    if (this.#state.asksTaken) throw new Error('a ledger approval was asked after the call built its transaction; ask at postParamsNormalization');
    this.#state.ledgerAsk = ask;
  }

  /** The approval request that follows this call's schedule, for its result. */
  noteLedgerApproval(note: LedgerApprovalNote): void {
    this.#state.ledgerNote = note;
  }

  /** An audit hook journaled this call's entry `entryId` (the kit's telemetry names it on the call's span). */
  noteAuditEntry(entryId: string): void {
    if (typeof entryId === 'string' && entryId !== '') (this.#state.auditEntries ??= []).push(entryId);
  }
}

Object.freeze(CallRecord.prototype);

/** The runner, where it wraps scheduled calls: the ledger approval asked for this call, taken once; later asks throw. */
export function takeLedgerApprovalAsk(state: CallState): LedgerApprovalAsk | undefined {
  state.asksTaken = true;
  const ask = state.ledgerAsk;
  state.ledgerAsk = undefined;
  return ask;
}

/**
 * The runner: the call's result with its ledger approval told (`raw.approvalRequestId`, and
 * `raw.awaitingApproval: true` when the ScheduleCreate succeeded) and the sentence saying the call's
 * transaction waits for the approvers. A call without a note keeps its result.
 */
export function withLedgerApproval(state: CallState, result: ToolResult): ToolResult {
  const note = state.ledgerNote;
  state.ledgerNote = undefined;
  if (!note) return result;
  const raw = { ...result.raw, approvalRequestId: note.requestId, ...(result.raw.status === 'SUCCESS' ? { awaitingApproval: true } : {}) };
  return { ...result, raw, humanMessage: note.sentence(raw) };
}

/** What a reader of another build needs of a record; checked by shape (never instanceof). */
export interface CallRecordView {
  readonly wouldBlock: readonly WouldBlock[] | undefined;
  /** Undefined on a record of an older build, which had no per-call options. */
  readonly idempotencyKey?: string | undefined;
  readonly toolCallId?: string | undefined;
  readonly approvalRequestId: string | undefined;
  noteApprovedBy(requestId: string): void;
  askLedgerApproval(ask: LedgerApprovalAsk): void;
  noteLedgerApproval(note: LedgerApprovalNote): void;
  noteAuditEntry(entryId: string): void;
}

/**
 * The record of the call an event belongs to, whichever build made it; undefined for an event the
 * Hedera Agent Kit made (its calls have no record) or for anything else.
 */
export function callRecordOf(event: unknown): CallRecordView | undefined {
  if (event === null || typeof event !== 'object') return undefined;
  const record = (event as { [CALL_RECORD]?: unknown })[CALL_RECORD];
  if (record === null || typeof record !== 'object') return undefined;
  const view = record as Partial<CallRecordView>;
  return typeof view.noteApprovedBy === 'function' && typeof view.askLedgerApproval === 'function' && typeof view.noteLedgerApproval === 'function' && typeof view.noteAuditEntry === 'function' ? (view as CallRecordView) : undefined;
}
