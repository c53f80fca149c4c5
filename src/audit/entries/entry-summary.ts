import { isScheduleOutcomeEntry, type AnyAuditEntry } from './audit-entry.js';

/**
 * What an entry says beyond its seq, tool and outcome, in a few words for a listing: the blocking
 * policy, the transaction and status, the error code; for a schedule outcome, the schedule, the
 * call entry it follows up and the inner transaction's result.
 *
 * @example
 * `#${entry.seq} ${entry.tool} ${entry.outcome} ${entryDetail(entry)}`
 */
export function entryDetail(entry: AnyAuditEntry): string {
  if (isScheduleOutcomeEntry(entry)) {
    const result = entry.status ? ` ${entry.scheduledTransactionId} ${entry.status}` : entry.error ? ` ${entry.error.code ?? entry.error.message}` : '';
    return `schedule ${entry.scheduleId} of call #${entry.callSeq}${result}`;
  }
  if (entry.outcome === 'blocked') return `by ${entry.blockedBy?.policy}`;
  return entry.transactionId ? `${entry.transactionId} ${entry.status ?? ''}`.trim() : (entry.error?.code ?? '');
}
