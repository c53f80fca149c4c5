import { isScheduleOutcomeEntry, type AnyAuditEntry } from './audit-entry.js';
import { isOversightEntry, type OversightEntry } from './oversight-entry.js';

/** What an entry records in one word: a call's or schedule's outcome, or an oversight entry's kind (`pause`, `approvalDecision`, …). */
export function entryOutcome(entry: AnyAuditEntry): string {
  return isOversightEntry(entry) ? entry.kind : entry.outcome;
}

/**
 * What an entry says beyond its seq, tool and outcome, in a few words for a listing: the blocking
 * policy, the transaction and status, the error code, and the policies in report mode that would
 * have blocked it; for a schedule outcome, the schedule, the
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
  if (isOversightEntry(entry)) return oversightDetail(entry);
  const detail = entry.outcome === 'blocked' ? `by ${entry.blockedBy?.policy}` : entry.transactionId ? `${entry.transactionId} ${entry.status ?? ''}`.trim() : (entry.error?.code ?? '');
  // Report mode: the call went on, and the listing says what would have stopped it.
  if (!entry.wouldBlock?.length) return detail;
  const reported = `would have been blocked by ${[...new Set(entry.wouldBlock.map((each) => each.policy))].join(', ')} (report mode)`;
  return detail ? `${detail}; ${reported}` : reported;
}

/** An oversight entry in a few words: who did what (the reason is the operator's own text, quoted). */
function oversightDetail(entry: OversightEntry): string {
  switch (entry.kind) {
    case 'pause':
      return `${entry.by} paused ${entry.scope === 'all' ? 'every call' : 'value-moving calls'}: ${JSON.stringify(entry.reason)}`;
    case 'unpause':
    case 'resume':
      return `${entry.by} unpaused${entry.lifted ? ` (lifting the pause by ${entry.lifted.by})` : ' (nothing was paused)'}`;
    case 'approvalRequest':
      return `approval ${entry.requestId} requested by ${entry.policy} at ${entry.stage} (${entry.quorum} needed)`;
    case 'approvalDecision':
      return `approval ${entry.requestId}: ${entry.decision} by ${entry.by}${entry.signature ? ' (signed)' : ''}`;
    case 'approvalExpired':
      return `approval ${entry.requestId} expired at ${entry.expiresAt}`;
    case 'approvalAbandoned':
      return `approval ${entry.requestId} abandoned: ${JSON.stringify(entry.reason)}`;
    case 'approvalScheduleSettled':
      return `approval ${entry.requestId}: schedule ${entry.scheduleId} ${entry.outcome === 'scheduleExecuted' ? 'executed (the ledger approved it)' : entry.outcome === 'scheduleDeleted' ? 'deleted unsigned' : 'expired unsigned'}`;
    case 'signingDecision':
      return `signer ${entry.decision} ${entry.transactionId ?? 'an unreadable body'} for ${entry.agent}${entry.reason ? `: ${JSON.stringify(entry.reason)}` : ''}`;
  }
}
