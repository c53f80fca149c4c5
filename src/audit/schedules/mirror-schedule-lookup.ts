import { TransactionId } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import type { ScheduleWatch } from '../journal/index.js';
import { getJson, mirrorTransactionId } from '../readers/index.js';
import { DEFAULT_SCHEDULE_LIFETIME_SECONDS, EXPIRY_GRACE_MS, pending, sourceFailed, type ScheduleFinding } from './schedule-finding.js';

/** The fields of `GET /api/v1/schedules/{id}` this reads. */
interface MirrorSchedule {
  consensus_timestamp?: string;
  deleted?: boolean;
  executed_timestamp?: string | null;
  expiration_time?: string | null;
}

/** The fields of `GET /api/v1/transactions/{id}?scheduled=true` this reads. */
interface MirrorTransactions {
  transactions?: { scheduled?: boolean; result?: string; consensus_timestamp?: string }[];
}

/**
 * What the mirror node says became of a watched schedule. Executed: `executed_timestamp` is set,
 * and the inner transaction's result and consensus timestamp come from its own record (listed under
 * the scheduled transaction ID); until the mirror lists that record the schedule stays pending.
 * Deleted: `deleted`. Expired: no execution on record well after the expiration time (the one the
 * ScheduleCreate gave, else the network's default lifetime from its creation); `now` is the clock
 * that judges "after", this machine's by default.
 *
 * @example
 * const finding = await lookUpScheduleOnMirror(watch, 'https://testnet.mirrornode.hedera.com');
 */
export async function lookUpScheduleOnMirror(watch: ScheduleWatch, mirrorUrl: string, now: () => number = Date.now): Promise<ScheduleFinding> {
  let schedule: MirrorSchedule | undefined;
  try {
    const answer = await getJson(mirrorUrl, `/api/v1/schedules/${watch.scheduleId}`, `schedule ${watch.scheduleId}`);
    schedule = answer.status === 404 ? undefined : (answer.body as MirrorSchedule);
  } catch (error) {
    return sourceFailed(messageOf(error));
  }
  // The mirror lags consensus by seconds: a schedule just created may not be listed yet.
  if (!schedule) return pending(`the mirror node does not list schedule ${watch.scheduleId} yet`);
  if (schedule.executed_timestamp) return executed(watch, mirrorUrl, `executed at ${schedule.executed_timestamp}`);
  if (schedule.deleted === true) return { settled: true, outcome: 'scheduleDeleted', source: 'mirror' };
  const expiration = expirationOf(schedule);
  if (!expiration) return sourceFailed(`the mirror node lists schedule ${watch.scheduleId} without a creation or expiration time`);
  if (now() <= secondsToMs(expiration) + EXPIRY_GRACE_MS) return pending(`schedule ${watch.scheduleId} has not run; it expires at ${expiration}`);
  // Past expiry with no execution on the schedule: its own record would still show a late one.
  const ran = await executionRecord(watch, mirrorUrl);
  if (ran.kind === 'failed') return sourceFailed(ran.reason);
  if (ran.kind === 'found') return ran.finding;
  return { settled: true, outcome: 'scheduleExpired', source: 'mirror', expirationTime: expiration };
}

async function executed(watch: ScheduleWatch, mirrorUrl: string, when: string): Promise<ScheduleFinding> {
  const ran = await executionRecord(watch, mirrorUrl);
  if (ran.kind === 'failed') return sourceFailed(ran.reason);
  if (ran.kind === 'missing') return pending(`the mirror node says schedule ${watch.scheduleId} ${when} but does not list transaction ${watch.scheduledTransactionId} yet`);
  return ran.finding;
}

type ExecutionRecord = { kind: 'found'; finding: ScheduleFinding } | { kind: 'missing' } | { kind: 'failed'; reason: string };

/** The scheduled transaction's record, which carries the inner result the schedule itself does not. */
async function executionRecord(watch: ScheduleWatch, mirrorUrl: string): Promise<ExecutionRecord> {
  const path = `/api/v1/transactions/${mirrorTransactionId(TransactionId.fromString(watch.scheduledTransactionId))}?scheduled=true`;
  let answer: { status: number; body: unknown };
  try {
    answer = await getJson(mirrorUrl, path, `scheduled transaction ${watch.scheduledTransactionId}`);
  } catch (error) {
    return { kind: 'failed', reason: messageOf(error) };
  }
  if (answer.status === 404) return { kind: 'missing' };
  const record = (answer.body as MirrorTransactions).transactions?.find((each) => each.scheduled === true);
  if (!record?.result) return { kind: 'missing' };
  return {
    kind: 'found',
    finding: { settled: true, outcome: 'scheduleExecuted', source: 'mirror', status: record.result, ...(record.consensus_timestamp ? { consensusTimestamp: record.consensus_timestamp } : {}) },
  };
}

function expirationOf(schedule: MirrorSchedule): string | undefined {
  if (schedule.expiration_time) return schedule.expiration_time;
  if (!schedule.consensus_timestamp) return undefined;
  const [seconds, nanos = '0'] = schedule.consensus_timestamp.split('.');
  return `${BigInt(seconds!) + BigInt(DEFAULT_SCHEDULE_LIFETIME_SECONDS)}.${nanos.padEnd(9, '0')}`;
}

function secondsToMs(timestamp: string): number {
  return Number(timestamp.split('.')[0]) * 1000;
}
