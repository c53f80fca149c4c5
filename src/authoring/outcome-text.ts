import type { RawToolResult } from '../lifecycle/tool-result.js';

/** What a transaction tool says about itself: `done` in the past tense, `what` as an infinitive phrase. */
export interface OutcomeWords {
  /** e.g. "Transferred 5 ℏ from 0.0.2 to 0.0.1001" */
  done: string;
  /** e.g. "transfer 5 ℏ from 0.0.2 to 0.0.1001" */
  what: string;
}

/**
 * The humanMessage of a core transaction tool, telling an LLM apart "done", "prepared for signing",
 * "outcome unknown (do not retry)" and "refused by the network (status)".
 *
 * @example
 * outcomeText(raw, { done: 'Deleted topic 0.0.7', what: 'delete topic 0.0.7' });
 */
export function outcomeText(raw: RawToolResult, words: OutcomeWords): string {
  const tx = raw.transactionId ? ` (transaction ${String(raw.transactionId)})` : '';
  if (raw.scheduled === true) return scheduledText(raw, words, tx);
  if (raw.status === 'SUCCESS' && raw.bytes) {
    const until = raw.expiresAt ? `, valid until ${String(raw.expiresAt)}` : '';
    return `Prepared a transaction to ${words.what}${tx}; nothing was submitted. It must be signed and submitted by the payer${until}.`;
  }
  if (raw.status === 'SUCCESS') return `${words.done}${tx}.`;
  if (raw.status === 'UNKNOWN') {
    return `The transaction to ${words.what}${tx} was submitted but its outcome is not known yet. Do not retry; look the transaction ID up first.`;
  }
  return `Could not ${words.what}: the network answered ${String(raw.errorCode ?? 'with an error')}${tx}.`;
}

/** A call wrapped in a ScheduleCreate (schedulingParams.isScheduled): what was done is the scheduling. */
function scheduledText(raw: RawToolResult, words: OutcomeWords, tx: string): string {
  const runsAs = raw.scheduledTransactionId ? `; it will run as transaction ${String(raw.scheduledTransactionId)}` : '';
  if (raw.status === 'SUCCESS' && raw.bytes) {
    const until = raw.expiresAt ? `, valid until ${String(raw.expiresAt)}` : '';
    return `Prepared a schedule to ${words.what}${tx}${runsAs}; nothing was submitted. It must be signed and submitted by the payer${until}.`;
  }
  if (raw.status === 'SUCCESS') {
    return `Created schedule ${String(raw.scheduleId)} to ${words.what}${tx}${runsAs}. It has not run yet unless every required signature was already in (or, with waitForExpiry, until its expiration time); more signatures come through sign_schedule_transaction_tool.`;
  }
  // Told as the plain ScheduleCreate it was: without `scheduled`, which would bring it back here for ever.
  const { scheduled: _scheduled, scheduleId: _scheduleId, scheduledTransactionId: _runsAs, ...create } = raw;
  return outcomeText(create, { done: `Scheduled: ${words.what}`, what: `schedule: ${words.what}` });
}

/** HBAR for a sentence, e.g. "1.5 ℏ". */
export function hbarText(amount: { toString(): string }): string {
  return amount.toString();
}
