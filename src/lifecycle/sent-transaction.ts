import { isPrecheckStatusError, isReceiptStatusError, isStatusError } from '../values/sdk-values.js';

/**
 * What a status error says of the transaction it names:
 * - `failed`: it reached consensus with a failing status (read from its receipt or record);
 * - `refused`: a node refused it at precheck, so it did not reach consensus;
 * - `open`: the answer leaves open whether it executed (DUPLICATE_TRANSACTION after a lost answer);
 * - `unknown`: another status error; the network saw it, and no more is known.
 */
export type SentOutcome = 'failed' | 'refused' | 'open' | 'unknown';

export interface SentTransaction {
  transactionId: string;
  /** The Hedera status name, e.g. `INSUFFICIENT_ACCOUNT_BALANCE`. */
  status: string;
  outcome: SentOutcome;
}

/**
 * The transaction an SDK status error names, recognised by shape (the error may come from another
 * copy of the SDK); `undefined` for any other error. Such an error means something was sent, by
 * whoever sent it: the kit's strategy, or a tool that submitted in its own steps.
 * `outcomeOpen` is the caller's reading of whether the error leaves the outcome open.
 */
export function sentTransactionOf(error: unknown, outcomeOpen: boolean): SentTransaction | undefined {
  if (!isStatusError(error)) return undefined;
  const transactionId = error.transactionId?.toString();
  if (!transactionId) return undefined;
  const outcome: SentOutcome = outcomeOpen
    ? 'open'
    : isReceiptStatusError(error) || 'transactionRecord' in error
      ? 'failed'
      : isPrecheckStatusError(error)
        ? 'refused'
        : 'unknown';
  return { transactionId, status: error.status.toString(), outcome };
}
