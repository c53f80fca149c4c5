import type { PreparedScheduleSign } from '../policies/approvals/detached-schedule-signing.js';

/**
 * What the operator console asks of human oversight: the approvals waiting for a decision, a
 * decision taken in the console, and the kill switch. The console only calls this interface; the
 * approval store and the kill switch implement it (see docs/console.md), and MemoryOversight is
 * the in-process implementation a kit's ApprovalPolicy can use today.
 */
export interface ConsoleOversight {
  /** Every request still waiting for a decision, oldest first. */
  pendingApprovals(): readonly PendingApproval[] | Promise<readonly PendingApproval[]>;
  /** Records one decision on a pending request; refuses (throws a coded error) an unknown or settled request. */
  decide(id: string, decision: ConsoleDecision): DecisionOutcome | Promise<DecisionOutcome>;
  /**
   * Turns on the kill switch the agents obey: every value-moving call (or every call) is refused
   * until unpaused; `by` names who pressed it. An implementation whose pause no agent would obey
   * must refuse (throw, shown with 409) rather than show PAUSED while calls run.
   */
  pause(reason: string, by: string): void | Promise<void>;
  /** Turns the kill switch off (the switch's verb; `kit.resume(id)` is an approval's). Refuses as `pause` does. */
  unpause(by: string): void | Promise<void>;
  state(): OversightState | Promise<OversightState>;
  /**
   * A request the ledger approves: freezes a ScheduleSign for an approver to sign away from the
   * page (optional; throws a coded error, shown with 409, when the request cannot be signed).
   */
  prepareScheduleSign?(id: string): PreparedScheduleSign | Promise<PreparedScheduleSign>;
  /** Submits an approver's detached signature over the prepared bytes (optional; refusals throw, shown with 409). */
  submitScheduleSignature?(id: string, given: DetachedSignatures): ScheduleSignatureOutcome | Promise<ScheduleSignatureOutcome>;
  /** Called whenever pending requests or the pause state change, so the console can push them at once; returns the unsubscribe. */
  subscribe?(listener: () => void): () => void;
}

/** One approval request as the console shows it. Everything in it except `id` and the times is agent-supplied text. */
export interface PendingApproval {
  id: string;
  tool: string;
  /** The policy that asked, e.g. `'Approval Policy'`. */
  policy: string;
  /** One line: what the call does. */
  summary: string;
  /** Why approval is needed: the condition that held. */
  why: string;
  /** The stage the approval was asked at, e.g. `postParamsNormalization`. */
  stage: string;
  /** The params as plain data (bounded and redacted by whoever made the request). */
  params: unknown;
  /** What the call moves: `amount` in the asset's smallest unit, `display` as a person reads it (`'10 HBAR'`). */
  movements: readonly { from: string; to: string; asset: string; amount: string; display: string }[];
  /** Asked at postCoreAction: exactly what will execute. */
  preview?: TransactionPreview;
  /** The call returned PENDING_APPROVAL: once approved, nothing is sent until its agent resumes it (`kit.resume(id)`). */
  deferred?: boolean;
  /** ISO times. */
  requestedAt: string;
  expiresAt?: string;
  /** Approvals given so far, and how many are needed (1 unless a quorum is asked for). */
  approvals: number;
  required: number;
  /**
   * A request the ledger approves (ApprovalPolicy via: 'schedule'): the console shows it but cannot
   * decide it, since signing needs an approver's private key, which the page never holds.
   */
  schedule?: ScheduledApprovalView;
}

export interface ScheduledApprovalView {
  /** Absent until the ScheduleCreate's receipt was recorded. */
  scheduleId?: string;
  scheduledTransactionId?: string;
  /** What the ledger waits for, e.g. `2 of 3 keys of 0.0.1005`. */
  needs: string;
  /** Approvers' signatures recorded through agent-hooks so far (the ledger may hold others). */
  signed: number;
  /** The command an approver runs to sign, e.g. `agent-hooks approve <id> --key <file>`. */
  signCommand: string;
  /**
   * The schedule as the ledger holds it, decoded from the ledger's answer (not the request's own
   * account), and whether it runs what the request recorded; `problem` says why not (do not sign).
   */
  onLedger?: { matches: boolean; lines: readonly string[]; problem?: string };
}

/** What an approver hands back: the signature over the prepared bytes, and optionally over the request digest. */
export interface DetachedSignatures {
  publicKey: unknown;
  /** Over the prepared ScheduleSign's bodyBytes: what the ledger counts. */
  signature: unknown;
  /** Over the request digest (`requestDigest`): what makes it a decision on the audit trail. */
  digestSignature?: unknown;
}

/** What a submitted detached signature did on the ledger, and whether it is also a decision on the trail. */
export interface ScheduleSignatureOutcome {
  scheduleId: string;
  transactionId: string;
  status: string;
  /** Whether the schedule has executed (this signature may have completed the threshold). */
  executed: boolean;
  /** Whether the signature is also a decision on the request (and so on the kit's audit trail); `note` says why not. */
  decisionRecorded: boolean;
  note?: string;
}

export interface TransactionPreview {
  transactionType: string;
  payer?: string;
  transactionId?: string;
  memo?: string;
  maxFee?: string;
  /** Hex SHA-256 of the frozen transaction bytes the approval is bound to. */
  bytesDigest?: string;
}

export interface ConsoleDecision {
  approve: boolean;
  /** Who decided: the console token's name. */
  approver: string;
  reason?: string;
}

/** What a decision did: the request is settled (`approved`, `denied`), or still waiting for more approvals. */
export interface DecisionOutcome {
  id: string;
  status: 'approved' | 'denied' | 'waiting';
}

export interface OversightState {
  paused: boolean;
  reason?: string;
  pausedBy?: string;
  /** `false` when no kill switch is connected: a pause here would stop no agent, so pause and unpause are refused. */
  canPause?: boolean;
  /** Budgets and rate-limit counts left per policy, when the implementation can read them. */
  budgets?: readonly BudgetLeft[];
}

export interface BudgetLeft {
  policy: string;
  /** What the figure counts: `budget "team-a", account 0.0.1001`, `tool transfer_hbar_tool`, `group transfers`. */
  scope?: string;
  /** e.g. `HBAR`, a token ID, `USD`, `calls`. */
  unit: string;
  /** Absent when there is no single figure (a policy kept per key); `note` then says why. */
  used?: string;
  limit: string;
  /** When the window frees what was used, ISO; absent for a rolling window or none. */
  resetsAt?: string;
  /** Said beside the figure: why there is none, or how to read it. */
  note?: string;
}

/** Recognises an oversight implementation by its shape (never `instanceof`: it may come from another copy of the package). */
export function isConsoleOversight(value: unknown): value is ConsoleOversight {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return ['pendingApprovals', 'decide', 'pause', 'unpause', 'state'].every((method) => typeof candidate[method] === 'function');
}
