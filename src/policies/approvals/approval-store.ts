import type { ApprovalRecord, DecisionInput, DecisionOutcome } from './approval-record.js';

/** A request as it is first stored: the store sets state, decisions and version. */
export type NewApprovalRecord = Omit<ApprovalRecord, 'state' | 'decisions' | 'version' | 'execution' | 'note'>;

/** Every kind of change a store tells (see ApprovalChange); shared stores pass on only these from other processes. */
export const APPROVAL_CHANGE_KINDS = ['created', 'decided', 'lapsed', 'executing', 'released', 'executed', 'superseded', 'scheduled'] as const;
export type ApprovalChangeKind = (typeof APPROVAL_CHANGE_KINDS)[number];
/** How long a shared store keeps a record after it expires, so its outcome can still be read (a week). */
export const KEEP_AFTER_EXPIRY_MS = 7 * 86_400_000;

/**
 * One change of a record, told to subscribers: `created`, `decided` (a decision was added, whatever
 * the state became), `heartbeat` is not told (too frequent); `lapsed` (expired or abandoned, seen by
 * a read or a decision), `executing`, `released` (a claimed call sent nothing, so the request is approved
 * again), `executed`, `superseded`, `scheduled` (a request the ledger
 * approves learnt its schedule ID; its closing by the schedule's outcome is `executed` or `lapsed`).
 * `record` is the record after the change. Stable: the console and the audit trail build on it.
 */
export interface ApprovalChange {
  readonly kind: ApprovalChangeKind;
  readonly record: ApprovalRecord;
}

export type ApprovalListener = (change: ApprovalChange) => void;

/**
 * Told of a change this store object made itself, and awaited before that change's call resolves
 * (so an audit entry of it is durable first). Its failure is its own: report it, the change stands.
 */
export type ApprovalRecorder = (change: ApprovalChange) => void | Promise<void>;

/** What the ScheduleCreate of a request the ledger approves came back with. */
export interface ScheduleSent {
  readonly status: string;
  /** Why nothing was scheduled, when the call never went out (the request's note). */
  readonly reason?: string;
  readonly scheduleId?: string;
  readonly createTransactionId?: string;
  readonly scheduledTransactionId?: string;
}

/** How the ledger settled a request's schedule (the audit trail's scheduleOutcome). */
export interface ScheduleClosing {
  readonly scheduleId: string;
  readonly outcome: 'scheduleExecuted' | 'scheduleExpired' | 'scheduleDeleted';
  readonly status?: string;
  readonly consensusTimestamp?: string;
}

/** Why an execution claim was refused, or the record it now holds. */
export type ClaimOutcome = { readonly ok: true; readonly record: ApprovalRecord } | { readonly ok: false; readonly reason: string; readonly record?: ApprovalRecord };

/**
 * Where approval requests live. Every transition is atomic in the store (one critical section in
 * memory, a compare-and-set script on Redis), so two approvers, or two processes resuming one
 * request, never both win.
 *
 * @example
 * const store = new MemoryApprovalStore();
 * for (const request of await store.listPending()) console.log(request.id, request.summary);
 * await store.decide(id, { approver: 'alice', approve: true });
 */
export interface ApprovalStore {
  /** Whether other processes share these requests (Redis). */
  readonly shared: boolean;
  readonly description: string;
  create(record: NewApprovalRecord): Promise<ApprovalRecord>;
  /** The record, with lapsed states (expired, abandoned) read in; `undefined` when unknown. */
  get(id: string): Promise<ApprovalRecord | undefined>;
  /** Requests still pending, oldest first. */
  listPending(): Promise<ApprovalRecord[]>;
  /** Adds one decision (the quorum rule in approval-record.ts decides the state). */
  decide(id: string, decision: DecisionInput): Promise<DecisionOutcome>;
  /** The waiting process is alive: keeps an in-call request from showing as abandoned. */
  heartbeat(id: string): Promise<void>;
  /** Marks a pending request lapsed (the waiting process gave up: timed out). */
  expire(id: string, note: string): Promise<void>;
  /** Takes an approved request for execution: approved → executing, once across every process. */
  claimExecution(id: string, by: string): Promise<ClaimOutcome>;
  /**
   * executing → approved when the claimed call sent nothing (blocked, paused, failed before submission),
   * so the approval stays usable; with `close`, → expired with that note (an in-call request whose call is over).
   */
  releaseExecution(id: string, close?: string): Promise<ClaimOutcome>;
  /** executing → executed with what happened, or → expired when a rebuilt request replaced it. */
  finishExecution(id: string, outcome: { status?: string; transactionId?: string; supersededBy?: string; supersededBecause?: string }): Promise<void>;
  /** Requests the ledger approves still waiting for their schedule's outcome, oldest first (optional for other stores; the console lists them). */
  listScheduled?(): Promise<ApprovalRecord[]>;
  /** A request the ledger approves: records its ScheduleCreate's answer (optional for other stores; ApprovalPolicy via: 'schedule' needs it). */
  recordSchedule?(id: string, sent: ScheduleSent): Promise<ClaimOutcome>;
  /** A request the ledger approves: closes it by its schedule's outcome (optional for other stores). */
  closeSchedule?(id: string, closing: ScheduleClosing): Promise<ClaimOutcome>;
  /** Told of every change this store makes, and on Redis of other processes' too. Returns the unsubscribe. */
  subscribe(listener: ApprovalListener): () => void;
  /**
   * Adds a recorder of the changes made through this object only (not other processes' over a
   * shared store), awaited before each change resolves: the kit's audit trail records each
   * transition once, in the process that made it. Returns the removal. Optional for other stores.
   */
  recordOwnChanges?(recorder: ApprovalRecorder): () => void;
  /** Resolves once subscribers hear every later change (Redis: the channel is subscribed); absent when at once. */
  subscribed?(): Promise<void>;
  close(): Promise<void>;
}

/** A store lent to a policy: the policy gives it back when the kit closes it (see ApprovalStoreLender). */
export interface ApprovalStoreLoan {
  giveBack(): Promise<void>;
}
