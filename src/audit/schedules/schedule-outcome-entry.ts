import { type ScheduleOutcomeEntry, entryHead } from '../entries/index.js';
import type { ScheduleWatch } from '../journal/index.js';
import type { ScheduleFinding } from './schedule-finding.js';

/** The follow-up entry of the call that recorded `watch`, once `finding` settled its schedule. */
export function scheduleOutcomeEntry(watch: ScheduleWatch, finding: Extract<ScheduleFinding, { settled: true }>, seq: number, session: string): ScheduleOutcomeEntry {
  const { outcome, source, status, consensusTimestamp, expirationTime, error } = finding;
  return {
    ...entryHead(seq, session, new Date().toISOString(), watch.tool),
    kind: 'scheduleOutcome',
    outcome,
    callEntryId: watch.entry,
    callSeq: watch.seq,
    scheduleId: watch.scheduleId,
    scheduledTransactionId: watch.scheduledTransactionId,
    ...(status !== undefined ? { status } : {}),
    ...(consensusTimestamp !== undefined ? { consensusTimestamp } : {}),
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    source,
    ...(error !== undefined ? { error } : {}),
  };
}
