import { isScheduleOutcomeEntry, type AnyAuditEntry, type ScheduleOutcome } from '../entries/index.js';
import { watchOf } from '../journal/index.js';

/** The scheduled calls of a trail: how many schedules have their outcome entry, by outcome, and how many wait for one. */
export interface ScheduleTally {
  settled: Partial<Record<ScheduleOutcome, number>>;
  pending: number;
}

export function scheduleTally(entries: readonly AnyAuditEntry[]): ScheduleTally {
  const settled: Partial<Record<ScheduleOutcome, number>> = {};
  const followedUp = new Set<string>();
  for (const entry of entries) {
    if (!isScheduleOutcomeEntry(entry)) continue;
    settled[entry.outcome] = (settled[entry.outcome] ?? 0) + 1;
    followedUp.add(entry.callEntryId);
  }
  const pending = entries.filter((entry) => watchOf(entry) && !followedUp.has(entry.id)).length;
  return { settled, pending };
}

/**
 * Each schedule outcome entry must name a scheduled call of the same trail (by entry ID, seq and
 * schedule) and come after it, and no call may have two: an outcome written twice, or one naming
 * a call this trail never recorded, is not a trail the hook wrote.
 */
export function scheduleProblems(entries: readonly AnyAuditEntry[]): string[] {
  const problems: string[] = [];
  const calls = new Map(entries.filter((entry) => !isScheduleOutcomeEntry(entry)).map((entry) => [entry.id, entry]));
  const outcomes = new Map<string, number[]>();
  for (const entry of entries) {
    if (!isScheduleOutcomeEntry(entry)) continue;
    const call = calls.get(entry.callEntryId);
    const watch = call && watchOf(call);
    if (!watch) {
      problems.push(`Schedule outcome seq ${entry.seq} (${entry.outcome} of ${entry.scheduleId}) names entry ${entry.callEntryId}, which is not a scheduled call of this journal.`);
    } else if (watch.scheduleId !== entry.scheduleId || watch.scheduledTransactionId !== entry.scheduledTransactionId || watch.seq !== entry.callSeq || entry.seq <= watch.seq) {
      problems.push(`Schedule outcome seq ${entry.seq} does not match call seq ${watch.seq}: it names schedule ${entry.scheduleId} (${entry.scheduledTransactionId}, call seq ${entry.callSeq}), the call recorded ${watch.scheduleId} (${watch.scheduledTransactionId}).`);
    }
    const seqs = outcomes.get(entry.callEntryId) ?? [];
    seqs.push(entry.seq);
    outcomes.set(entry.callEntryId, seqs);
  }
  for (const [call, seqs] of outcomes) {
    if (seqs.length > 1) problems.push(`The schedule of call entry ${call} has ${seqs.length} outcome entries (seq ${seqs.join(', ')}); it must have one.`);
  }
  return problems;
}
