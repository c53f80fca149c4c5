import type { MirrorClient } from '../../mirror/mirror-client.js';
import { MirrorErrorCode } from '../../mirror/mirror-error.js';

/**
 * Whether a signed transaction reached consensus, as the mirror tells it once its valid window has
 * passed: `reached` when the mirror holds a record of it (whatever its result: the fees were paid and
 * the transaction ID is spent, so the reservation is committed; a transaction that failed at
 * consensus is over-counted, never under-counted), `expired` when the mirror answers 404 (no record).
 * Any other answer (unreachable, 5xx, a body that does not read) throws: nothing is released on a guess.
 */
export async function mirrorOutcome(mirror: MirrorClient, transactionId: string): Promise<'reached' | 'expired'> {
  let answer: unknown;
  try {
    answer = await mirror.getTransaction(transactionId);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === MirrorErrorCode.NOT_FOUND) return 'expired';
    throw error;
  }
  const transactions = (answer as { transactions?: unknown } | null)?.transactions;
  if (!Array.isArray(transactions)) throw new Error(`the mirror's answer for transaction ${transactionId} has no list of transactions`);
  // A 200 with no record is no proof of absence: asked again later.
  if (transactions.length === 0) throw new Error(`the mirror answered transaction ${transactionId} with an empty list rather than 404; asked again later`);
  return 'reached';
}
