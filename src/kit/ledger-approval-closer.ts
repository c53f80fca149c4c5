import type { ScheduleSettled } from '../hooks/audit-trail-base.js';
import { messageOf } from '../errors/index.js';
import type { Logger } from '../lifecycle/logger.js';
import type { ApprovalStore, ScheduleClosing } from '../policies/approvals/approval-store.js';

/** An audit hook that tells the schedule outcomes it journaled (AuditTrailBase), told by shape. */
interface OutcomeTeller {
  onScheduleOutcome(listener: (settled: ScheduleSettled) => void | Promise<void>): () => void;
}

function tellsOutcomes(value: unknown): value is OutcomeTeller {
  return value !== null && typeof value === 'object' && typeof (value as OutcomeTeller).onScheduleOutcome === 'function';
}

const CLOSING_OUTCOMES: ReadonlySet<string> = new Set(['scheduleExecuted', 'scheduleExpired', 'scheduleDeleted']);

/**
 * Closes the requests the ledger approved (ApprovalPolicy `via: 'schedule'`) by their schedules'
 * outcomes, as a kit's audit hooks journal them: executed → the request is executed; expired or
 * deleted → expired. The outcome entry is durable first, so the request never reads closed while
 * the trail lacks the reason. The store's change is recorded on the audit trail like any other
 * (ApprovalAudit). An outcome the ledger could not give (`scheduleUnknown`) leaves the request open.
 */
export class LedgerApprovalCloser {
  private readonly detachers = new Map<object, () => void>();

  constructor(
    private readonly stores: () => readonly ApprovalStore[],
    private readonly logger: Logger,
  ) {}

  listen(instances: readonly unknown[]): void {
    for (const instance of instances) {
      if (!tellsOutcomes(instance) || this.detachers.has(instance)) continue;
      this.detachers.set(instance, instance.onScheduleOutcome((settled) => this.close(settled)));
    }
  }

  detachAll(): void {
    for (const detach of this.detachers.values()) detach();
    this.detachers.clear();
  }

  private async close({ watch, entry }: ScheduleSettled): Promise<void> {
    const requestId = watch.approvalRequestId;
    if (!requestId || !CLOSING_OUTCOMES.has(entry.outcome)) return;
    const closing: ScheduleClosing = {
      scheduleId: entry.scheduleId,
      outcome: entry.outcome as ScheduleClosing['outcome'],
      ...(entry.status ? { status: entry.status } : {}),
      ...(entry.consensusTimestamp ? { consensusTimestamp: entry.consensusTimestamp } : {}),
    };
    for (const store of this.stores()) {
      if (typeof store.closeSchedule !== 'function') continue;
      try {
        const record = await store.get(requestId);
        if (record?.state !== 'scheduled' || record.schedule?.scheduleId !== entry.scheduleId) continue;
        const closed = await store.closeSchedule(requestId, closing);
        if (!closed.ok) this.logger.warn({ requestId, scheduleId: entry.scheduleId, reason: closed.reason }, 'a ledger-approved request could not be closed by its schedule outcome');
      } catch (error) {
        this.logger.warn({ requestId, scheduleId: entry.scheduleId, store: store.description, error: messageOf(error) }, 'a ledger-approved request could not be closed by its schedule outcome');
      }
    }
  }
}
