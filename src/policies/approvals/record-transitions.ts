import { randomUUID } from 'node:crypto';
import { decide, denialReason, settledAt, type ApprovalRecord, type DecisionInput, type DecisionOutcome } from './approval-record.js';
import type { ApprovalChange, ApprovalListener, ApprovalRecorder, ClaimOutcome, NewApprovalRecord, ScheduleClosing, ScheduleSent } from './approval-store.js';

/** Where a store keeps records: read one, write one if its version is still `expected`, list pending IDs. */
export interface RecordSlots {
  now(): Promise<number>;
  read(id: string): Promise<ApprovalRecord | undefined>;
  /** Writes `record` if the stored one still has version `expected` (0: none yet); true when written. */
  write(record: ApprovalRecord, expected: number, change: ApprovalChange['kind'] | undefined): Promise<boolean>;
  /** IDs of the requests still open: pending, or scheduled (the ledger approves them). */
  pendingIds(): Promise<string[]>;
}

const MAX_RACES = 20;

/**
 * Every transition of the ApprovalStore contract, written once over compare-and-set slots: a read,
 * the pure rule of approval-record.ts, and a write that fails when another writer came first (then
 * it is read and judged again). The memory and Redis stores differ only in their slots.
 */
export class RecordTransitions {
  private readonly listeners = new Set<ApprovalListener>();
  private readonly recorders = new Set<ApprovalRecorder>();

  constructor(private readonly slots: RecordSlots) {}

  async create(fresh: NewApprovalRecord): Promise<ApprovalRecord> {
    // Stamped with the store's clock, not the agent's: every process judges expiry and heartbeats by
    // one clock, and an agent whose clock runs behind cannot stretch its request's life. The request
    // keeps the lifetime (and heartbeat offset) it was made with.
    const now = await this.slots.now();
    const stamped = { createdAt: now, expiresAt: now + (fresh.expiresAt - fresh.createdAt), ...(fresh.heartbeatAt !== undefined ? { heartbeatAt: now + (fresh.heartbeatAt - fresh.createdAt) } : {}) };
    // A request the ledger approves starts scheduled: no store decision moves it, its schedule's outcome closes it.
    const record: ApprovalRecord = { ...fresh, ...stamped, id: fresh.id || randomUUID(), state: fresh.schedule ? 'scheduled' : 'pending', decisions: [], version: 1 };
    if (!(await this.slots.write(record, 0, 'created'))) throw new Error(`an approval request ${record.id} exists already`);
    this.tell('created', record);
    await this.recordOwn('created', record);
    return record;
  }

  async get(id: string): Promise<ApprovalRecord | undefined> {
    const record = await this.slots.read(id);
    if (!record) return undefined;
    const now = await this.slots.now();
    const settled = settledAt(record, now);
    if (settled === record) return record;
    // Written so every process sees the lapse once; a lost race means someone else wrote something newer.
    if (await this.slots.write(settled, record.version, 'lapsed')) {
      this.tell('lapsed', settled);
      await this.recordOwn('lapsed', settled);
    }
    return (await this.slots.read(id)) ?? settled;
  }

  async listPending(): Promise<ApprovalRecord[]> {
    const records = await Promise.all((await this.slots.pendingIds()).map((id) => this.get(id)));
    return records.filter((record): record is ApprovalRecord => record?.state === 'pending').sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Requests the ledger approves still waiting for their schedule's outcome, oldest first (the pending index holds them too). */
  async listScheduled(): Promise<ApprovalRecord[]> {
    const records = await Promise.all((await this.slots.pendingIds()).map((id) => this.get(id)));
    return records.filter((record): record is ApprovalRecord => record?.state === 'scheduled').sort((a, b) => a.createdAt - b.createdAt);
  }

  decide(id: string, input: DecisionInput): Promise<DecisionOutcome> {
    return this.update(id, 'decided', (record, now) => {
      const outcome = decide(record, input, now);
      return outcome.ok ? { record: outcome.record } : { refused: outcome.reason, lapsed: outcome.record !== record ? outcome.record : undefined };
    });
  }

  async heartbeat(id: string): Promise<void> {
    await this.update(id, undefined, (record, now) => (record.state === 'pending' ? { record: { ...record, heartbeatAt: now, version: record.version + 1 } } : { refused: record.state }));
  }

  async expire(id: string, note: string): Promise<void> {
    await this.update(id, 'lapsed', (record) => {
      if (record.state === 'pending') return { record: { ...record, state: 'expired', note, version: record.version + 1 } };
      // Approved as the waiting call gave up: nothing waits to run it any more, so it must not stay resumable.
      if (record.state === 'approved' && record.wait === 'in-call') {
        return { record: { ...record, state: 'expired', note: `the approval came after the call gave up waiting (${note}); nothing it describes executes`, version: record.version + 1 } };
      }
      return { refused: record.state };
    });
  }

  claimExecution(id: string, by: string): Promise<ClaimOutcome> {
    return this.update(id, 'executing', (record, now) => {
      const current = settledAt(record, now);
      if (current.state === 'approved') return { record: { ...current, state: 'executing', execution: { at: now, by }, version: current.version + 1 } };
      return { refused: refusalOf(current), lapsed: current !== record ? current : undefined };
    });
  }

  /**
   * executing → approved: the claimed call sent nothing (another policy blocked it, a pause refused it,
   * it failed before submission), so the approval is unused and a later resume may run it. With
   * `close`, → expired with that note instead (an in-call request: its call is over).
   */
  releaseExecution(id: string, close?: string): Promise<ClaimOutcome> {
    return this.update(id, close ? 'lapsed' : 'released', (record) => {
      if (record.state !== 'executing') return { refused: `request ${id} is ${record.state}, not executing` };
      const { execution: _claim, ...unclaimed } = record;
      if (close) return { record: { ...unclaimed, state: 'expired', note: close, version: record.version + 1 } };
      return { record: { ...unclaimed, state: 'approved', version: record.version + 1 } };
    });
  }

  async finishExecution(id: string, outcome: { status?: string; transactionId?: string; supersededBy?: string; supersededBecause?: string }): Promise<void> {
    const kind = outcome.supersededBy ? 'superseded' : 'executed';
    await this.update(id, kind, (record, now) => {
      if (record.state !== 'executing') return { refused: record.state };
      const { supersededBecause, ...executed } = outcome;
      const execution = { ...(record.execution ?? { by: 'unknown' }), at: now, ...executed };
      const state = outcome.supersededBy ? 'expired' : 'executed';
      const because = supersededBecause ?? "the approved transaction's valid window passed";
      const note = outcome.supersededBy ? `${because}; it was rebuilt as request ${outcome.supersededBy}, which must be approved again` : undefined;
      return { record: { ...record, state, execution, ...(note ? { note } : {}), version: record.version + 1 } };
    });
  }

  /**
   * The ScheduleCreate of a scheduled request came back: its schedule ID is recorded, or, when the
   * network refused it, the request is expired (nothing was scheduled, so nothing can execute).
   */
  recordSchedule(id: string, sent: ScheduleSent): Promise<ClaimOutcome> {
    const refused = sent.status !== 'SUCCESS' || !sent.scheduleId;
    return this.update(id, refused ? 'lapsed' : 'scheduled', (record) => {
      if (record.state !== 'scheduled' || !record.schedule) return { refused: `request ${id} is ${record.state}, not scheduled` };
      if (record.schedule.scheduleId) return { refused: `request ${id} names schedule ${record.schedule.scheduleId} already` };
      const schedule = { ...record.schedule, ...(sent.scheduleId ? { scheduleId: sent.scheduleId } : {}), ...(sent.createTransactionId ? { createTransactionId: sent.createTransactionId } : {}), ...(sent.scheduledTransactionId ? { scheduledTransactionId: sent.scheduledTransactionId } : {}) };
      if (!refused) return { record: { ...record, schedule, version: record.version + 1 } };
      const note = sent.reason ?? `the ScheduleCreate was not accepted (${sent.status}), so nothing was scheduled and nothing it describes executes`;
      return { record: { ...record, schedule, state: 'expired', note, version: record.version + 1 } };
    });
  }

  /** The ledger settled the schedule of a scheduled request: executed → executed; expired or deleted → expired. */
  closeSchedule(id: string, closing: ScheduleClosing): Promise<ClaimOutcome> {
    const executed = closing.outcome === 'scheduleExecuted';
    return this.update(id, executed ? 'executed' : 'lapsed', (record, now) => {
      if (record.state !== 'scheduled' || !record.schedule) return { refused: `request ${id} is ${record.state}, not scheduled` };
      if (record.schedule.scheduleId !== closing.scheduleId) return { refused: `request ${id} follows schedule ${record.schedule.scheduleId ?? '(unknown)'}, not ${closing.scheduleId}` };
      const schedule = { ...record.schedule, outcome: closing.outcome, ...(closing.status ? { status: closing.status } : {}), ...(closing.consensusTimestamp ? { consensusTimestamp: closing.consensusTimestamp } : {}) };
      if (executed) {
        const execution = { at: now, by: 'the ledger', ...(closing.status ? { status: closing.status } : {}), ...(record.schedule.scheduledTransactionId ? { transactionId: record.schedule.scheduledTransactionId } : {}) };
        return { record: { ...record, schedule, state: 'executed', execution, note: `the ledger executed schedule ${closing.scheduleId} once its threshold keys were satisfied`, version: record.version + 1 } };
      }
      const how = closing.outcome === 'scheduleDeleted' ? 'was deleted' : 'expired';
      return { record: { ...record, schedule, state: 'expired', note: `schedule ${closing.scheduleId} ${how} before its threshold keys were satisfied; nothing it describes executed`, version: record.version + 1 } };
    });
  }

  subscribe(listener: ApprovalListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Adds a recorder of the transitions this object makes (never another process's), awaited before
   * the transition resolves: what lets the process that made a change be the one that audits it.
   */
  recordOwnChanges(recorder: ApprovalRecorder): () => void {
    this.recorders.add(recorder);
    return () => void this.recorders.delete(recorder);
  }

  /** Awaits every recorder; one that fails does not undo or fail the transition, which happened already. */
  private async recordOwn(kind: ApprovalChange['kind'], record: ApprovalRecord): Promise<void> {
    if (this.recorders.size === 0) return;
    await Promise.allSettled([...this.recorders].map(async (recorder) => recorder({ kind, record })));
  }

  /** Tells the subscribers; one that throws does not stop the others or the transition. */
  tell(kind: ApprovalChange['kind'], record: ApprovalRecord): void {
    for (const listener of [...this.listeners]) {
      try {
        listener({ kind, record });
      } catch {
        // A subscriber's failure is its own; the store's transition already happened.
      }
    }
  }

  private async update(
    id: string,
    kind: ApprovalChange['kind'] | undefined,
    step: (record: ApprovalRecord, now: number) => { record: ApprovalRecord } | { refused: string; lapsed?: ApprovalRecord },
  ): Promise<{ ok: true; record: ApprovalRecord } | { ok: false; reason: string; record?: ApprovalRecord }> {
    for (let race = 0; race < MAX_RACES; race++) {
      const stored = await this.slots.read(id);
      if (!stored) return { ok: false, reason: `no approval request ${id} in this store` };
      const next = step(stored, await this.slots.now());
      if ('refused' in next) {
        if (next.lapsed && (await this.slots.write(next.lapsed, stored.version, 'lapsed'))) {
          this.tell('lapsed', next.lapsed);
          await this.recordOwn('lapsed', next.lapsed);
        }
        return { ok: false, reason: next.refused, record: next.lapsed ?? stored };
      }
      if (await this.slots.write(next.record, stored.version, kind)) {
        if (kind) {
          this.tell(kind, next.record);
          await this.recordOwn(kind, next.record);
        }
        return { ok: true, record: next.record };
      }
    }
    return { ok: false, reason: `request ${id} changed ${MAX_RACES} times while this change was tried; try again` };
  }
}

function refusalOf(record: ApprovalRecord): string {
  switch (record.state) {
    case 'pending':
      return `request ${record.id} is still pending: ${record.decisions.filter((d) => d.approve).length} of ${record.quorum.required} approvals so far; nothing was executed`;
    case 'denied':
      return `request ${record.id} was denied (${denialReason(record)}); nothing was executed`;
    case 'executing':
    case 'executed':
      return `request ${record.id} was executed already${record.execution?.transactionId ? ` (transaction ${record.execution.transactionId})` : ''}; it executes once, so nothing more was sent`;
    default:
      return `request ${record.id} is ${record.state}${record.note ? `: ${record.note}` : ''}; nothing was executed`;
  }
}
