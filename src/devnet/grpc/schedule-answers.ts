import { proto } from '@hiero-ledger/proto';
import { accountId, scheduleId } from '../ledger/entity-ids.js';
import { nsToTimestamp, toLong } from '../ledger/numbers.js';
import { liveSchedule } from '../ledger/schedule-store.js';
import { scheduledTransactionId } from '../ledger/scheduled-transaction.js';
import { LOCAL_LEDGER_ID } from './ledger-id.js';
import type { QueryAnswer } from './query-answer.js';

/** scheduleGetInfo: a schedule still in state (an expired one is INVALID_SCHEDULE_ID, as on a node). */
export const scheduleInfoAnswer: QueryAnswer = (ledger, request) => {
  const schedule = liveSchedule(ledger, (request as proto.IScheduleGetInfoQuery).scheduleID);
  const resolved = schedule.resolvedNs === undefined ? undefined : nsToTimestamp(schedule.resolvedNs);
  const info: proto.IScheduleInfo = {
    scheduleID: scheduleId(schedule.num), creatorAccountID: accountId(schedule.creator), payerAccountID: accountId(schedule.payer),
    scheduledTransactionBody: proto.SchedulableTransactionBody.decode(schedule.bodyBytes), memo: schedule.memo,
    adminKey: schedule.adminKey ?? null, signers: { keys: schedule.signatories },
    expirationTime: { seconds: toLong(BigInt(schedule.expirySec)), nanos: 0 }, scheduledTransactionID: scheduledTransactionId(schedule),
    ledgerId: LOCAL_LEDGER_ID, waitForExpiry: schedule.waitForExpiry,
    ...(resolved && schedule.deleted ? { deletionTime: resolved } : {}),
    ...(resolved && schedule.executedNs !== undefined ? { executionTime: resolved } : {}),
  };
  return { scheduleInfo: info };
};
