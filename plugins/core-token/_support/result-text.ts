import type { RawToolResult } from '../../../src/lifecycle/tool-result.js';

/** The sentences one token tool uses about its outcome; `what` is the action in a few words. */
export interface OutcomeText {
  /** e.g. "Minted 5 units of token 0.0.1234" (the transaction ID is appended). */
  done: string;
  /** e.g. "mint 5 units of token 0.0.1234" (used for prepared bytes and failures). */
  what: string;
}

/**
 * The humanMessage of a token transaction tool: what happened, with the transaction ID, and for
 * failures the Hedera status, so an LLM can tell "done", "prepared for signing" and "refused" apart.
 *
 * @example
 * describeOutcome(raw, { done: 'Associated 0.0.5 with 0.0.9', what: 'associate 0.0.5 with 0.0.9' });
 */
export function describeOutcome(raw: RawToolResult, text: OutcomeText): string {
  const tx = raw.transactionId ? ` (transaction ${raw.transactionId})` : '';
  if (raw.status === 'SUCCESS' && raw.bytes) {
    const until = raw.expiresAt ? ` before ${String(raw.expiresAt)}` : '';
    return `Prepared a transaction to ${text.what}${tx}; it was not submitted. Sign and submit the returned bytes${until}.`;
  }
  if (raw.status === 'SUCCESS') return `${text.done}${tx}.`;
  if (raw.status === 'UNKNOWN') {
    return `The transaction to ${text.what}${tx} was submitted but its outcome is not known yet. Do not retry; check the transaction ID first.`;
  }
  return `Could not ${text.what}: the network answered ${raw.errorCode ?? 'with an error'}${tx}.`;
}
