import { runAtConsensus } from './consensus-step.js';
import { runInOrder } from './in-order.js';
import { scheduleId } from './entity-ids.js';
import type { TransactionHandler } from './handler-context.js';
import type { Ledger } from './ledger.js';
import { SignatorySet } from './schedule-signatures.js';
import { hasExpired } from './schedule-store.js';
import { scheduledTransactionOf } from './scheduled-transaction.js';
import { LedgerStatusError, type StatusName } from './status-error.js';
import type { AccountState, ScheduleState, TransactionRecordState } from './state-types.js';

type Handlers = Readonly<Record<string, TransactionHandler>>;

/** A status the scheduled transaction fails with before its handler runs, as the node's dispatch checks it. */
function failureBeforeHandling(handlers: Handlers, schedule: ScheduleState, payer: AccountState, fee: bigint): StatusName | undefined {
  if (payer.deleted) return 'PAYER_ACCOUNT_DELETED';
  if (payer.balance < fee) return 'INSUFFICIENT_PAYER_BALANCE';
  if (!new SignatorySet(schedule.signatories).isSatisfied(payer.key)) return 'INVALID_SIGNATURE';
  const scheduled = scheduledTransactionOf(schedule);
  const handler = handlers[scheduled.bodyName];
  if (!handler) return 'NOT_SUPPORTED';
  try {
    handler.pureChecks?.(scheduled.body);
  } catch (error) {
    if (!(error instanceof LedgerStatusError)) throw error;
    return error.status;
  }
  return undefined;
}

/**
 * Runs a schedule's scheduled transaction at consensus through the ordinary handler table, with the
 * schedule's signatories as its only signatures, charged to the schedule's payer, in a record of its own
 * that carries the scheduled transaction ID and a `scheduleRef` back to the schedule.
 */
export function executeSchedule(ledger: Ledger, handlers: Handlers, schedule: ScheduleState): TransactionRecordState | Promise<TransactionRecordState> {
  const payer = ledger.accounts.get(schedule.payer)!;
  const fee = ledger.transactionFee();
  const forcedStatus = failureBeforeHandling(handlers, schedule, payer, fee);
  const unpaid = forcedStatus === 'PAYER_ACCOUNT_DELETED' || forcedStatus === 'INSUFFICIENT_PAYER_BALANCE';
  const done = runAtConsensus(ledger, handlers, {
    ...scheduledTransactionOf(schedule), payer, signatures: new SignatorySet(schedule.signatories), sigPairs: [],
    fee: unpaid ? 0n : fee, forcedStatus, recordFields: { scheduleRef: scheduleId(schedule.num) },
  });
  const executed = (record: TransactionRecordState): TransactionRecordState => {
    schedule.executedNs = record.consensusNs;
    return record;
  };
  return done instanceof Promise ? done.then(executed) : executed(done);
}

/**
 * Settles the schedules whose expiration time the clock has reached, oldest expiry first: one that waits
 * for expiry (and was not deleted) runs now, with whatever signatures it collected, and then every one of
 * them leaves consensus state, so later transactions and queries find INVALID_SCHEDULE_ID.
 */
export function settleExpiredSchedules(ledger: Ledger, handlers: Handlers): Promise<void> | undefined {
  const now = ledger.nowNs();
  const due = [...ledger.schedules.values()].filter((s) => !s.expired && hasExpired(s, now)).sort((a, b) => a.expirySec - b.expirySec || a.num - b.num);
  return runInOrder(due.map((schedule) => () => {
    // Out of state first, so a query that settles again while a scheduled contract call runs cannot run it twice.
    schedule.expired = true;
    if (!schedule.waitForExpiry || schedule.deleted || schedule.executedNs !== undefined) return undefined;
    const ran = executeSchedule(ledger, handlers, schedule);
    const resolved = (record: TransactionRecordState) => { schedule.resolvedNs = record.consensusNs; };
    return ran instanceof Promise ? ran.then(resolved) : resolved(ran);
  }));
}
