import { ScheduleInfoQuery, TransactionId, TransactionReceiptQuery, type Client, type Timestamp } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import type { ScheduleWatch } from '../journal/index.js';
import { pending, sourceFailed, type ScheduleFinding } from './schedule-finding.js';

/**
 * What the network itself says became of a watched schedule, for a hook without a mirror node:
 * ScheduleInfoQuery (a paid query, charged to the audit client's operator on every look) gives the
 * execution and deletion times, and the scheduled transaction's receipt its result. Nodes keep
 * receipts about three minutes and drop a schedule from state once it expires, so what can be
 * learned is less than from a mirror, and is reported as less:
 * - executed, receipt gone: `scheduleExecuted` with status `UNKNOWN`;
 * - gone from state: `scheduleExecuted` when the receipt still says so, else `scheduleUnknown`
 *   (it expired, or ran or was deleted between two looks; the network no longer says which).
 */
export async function lookUpScheduleOnNetwork(watch: ScheduleWatch, client: Client): Promise<ScheduleFinding> {
  let info: { executed: Timestamp | null; deleted: Timestamp | null };
  try {
    info = await new ScheduleInfoQuery().setScheduleId(watch.scheduleId).execute(client);
  } catch (error) {
    if (!/INVALID_SCHEDULE_ID/.test(messageOf(error))) return sourceFailed(`ScheduleInfoQuery for ${watch.scheduleId} failed: ${messageOf(error)}`);
    return goneFromState(watch, client);
  }
  if (info.executed) {
    const receipt = await innerStatus(watch, client);
    if (receipt.kind === 'failed') return sourceFailed(receipt.reason);
    const consensusTimestamp = ledgerForm(info.executed);
    if (receipt.kind === 'found') return { settled: true, outcome: 'scheduleExecuted', source: 'network', status: receipt.status, consensusTimestamp };
    return {
      settled: true, outcome: 'scheduleExecuted', source: 'network', status: 'UNKNOWN', consensusTimestamp,
      error: { code: 'UNKNOWN', message: `the network says schedule ${watch.scheduleId} executed, but no longer keeps the receipt of ${watch.scheduledTransactionId} and no mirror node is configured, so its result is not known` },
    };
  }
  if (info.deleted) return { settled: true, outcome: 'scheduleDeleted', source: 'network' };
  return pending(`schedule ${watch.scheduleId} has neither executed nor been deleted`);
}

async function goneFromState(watch: ScheduleWatch, client: Client): Promise<ScheduleFinding> {
  const receipt = await innerStatus(watch, client);
  if (receipt.kind === 'failed') return sourceFailed(receipt.reason);
  if (receipt.kind === 'found') return { settled: true, outcome: 'scheduleExecuted', source: 'network', status: receipt.status };
  return {
    settled: true, outcome: 'scheduleUnknown', source: 'network',
    error: {
      code: 'INVALID_SCHEDULE_ID',
      message: `schedule ${watch.scheduleId} is no longer in the network's state and ${watch.scheduledTransactionId} has no receipt: it expired, or ran or was deleted more than a receipt's lifetime ago; without a mirror node the network no longer says which`,
    },
  };
}

type InnerStatus = { kind: 'found'; status: string } | { kind: 'none' } | { kind: 'failed'; reason: string };

async function innerStatus(watch: ScheduleWatch, client: Client): Promise<InnerStatus> {
  try {
    const receipt = await new TransactionReceiptQuery().setTransactionId(TransactionId.fromString(watch.scheduledTransactionId)).setValidateStatus(false).setMaxAttempts(5).execute(client);
    const status = receipt.status.toString();
    // UNKNOWN is a receipt for a transaction not yet handled: no result to report.
    return status === 'UNKNOWN' ? { kind: 'none' } : { kind: 'found', status };
  } catch (error) {
    if (/RECEIPT_NOT_FOUND/.test(messageOf(error))) return { kind: 'none' };
    return { kind: 'failed', reason: `could not read the receipt of ${watch.scheduledTransactionId}: ${messageOf(error)}` };
  }
}

function ledgerForm(timestamp: Timestamp): string {
  return `${timestamp.seconds.toString()}.${String(timestamp.nanos.toNumber()).padStart(9, '0')}`;
}
