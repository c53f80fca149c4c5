import { createHash } from 'node:crypto';
import { proto } from '@hiero-ledger/proto';
import type { ScheduleState } from './state-types.js';

/** The scheduled transaction's ID: the ScheduleCreate's ID with `scheduled` set. */
export function scheduledTransactionId(schedule: ScheduleState): proto.ITransactionID {
  return { ...schedule.createTransactionId, scheduled: true };
}

/** A schedule's SchedulableTransactionBody turned into the ordinary transaction it stands for. */
export interface ScheduledTransaction {
  body: proto.TransactionBody;
  /** the data field, e.g. `cryptoTransfer`: the key of the handler table */
  bodyName: string;
  hash: Uint8Array;
}

/**
 * Builds the TransactionBody the scheduled transaction runs as: its fee, memo and data with the scheduled
 * transaction ID, as the node does. It goes through encode/decode so handlers see exactly what they see
 * for a submitted transaction.
 */
export function scheduledTransactionOf(schedule: ScheduleState): ScheduledTransaction {
  const schedulable = proto.SchedulableTransactionBody.decode(schedule.bodyBytes);
  const bodyName = schedulable.data!;
  const bytes = proto.TransactionBody.encode({
    transactionID: scheduledTransactionId(schedule), transactionFee: schedulable.transactionFee, memo: schedulable.memo,
    [bodyName]: (schedulable as unknown as Record<string, unknown>)[bodyName],
  }).finish();
  return { body: proto.TransactionBody.decode(bytes), bodyName, hash: createHash('sha384').update(bytes).digest() };
}
