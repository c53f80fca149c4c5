import type { Principal } from '../../lifecycle/call-options.js';
import type { HookStage } from '../../lifecycle/stages.js';
import { checkApprovalSignature, publicKeyIdentity } from './approver-signature.js';
import { approvalRequestDigest } from './request-digest.js';
import type { ScheduledBody } from './scheduled-body.js';

/**
 * An approval request as a record: what one held call would do, who has decided on it and where it
 * stands. Records are plain JSON (amounts as strings), so a Redis store, a console page or an audit
 * entry carries them as they are. Every text in them that an agent controls (params, memo, summary)
 * is agent-supplied: show it as text, never as interface.
 */
export interface ApprovalRecord {
  readonly id: string;
  /** ms since the epoch (the store's clock). */
  readonly createdAt: number;
  /** After this the request is expired: nothing it describes executes. */
  readonly expiresAt: number;
  /** The ApprovalPolicy's `name`. */
  readonly policy: string;
  readonly tool: string;
  /** The agent's session (the kit's own context.sessionId, not a per-call one), when the kit has one: a resume from another session is refused. */
  readonly agent?: string;
  /**
   * For whom the call ran: the `userId`, `sessionId`, `tenantId` strings of its context (a per-call
   * context's, or the kit's), when it named any. A resume runs as them; part of the request digest.
   */
  readonly principal?: Principal;
  /** Who pays for the call: the kit's operator account, when it has one. A resume by a kit with another operator is refused. */
  readonly payer?: string;
  /** One line for a person (escaped, bounded). */
  readonly summary: string;
  /** Why the call needs approval. */
  readonly why: string;
  /** The params as the agent sent them, rendered, redacted and bounded for display. */
  readonly params: unknown;
  /** What the call moves; `null` when the policy could not read it. */
  readonly movements: readonly RecordedMovement[] | null;
  /** The stage whose policies hold the call. */
  readonly stage: HookStage;
  /** At postCoreAction: exactly what would be sent. */
  readonly preview?: TransactionPreview;
  /** 'in-call': a process waits (and heartbeats); 'deferred': the call returned PENDING_APPROVAL. */
  readonly wait: 'in-call' | 'deferred';
  readonly quorum: Quorum;
  readonly state: ApprovalState;
  readonly decisions: readonly ApprovalDecision[];
  /** The waiting process's last sign of life (in-call only); a stale one makes the request abandoned. */
  readonly heartbeatAt?: number;
  /** How often the waiting process heartbeats; abandoned after three missed beats. */
  readonly heartbeatMs?: number;
  /** What `resume` re-runs: the exact input (JSON text) and its digest. Not for display. */
  readonly call: { readonly input: string; readonly inputDigest: string };
  /** Once executed (deferred) or replaced by a rebuilt request. */
  readonly execution?: ApprovalExecution;
  /** Why the state is what it is, when a person should know (expired, abandoned, superseded). */
  readonly note?: string;
  /** An approval by the ledger (ApprovalPolicy `via: 'schedule'`): the schedule the approvers sign. */
  readonly schedule?: LedgerSchedule;
  /** Bumped by every change; the Redis store's compare-and-set key. */
  readonly version: number;
}

export type ApprovalState = 'pending' | 'approved' | 'denied' | 'expired' | 'abandoned' | 'executing' | 'executed' | 'scheduled';

/**
 * The schedule of a request the ledger approves: the call went out as a ScheduleCreate, and the
 * transaction it schedules executes once the paying accounts' threshold keys are satisfied, which
 * only the approvers' signatures (ScheduleSign) can do. The request is `scheduled` until the
 * schedule's outcome closes it: executed, or expired (the schedule expired or was deleted).
 */
export interface LedgerSchedule {
  /** Known once the ScheduleCreate's receipt came back. */
  readonly scheduleId?: string;
  /** The ScheduleCreate's transaction ID, and the ID the scheduled transaction runs under. */
  readonly createTransactionId?: string;
  readonly scheduledTransactionId?: string;
  /** The accounts whose threshold keys the schedule needs, as read from the network before it was sent. */
  readonly accounts: readonly ThresholdAccount[];
  /**
   * What the schedule runs, read from the ScheduleCreate the kit built: the scheduled body's digest
   * and its payer (scheduled-body.ts). Checked against the ledger's ScheduleInfo before any
   * ScheduleSign, and part of the request digest. Absent on records made before it was recorded:
   * those are not signed.
   */
  readonly scheduledBody?: ScheduledBody;
  /** How the schedule ended, once it did. */
  readonly outcome?: 'scheduleExecuted' | 'scheduleExpired' | 'scheduleDeleted';
  /** The scheduled transaction's status and consensus time, when it executed. */
  readonly status?: string;
  readonly consensusTimestamp?: string;
}

/** A paying account's key as read: `threshold` of `keys` (DER hex; nested key lists counted as `others`). */
export interface ThresholdAccount {
  readonly accountId: string;
  readonly threshold: number;
  readonly keys: readonly string[];
  /** Members that are not single keys (nested key lists, contract IDs). */
  readonly others: number;
}

export interface RecordedMovement {
  readonly asset: string;
  readonly from: string;
  readonly to: string;
  /** In the asset's smallest unit, as a decimal string. */
  readonly amount: string;
  readonly display: string;
}

export interface TransactionPreview {
  /** The SDK class name, e.g. `TransferTransaction`. */
  readonly type: string;
  readonly payer?: string;
  readonly transactionId?: string;
  readonly memo?: string;
  /** In tinybars, as a decimal string. */
  readonly maxFee?: string;
  readonly nodeAccountIds?: readonly string[];
  /** When the transaction's valid window closes (ms since the epoch); after it, it is rebuilt. */
  readonly validUntil?: number;
  /** `sha384:<hex>` of the frozen, unsigned transaction bytes: what an approval is bound to. */
  readonly digest: string;
}

/** Who may decide and how many must approve. `of` empty: anyone identified may. */
export interface Quorum {
  readonly required: number;
  readonly of: readonly string[];
}

export interface ApprovalDecision {
  /** Who decided: an approver's name, a console token's name or a public key. */
  readonly approver: string;
  readonly approve: boolean;
  readonly reason?: string;
  readonly at: number;
  /** Hex signature over the request digest, and the public key it verifies with (signed approvals). */
  readonly signature?: string;
  readonly publicKey?: string;
  /** How the decision came: `console`, `cli`, `callback`, … (for the audit trail). */
  readonly via?: string;
}

export interface ApprovalExecution {
  readonly at: number;
  /** Who ran it: a process label. */
  readonly by: string;
  readonly status?: string;
  readonly transactionId?: string;
  /** The request that replaced this one (a rebuilt transaction that must be approved again). */
  readonly supersededBy?: string;
}

/** A decision asked of a store. */
export interface DecisionInput {
  readonly approver: string;
  readonly approve: boolean;
  readonly reason?: string;
  readonly signature?: string;
  readonly publicKey?: string;
  /** How the decision came: `console`, `cli`, `callback`, … */
  readonly via?: string;
}

/** What a decision did: the record after it, or why it changed nothing. */
export type DecisionOutcome = { readonly ok: true; readonly record: ApprovalRecord } | { readonly ok: false; readonly reason: string; readonly record?: ApprovalRecord };

/** Decisions are final: these states take none. */
export const FINAL_STATES: ReadonlySet<ApprovalState> = new Set(['approved', 'denied', 'expired', 'abandoned', 'executing', 'executed']);
// 'scheduled' is not final: approvers' decisions are recorded beside their ledger signatures, and the schedule's outcome closes it.

/**
 * The state a record is in at `now`: a pending request past its expiry is expired, and one whose
 * waiting process stopped heartbeating is abandoned, even before a store wrote it so.
 */
export function stateAt(record: ApprovalRecord, now: number): ApprovalState {
  // An approval is for a while: one nobody executed before the request expired executes nothing.
  if (record.state === 'approved' && !record.schedule && now >= record.expiresAt) return 'expired';
  if (record.state !== 'pending') return record.state;
  if (now >= record.expiresAt) return 'expired';
  if (record.wait === 'in-call' && record.heartbeatAt !== undefined && record.heartbeatMs !== undefined && now - record.heartbeatAt > 3 * record.heartbeatMs) return 'abandoned';
  return 'pending';
}

/** The record as it reads at `now` (lapsed states written in, with a note). */
export function settledAt(record: ApprovalRecord, now: number): ApprovalRecord {
  const state = stateAt(record, now);
  if (state === record.state) return record;
  const note =
    state !== 'expired'
      ? 'the process waiting for this decision stopped; nothing it describes executes'
      : record.state === 'approved'
        ? 'it was approved but not executed before the request expired; nothing it describes executes'
        : 'nobody decided before the request expired; nothing it describes executes';
  return { ...record, state, note, version: record.version + 1 };
}

/**
 * Applies one decision by the quorum rule: a denial by anyone allowed decides at once; approvals
 * decide once `required` distinct approvers gave one. Pure, so the memory and Redis stores apply
 * the same rule (Redis in a compare-and-set).
 */
export function decide(record: ApprovalRecord, input: DecisionInput, now: number): DecisionOutcome {
  const current = settledAt(record, now);
  // A ledger approval's decisions record signatures the ledger already took, so one may land after the schedule ran.
  if (current.schedule && (current.state === 'scheduled' || current.state === 'executed')) return decideScheduled(current, input, now);
  if (current.state !== 'pending') {
    return { ok: false, reason: `request ${record.id} is ${current.state}${current.note ? ` (${current.note})` : ''}; the decision changes nothing`, record: current };
  }
  const approver = input.approver.trim();
  if (!approver) return { ok: false, reason: 'a decision needs the approver who made it', record: current };
  const signed = signedIdentity(current, input);
  if (typeof signed === 'string') return { ok: false, reason: signed, record: current };
  if (current.quorum.of.length && !isListedApprover(current.quorum.of, approver, signed?.der)) {
    const keyOnly = current.quorum.of.some((each) => each === approver && publicKeyIdentity(each));
    const reason = keyOnly
      ? `${approver} is an approver of request ${record.id} by key: only a decision signed with that key counts (pass signature and publicKey, e.g. agent-hooks approve ${record.id} --key …)`
      : `${approver} is not one of the approvers of request ${record.id} (${current.quorum.of.join(', ')})`;
    return { ok: false, reason, record: current };
  }
  if (current.decisions.some((decision) => decision.approver === approver || (signed && decision.publicKey === signed.der))) {
    return { ok: false, reason: `${approver} has already decided on request ${record.id}; a quorum needs distinct approvers`, record: current };
  }
  const decision: ApprovalDecision = {
    approver,
    approve: input.approve === true,
    at: now,
    ...(input.reason ? { reason: input.reason } : {}),
    ...(signed ? { signature: input.signature!.trim().replace(/^0x/, '').toLowerCase(), publicKey: signed.der } : {}),
    ...(typeof input.via === 'string' && input.via.trim() ? { via: input.via.trim().slice(0, 50) } : {}),
  };
  const decisions = [...current.decisions, decision];
  const approvals = decisions.filter((each) => each.approve).length;
  const state: ApprovalState = !decision.approve ? 'denied' : approvals >= current.quorum.required ? 'approved' : 'pending';
  return { ok: true, record: { ...current, decisions, state, version: current.version + 1 } };
}

/**
 * A decision on a request the ledger approves: recorded beside the approver's ScheduleSign, never
 * deciding the state (the ledger does; the schedule's outcome closes the request). Only a listed
 * approver's signed decision counts, once per key. A denial is recorded too, though it cannot unsign
 * the schedule: the ledger executes it if enough others sign. The signature that completed the
 * threshold may be recorded after the schedule's outcome closed the request (executed); it is kept.
 */
function decideScheduled(current: ApprovalRecord, input: DecisionInput, now: number): DecisionOutcome {
  const signed = signedIdentity(current, input);
  if (typeof signed === 'string') return { ok: false, reason: signed, record: current };
  if (!signed) return { ok: false, reason: `request ${current.id} is approved by the ledger: a decision on it must be signed with an approver's key (agent-hooks approve ${current.id} --key …)`, record: current };
  const approver = input.approver.trim() || signed.der;
  if (!isListedApprover(current.quorum.of, approver, signed.der)) return { ok: false, reason: `the key that signed is not one of the approvers of request ${current.id}`, record: current };
  if (current.decisions.some((decision) => decision.publicKey === signed.der)) return { ok: false, reason: `${approver} has already decided on request ${current.id}`, record: current };
  const decision: ApprovalDecision = {
    approver,
    approve: input.approve === true,
    at: now,
    ...(input.reason ? { reason: input.reason } : {}),
    signature: input.signature!.trim().replace(/^0x/, '').toLowerCase(),
    publicKey: signed.der,
    ...(typeof input.via === 'string' && input.via.trim() ? { via: input.via.trim().slice(0, 50) } : {}),
  };
  return { ok: true, record: { ...current, decisions: [...current.decisions, decision], version: current.version + 1 } };
}

/** Why a denied request was denied, for `blockedBy.reason`: the denier's own words first. */
export function denialReason(record: Pick<ApprovalRecord, 'id' | 'state' | 'decisions'>): string {
  const denial = record.decisions.find((decision) => !decision.approve);
  if (!denial) return `request ${record.id} is ${record.state}`;
  return denial.reason ? `${denial.approver} denied: ${denial.reason}` : `${denial.approver} denied`;
}

/**
 * A signed decision's verified key (DER hex), `undefined` for an unsigned one, or why it is refused:
 * half a signature, or one that does not verify over the request digest. A refused one is never counted.
 */
function signedIdentity(record: ApprovalRecord, input: DecisionInput): { der: string } | undefined | string {
  if (input.signature === undefined && input.publicKey === undefined) return undefined;
  if (typeof input.signature !== 'string' || typeof input.publicKey !== 'string' || !input.signature.trim() || !input.publicKey.trim()) {
    return `a signed decision on request ${record.id} needs both signature and publicKey (hex); the decision was not counted`;
  }
  const checked = checkApprovalSignature(approvalRequestDigest(record), input.signature, input.publicKey);
  if (!checked.ok) return `${input.approver.trim()}'s decision on request ${record.id} was not counted: ${checked.reason}`;
  return { der: checked.der };
}

/** Whether the approver is in `of`: by name, or (signed) by a public key `of` lists in any encoding. */
export function isListedApprover(of: readonly string[], approver: string, der: string | undefined): boolean {
  for (const each of of) {
    const key = publicKeyIdentity(each);
    // A key in the list is matched only by a verified signature, never by someone typing it as a name.
    if (key) {
      if (der !== undefined && key.der === der) return true;
    } else if (each === approver) return true;
  }
  return false;
}
