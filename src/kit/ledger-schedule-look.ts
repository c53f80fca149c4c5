import { TransactionId, TransactionReceiptQuery, type Client } from '@hiero-ledger/sdk';
import { lookUpScheduleOnMirror, lookUpScheduleOnNetwork } from '../audit/schedules/index.js';
import type { ScheduleWatch } from '../audit/journal/index.js';
import { messageOf } from '../errors/index.js';
import type { ApprovalRecord } from '../policies/approvals/approval-record.js';
import type { ScheduleClosing, ScheduleSent } from '../policies/approvals/approval-store.js';

/** Where a kit asks about its requests' schedules: its client, and its mirror node when it has one. */
export interface ScheduleSource {
  readonly client: Client;
  readonly mirrorUrl?: string;
}

/**
 * What one look at a request's schedule established:
 * - `closed`: the ledger's final word, to close the request with;
 * - `open`: nothing final yet (`inState`: the network itself showed the schedule in its state,
 *   neither executed nor deleted, at this look);
 * - `unknown`: the sources no longer say, and nothing is closed on a guess;
 * - `failed`: the source could not be asked; look again later.
 */
export type ScheduleVerdict =
  | { readonly kind: 'closed'; readonly closing: ScheduleClosing }
  | { readonly kind: 'open'; readonly reason: string; readonly inState?: boolean }
  | { readonly kind: 'unknown'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * How long a node keeps a receipt (three minutes), less a margin for clocks and the look itself:
 * a schedule seen in state, unexecuted, within this of a look that finds it gone and finds no
 * receipt of its scheduled transaction cannot have run in between.
 */
export const RECEIPT_TRUST_MS = 150_000;

/**
 * Looks at the schedule of a request the ledger approves: on the kit's mirror node when it has one
 * (which keeps every outcome), else on the network (ScheduleInfoQuery and the scheduled
 * transaction's receipt, as the audit hooks do). The network forgets an expired schedule and a
 * receipt after three minutes; `seenInStateAt` (this process's last look that saw the schedule in
 * state and unexecuted) is what lets a schedule gone from state be concluded expired: it cannot have
 * executed since that look without a receipt still on the network. Without such a look, the verdict
 * is `unknown`, never a guess.
 */
export async function lookAtRequestSchedule(record: ApprovalRecord, source: ScheduleSource, seenInStateAt: number | undefined, now: number): Promise<ScheduleVerdict> {
  const schedule = record.schedule;
  if (!schedule?.scheduleId) return { kind: 'open', reason: `request ${record.id} has no schedule ID yet` };
  if (!schedule.scheduledTransactionId) return { kind: 'unknown', reason: `request ${record.id} does not record the transaction ID its schedule runs under, so its execution cannot be looked up` };
  const watch: ScheduleWatch = { entry: record.id, seq: 0, tool: record.tool, at: new Date(record.createdAt).toISOString(), scheduleId: schedule.scheduleId, scheduledTransactionId: schedule.scheduledTransactionId, approvalRequestId: record.id };
  const finding = source.mirrorUrl ? await lookUpScheduleOnMirror(watch, source.mirrorUrl, () => now) : await lookUpScheduleOnNetwork(watch, source.client);
  if (!finding.settled) {
    if (finding.sourceFailed) return { kind: 'failed', reason: finding.reason };
    return { kind: 'open', reason: finding.reason, ...(source.mirrorUrl ? {} : { inState: true }) };
  }
  if (finding.outcome !== 'scheduleUnknown') {
    return {
      kind: 'closed',
      closing: {
        scheduleId: schedule.scheduleId,
        outcome: finding.outcome,
        ...(finding.status ? { status: finding.status } : {}),
        ...(finding.consensusTimestamp ? { consensusTimestamp: finding.consensusTimestamp } : {}),
      },
    };
  }
  // Gone from the network's state with no receipt: it expired, unless it ran before the receipts this look can still see.
  // (Not deleted: the policy's ScheduleCreate sets no admin key, so nobody can delete it.)
  if (seenInStateAt !== undefined && now - seenInStateAt < RECEIPT_TRUST_MS) {
    return { kind: 'closed', closing: { scheduleId: schedule.scheduleId, outcome: 'scheduleExpired' } };
  }
  return { kind: 'unknown', reason: finding.error?.message ?? `the network no longer says what became of schedule ${schedule.scheduleId}` };
}

/** What the receipt of a request's ScheduleCreate says, when the call that sent it could not learn it. */
export type CreateVerdict =
  | { readonly kind: 'known'; readonly sent: ScheduleSent }
  | { readonly kind: 'open'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

/**
 * Reads the receipt of the ScheduleCreate whose outcome its call reported UNKNOWN: SUCCESS names the
 * schedule (recorded, then followed); another final status means nothing was scheduled. No receipt
 * yet (not handled, or not found) leaves the request open: the create may still reach consensus, or
 * its receipt is gone and nothing says which.
 */
export async function lookAtScheduleCreate(record: ApprovalRecord, client: Client): Promise<CreateVerdict> {
  const createTransactionId = record.schedule?.createTransactionId;
  if (!createTransactionId) return { kind: 'open', reason: `request ${record.id} records no ScheduleCreate transaction ID to look up` };
  let receipt;
  try {
    receipt = await new TransactionReceiptQuery().setTransactionId(TransactionId.fromString(createTransactionId)).setValidateStatus(false).setMaxAttempts(5).execute(client);
  } catch (error) {
    if (/RECEIPT_NOT_FOUND/.test(messageOf(error))) return { kind: 'open', reason: `the network has no receipt of ScheduleCreate ${createTransactionId} (not reached consensus yet, or its receipt is gone)` };
    return { kind: 'failed', reason: `could not read the receipt of ScheduleCreate ${createTransactionId}: ${messageOf(error)}` };
  }
  const status = receipt.status.toString();
  if (status === 'UNKNOWN') return { kind: 'open', reason: `ScheduleCreate ${createTransactionId} has not been handled yet` };
  const scheduleId = receipt.scheduleId?.toString();
  const scheduledTransactionId = receipt.scheduledTransactionId?.toString() ?? record.schedule?.scheduledTransactionId;
  if (status === 'SUCCESS' && !scheduleId) return { kind: 'failed', reason: `the receipt of ScheduleCreate ${createTransactionId} says SUCCESS but names no schedule` };
  return {
    kind: 'known',
    sent: {
      status,
      createTransactionId,
      ...(status === 'SUCCESS' ? { scheduleId } : { reason: `the ScheduleCreate ${createTransactionId}, whose outcome was not known when the call returned, was not accepted (${status}), so nothing was scheduled and nothing it describes executes` }),
      ...(scheduledTransactionId ? { scheduledTransactionId } : {}),
    },
  };
}
