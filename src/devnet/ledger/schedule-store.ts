import { proto } from '@hiero-ledger/proto';
import { scheduleNum } from './entity-ids.js';
import type { Ledger } from './ledger.js';
import { LedgerStatusError, type StatusName } from './status-error.js';
import type { ScheduleState } from './state-types.js';

/** A schedule still in consensus state: INVALID_SCHEDULE_ID when it never existed or expired. */
export function liveSchedule(ledger: Ledger, id: proto.IScheduleID | null | undefined): ScheduleState {
  const schedule = ledger.schedules.get(scheduleNum(id));
  if (!schedule || schedule.expired) throw new LedgerStatusError('INVALID_SCHEDULE_ID');
  return schedule;
}

/**
 * The node's verdict on a schedule a ScheduleSign (or ScheduleCreate) acts on at `nowNs`: OK, or why not.
 * One whose expiration time has passed but has not been removed yet is SCHEDULE_PENDING_EXPIRATION.
 */
export function scheduleStatus(schedule: ScheduleState, nowNs: bigint): StatusName {
  if (schedule.executedNs !== undefined) return 'SCHEDULE_ALREADY_EXECUTED';
  if (schedule.deleted) return 'SCHEDULE_ALREADY_DELETED';
  return hasExpired(schedule, nowNs) ? 'SCHEDULE_PENDING_EXPIRATION' : 'OK';
}

/** Whether the schedule's expiration time has come. */
export function hasExpired(schedule: ScheduleState, nowNs: bigint): boolean {
  return nowNs >= BigInt(schedule.expirySec) * 1_000_000_000n;
}

/**
 * What makes two ScheduleCreates identical for the node: memo, admin key, scheduled body, the expiration
 * second given and waitForExpiry. The payer is not part of it (the node does not compare it either).
 */
export function scheduleIdentity(op: proto.IScheduleCreateTransactionBody, providedExpirySec: number): string {
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  return [
    op.memo ?? '', op.adminKey ? hex(proto.Key.encode(op.adminKey).finish()) : '',
    hex(proto.SchedulableTransactionBody.encode(op.scheduledTransactionBody!).finish()), providedExpirySec, !!op.waitForExpiry,
  ].join('|');
}
