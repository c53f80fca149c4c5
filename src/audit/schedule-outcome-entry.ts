import { randomUUID } from 'node:crypto';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, type ScheduleOutcomeEntry } from './audit-entry.js';
import type { ScheduleWatch } from './journal-records.js';
import type { ScheduleFinding } from './schedule-finding.js';

/** The follow-up entry of the call that recorded `watch`, once `finding` settled its schedule. */
export function scheduleOutcomeEntry(watch: ScheduleWatch, finding: Extract<ScheduleFinding, { settled: true }>, seq: number, session: string): ScheduleOutcomeEntry {
  const { outcome, source, status, consensusTimestamp, expirationTime, error } = finding;
  return {
    type: AUDIT_ENTRY_TYPE,
    version: AUDIT_ENTRY_VERSION,
    id: randomUUID(),
    seq,
    session,
    timestamp: new Date().toISOString(),
    tool: watch.tool,
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
