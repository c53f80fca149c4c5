import { randomUUID } from 'node:crypto';
import { describeValue, invalidArgument } from '../errors/index.js';
import { isKillSwitch, type KillSwitch } from '../policies/kill-switch.js';
import type { ApprovalAnswer, ApprovalRequest, Approver } from '../policies/approvers/approver.js';
import { plainRedacted } from './safe-json.js';
import type { ConsoleDecision, ConsoleOversight, DecisionOutcome, OversightState, PendingApproval } from './console-oversight.js';
import { noSwitchError, switchStateView } from './switch-state-view.js';

/** What a new request needs; the rest (id, times, counts) the store fills in. */
export type NewApproval = Omit<PendingApproval, 'id' | 'requestedAt' | 'approvals' | 'required'> & { required?: number; ttlMs?: number };

interface Waiting {
  view: PendingApproval;
  approvers: Set<string>;
  settle: (answer: { approved: boolean; reason?: string }) => void;
}

export interface MemoryOversightOptions {
  /**
   * The kill switch the console's pause turns: the one the agents' kits obey
   * (`createAgentKit({ killSwitch })`, or a switch on the same store and name). Without it the
   * console cannot pause: a pause that no agent obeys is refused rather than shown.
   */
  killSwitch?: KillSwitch;
}

/** How often a subscribed console re-reads the switch (another process may have pressed it). */
const SWITCH_WATCH_MS = 500;

/**
 * Human oversight held in this process's memory: a record list of pending approval requests, and
 * the kill switch it is given. It is an Approver, so a kit's ApprovalPolicy can ask it
 * (`new ApprovalPolicy({ when, approver: oversight })`) and the call waits until someone decides in
 * the console; and it is the ConsoleOversight the console shows. Its pause turns the switch the kits
 * obey (`{ killSwitch }`); without one, pausing is refused, since nothing would enforce it. Gone with
 * the process: the shared, durable store is the approval store's (see docs/console.md). A pause made
 * here is not on an audit trail; `kitOversight(kit)` audits it through the kit.
 *
 * @example
 * const killSwitch = new KillSwitch();
 * const oversight = new MemoryOversight({ killSwitch });
 * const kit = await createAgentKit({ client, killSwitch, context: { hooks: [new ApprovalPolicy({ when: { hbarAbove: 5 }, approver: oversight })] } });
 * await startConsole({ journalDir, oversight });
 */
export class MemoryOversight implements ConsoleOversight, Approver {
  readonly name = 'the operator console';
  /** The switch a pause here turns, or undefined when pausing here is refused. */
  readonly killSwitch: KillSwitch | undefined;
  private readonly waiting = new Map<string, Waiting>();
  private readonly listeners = new Set<() => void>();

  constructor(options: MemoryOversightOptions = {}) {
    const given = (options ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(given).filter((key) => key !== 'killSwitch');
    if (unknown.length) throw invalidArgument(`MemoryOversight: unknown option ${unknown.map((key) => `'${key}'`).join(', ')}; the options are { killSwitch? }.`, [0, unknown[0]!]);
    if (given.killSwitch !== undefined && !isKillSwitch(given.killSwitch)) {
      throw invalidArgument(`MemoryOversight: 'killSwitch' must be a KillSwitch (the one the agents' kits obey); got ${describeValue(given.killSwitch)}.`, [0, 'killSwitch']);
    }
    this.killSwitch = options.killSwitch;
  }

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

  /** Turns the kill switch on (every value-moving call); refused without a switch, which no agent would obey. */
  async pause(reason: string, by: string): Promise<void> {
    await this.switchFor('pause').pause(reason, { by });
    this.changed();
  }

  /** Turns the kill switch off; refused without a switch. */
  async unpause(by: string): Promise<void> {
    await this.switchFor('unpause').unpause({ by });
    this.changed();
  }

  /** The switch as this process last read it (at most its pollMs ago while a kit or a console watches it). */
  state(): OversightState {
    return switchStateView(this.killSwitch);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    // A pause from another process sharing the switch's store shows within a watch.
    const killSwitch = this.killSwitch;
    let seen = JSON.stringify(killSwitch?.state ?? null);
    const timer = killSwitch
      ? setInterval(() => {
          void killSwitch.refresh().then((now) => {
            const text = JSON.stringify(now);
            if (text === seen) return;
            seen = text;
            listener();
          });
        }, SWITCH_WATCH_MS)
      : undefined;
    timer?.unref();
    return () => {
      if (timer) clearInterval(timer);
      this.listeners.delete(listener);
    };
  }

  private switchFor(verb: 'pause' | 'unpause'): KillSwitch {
    if (!this.killSwitch) throw invalidArgument(noSwitchError('MemoryOversight', verb));
    return this.killSwitch;
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
