import { randomUUID } from 'node:crypto';
import { invalidArgument } from '../errors/index.js';
import type { ApprovalAnswer, ApprovalRequest, Approver } from '../policies/approvers/approver.js';
import { plainRedacted } from './safe-json.js';
import type { ConsoleDecision, ConsoleOversight, DecisionOutcome, OversightState, PendingApproval } from './console-oversight.js';

/** What a new request needs; the rest (id, times, counts) the store fills in. */
export type NewApproval = Omit<PendingApproval, 'id' | 'requestedAt' | 'approvals' | 'required'> & { required?: number; ttlMs?: number };

interface Waiting {
  view: PendingApproval;
  approvers: Set<string>;
  settle: (answer: { approved: boolean; reason?: string }) => void;
}

/**
 * Human oversight held in this process's memory: a record list of pending approval requests and a
 * pause flag. It is an Approver, so a kit's ApprovalPolicy can ask it
 * (`new ApprovalPolicy({ when, approver: oversight })`) and the call waits until someone decides in
 * the console; and it is the ConsoleOversight the console shows. Gone with the process: the shared,
 * durable store is the approval store's (see docs/console.md).
 *
 * @example
 * const oversight = new MemoryOversight();
 * const kit = await createAgentKit({ client, context: { policies: [new ApprovalPolicy({ when: { hbarAbove: 5 }, approver: oversight })] } });
 * await startConsole({ journalDir, oversight });
 */
export class MemoryOversight implements ConsoleOversight, Approver {
  readonly name = 'the operator console';
  private readonly waiting = new Map<string, Waiting>();
  private readonly listeners = new Set<() => void>();
  private paused: Omit<OversightState, 'budgets'> = { paused: false };

  /** ApprovalPolicy's side: records the request and resolves when it is decided, or refuses once `signal` aborts (the policy's time ran out). */
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    const movements = (request.movements ?? []).map((move) => ({ from: move.from, to: move.to, asset: move.asset, amount: move.amount.toString(), display: move.display }));
    const { id, decided } = this.request({ tool: request.tool, policy: request.policy, summary: request.summary, why: request.why, stage: 'postParamsNormalization', params: request.params, movements, ttlMs: request.timeoutMs });
    const withdraw = (): void => this.withdraw(id);
    signal.addEventListener('abort', withdraw, { once: true });
    return decided.finally(() => signal.removeEventListener('abort', withdraw));
  }

  /** Adds a pending request; `decided` resolves with the decision once enough approvers approved, or one denied. */
  request(approval: NewApproval): { id: string; decided: Promise<{ approved: boolean; reason?: string }> } {
    const { required = 1, ttlMs, ...rest } = approval;
    const id = randomUUID();
    const now = Date.now();
    const view: PendingApproval = {
      ...rest,
      // Whoever made the request may not have redacted it; no key reaches the console's pages.
      params: plainRedacted(rest.params),
      id,
      requestedAt: new Date(now).toISOString(),
      ...(ttlMs === undefined ? {} : { expiresAt: new Date(now + ttlMs).toISOString() }),
      approvals: 0,
      required,
    };
    const decided = new Promise<{ approved: boolean; reason?: string }>((settle) => this.waiting.set(id, { view, approvers: new Set(), settle }));
    this.changed();
    return { id, decided };
  }

  pendingApprovals(): readonly PendingApproval[] {
    return [...this.waiting.values()].map((waiting) => waiting.view);
  }

  decide(id: string, decision: ConsoleDecision): DecisionOutcome {
    const waiting = this.waiting.get(id);
    if (!waiting) throw invalidArgument(`MemoryOversight: there is no pending approval request ${JSON.stringify(id)}; it was decided, withdrawn or never made.`);
    if (!decision.approve) {
      this.waiting.delete(id);
      waiting.settle({ approved: false, reason: `denied by ${decision.approver}${decision.reason ? `: ${decision.reason}` : ''}` });
      this.changed();
      return { id, status: 'denied' };
    }
    // One approver counts once towards a quorum, however often they press the button.
    waiting.approvers.add(decision.approver);
    waiting.view = { ...waiting.view, approvals: waiting.approvers.size };
    if (waiting.approvers.size < waiting.view.required) {
      this.changed();
      return { id, status: 'waiting' };
    }
    this.waiting.delete(id);
    waiting.settle({ approved: true });
    this.changed();
    return { id, status: 'approved' };
  }

  pause(reason: string, by: string): void {
    this.paused = { paused: true, reason, pausedBy: by };
    this.changed();
  }

  resume(_by: string): void {
    this.paused = { paused: false };
    this.changed();
  }

  /** Whether calls should be refused now, for the kill switch's policy to read. */
  isPaused(): boolean {
    return this.paused.paused;
  }

  state(): OversightState {
    return { ...this.paused };
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private withdraw(id: string): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    waiting.settle({ approved: false, reason: 'nobody decided in the operator console in time' });
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
