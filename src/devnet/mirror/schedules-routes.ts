import { entityString } from '../ledger/entity-ids.js';
import { mirrorKey } from '../ledger/keys.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { ScheduleState } from '../ledger/state-types.js';
import { entityNumParam, idKey } from './mirror-entities.js';
import { notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';
import { matchesFilters } from './mirror-query.js';
import { parseEntityId } from './mirror-values.js';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * A schedule as the mirror lists it. `expiration_time` is the one the ScheduleCreate gave (null when it
 * left it to the default), `executed_timestamp` the consensus time of the scheduled transaction's record,
 * and `signatures` every signature of the successful ScheduleCreate and ScheduleSigns.
 */
export function formatSchedule(schedule: ScheduleState): Record<string, unknown> {
  return {
    admin_key: mirrorKey(schedule.adminKey),
    consensus_timestamp: nsToMirror(schedule.createdNs),
    creator_account_id: entityString(schedule.creator),
    deleted: schedule.deleted,
    executed_timestamp: schedule.executedNs === undefined ? null : nsToMirror(schedule.executedNs),
    expiration_time: schedule.providedExpirySec ? nsToMirror(BigInt(schedule.providedExpirySec) * 1_000_000_000n) : null,
    memo: schedule.memo,
    payer_account_id: entityString(schedule.payer),
    schedule_id: entityString(schedule.num),
    signatures: schedule.signatures.map((entry) => ({
      consensus_timestamp: nsToMirror(entry.consensusNs), public_key_prefix: base64(entry.prefix), signature: base64(entry.signature), type: entry.type,
    })),
    transaction_body: base64(schedule.bodyBytes),
    wait_for_expiry: schedule.waitForExpiry,
  };
}

/** `/schedules`: every schedule ever created (the mirror keeps expired ones), by schedule ID; `account.id` is the creator. */
export function listSchedules(request: MirrorRequest): MirrorResponse {
  const creators = request.query.filters('account.id', parseEntityId);
  const selected = [...request.ledger.schedules.values()].filter((schedule) => matchesFilters(BigInt(schedule.creator), creators));
  const { items, next } = page(request, selected, [idKey('schedule.id', (schedule: ScheduleState) => schedule.num)], 'asc');
  return ok({ schedules: items.map(formatSchedule), links: { next } });
}

/** `/schedules/{scheduleId}`; a malformed ID is a 400. */
export function getSchedule(request: MirrorRequest): MirrorResponse {
  const num = entityNumParam(request.params.scheduleId, 'scheduleId');
  const schedule = num === undefined ? undefined : request.ledger.schedules.get(num);
  return schedule ? ok(formatSchedule(schedule)) : notFound();
}
