import { TransactionId, TransactionRecordQuery, type Client } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';

/**
 * Which copy of a transaction ID the ledger ran, when a no-op may have been sent under that ID:
 * - `noop`: the first copy to reach consensus was one of the no-ops (its hash is one of theirs), so
 *   the call's own transaction never executed, and never can (the network runs one copy per ID);
 * - `call`: the first copy was another one, the call's own, which ran with `status`;
 * - `none`: no copy has a record on this node (yet); `reason` says what was asked.
 */
export type CopyThatRan =
  | { ran: 'noop'; hash: string; status: string }
  | { ran: 'call'; status: string }
  | { ran: 'none'; reason: string };

/**
 * Attempts a record query makes while the node has no record yet (about a quarter of a second
 * apart on a local network, longer on others): consensus takes seconds, so a copy the node
 * accepted shows up within them, and one that never will is not waited for long.
 */
const RECORD_ATTEMPTS = 20;

/**
 * Reads the record of `transactionId` from a node (a paid query, charged to the client's operator)
 * and compares the hash of the copy that ran with `noopHashes`, the SHA-384 hashes (hex) of the
 * no-ops journaled under that ID. The record's receipt alone cannot tell the copies apart: a no-op
 * and the call both end in SUCCESS. The query also asks for the duplicates (the copies that reached
 * consensus after the first and were refused as DUPLICATE_TRANSACTION), but only the first decides.
 */
export async function copyThatRan(transactionId: string, noopHashes: readonly string[], client: Client): Promise<CopyThatRan> {
  let record;
  try {
    // validateReceiptStatus false: a call that ran and failed (INSUFFICIENT_ACCOUNT_BALANCE) is an answer, not an error.
    record = await new TransactionRecordQuery({ transactionId: TransactionId.fromString(transactionId), includeDuplicates: true, validateReceiptStatus: false })
      .setMaxAttempts(RECORD_ATTEMPTS)
      .execute(client);
  } catch (error) {
    return { ran: 'none', reason: `the record of ${transactionId} could not be read: ${messageOf(error)}` };
  }
  const hash = Buffer.from(record.transactionHash).toString('hex');
  const status = record.receipt.status.toString();
  return noopHashes.includes(hash) ? { ran: 'noop', hash, status } : { ran: 'call', status };
}

/** Whether a mirror record's `transaction_hash` (base64) is one of the journaled no-ops' (hex). */
export function isNoopHash(mirrorHash: string | undefined, noopHashes: readonly string[]): boolean {
  return mirrorHash !== undefined && noopHashes.includes(Buffer.from(mirrorHash, 'base64').toString('hex'));
}
