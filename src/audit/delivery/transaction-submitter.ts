import {
  TransactionId,
  TransactionReceiptQuery,
  type Client,
  type Transaction,
  type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { isPrecheckStatusError, isReceiptStatusError } from '../../values/sdk-values.js';
import { messageOf } from '../../errors/index.js';
import { freezeWithNodes } from '../../modes/freeze-with-nodes.js';
import { lookUpTransaction } from '../readers/index.js';

/**
 * What became of one attempt to get a transaction with a fixed ID onto the ledger:
 * - `landed`: it reached consensus with SUCCESS (now or on an earlier attempt: a resend answered
 *   DUPLICATE_TRANSACTION and the receipt of the first one says SUCCESS);
 * - `retry`: nothing is known to have landed; try again with the same ID;
 * - `replan`: this ID can never land successfully (it expired unseen, or reached consensus with a
 *   failure status); the step needs a new transaction ID.
 */
export type SubmitOutcome =
  | { kind: 'landed'; receipt?: TransactionReceipt; entityId?: string; duplicate: boolean }
  | { kind: 'retry'; reason: string }
  | { kind: 'replan'; reason: string };

/** Statuses a precheck returns when the same ID may succeed on a later attempt. */
const TRANSIENT_PRECHECK = new Set(['BUSY', 'PLATFORM_NOT_ACTIVE', 'PLATFORM_TRANSACTION_NOT_CREATED', 'INSUFFICIENT_PAYER_BALANCE', 'INVALID_NODE_ACCOUNT', 'UNKNOWN']);

/** Receipt lookups in the submit path wait this many attempts for a receipt before treating it as unknown. */
const RECEIPT_ATTEMPTS = 5;

/**
 * Submits `transaction` (its transaction ID already set and journaled) and waits for its receipt.
 * Never throws: every failure is classified so the caller knows whether the same ID may be resent.
 */
export async function submitWithFixedId(transaction: Transaction, client: Client, mirrorUrl?: string): Promise<SubmitOutcome> {
  const transactionId = transaction.transactionId!;
  try {
    const response = await freezeWithNodes(transaction, client).execute(client);
    const receipt = await response.getReceipt(client);
    return { kind: 'landed', receipt, duplicate: false };
  } catch (error) {
    if (isPrecheckStatusError(error)) {
      const status = error.status.toString();
      if (status === 'DUPLICATE_TRANSACTION') return lookUpDuplicate(transactionId, client);
      if (status === 'TRANSACTION_EXPIRED') return expired(transactionId, client, mirrorUrl, transaction.transactionValidDuration);
      if (TRANSIENT_PRECHECK.has(status)) return { kind: 'retry', reason: `precheck ${status}` };
      // Refused before consensus: the ID was not used, so it may be resent once the cause is fixed.
      return { kind: 'retry', reason: `precheck ${status}` };
    }
    if (isReceiptStatusError(error)) {
      if (error.status.toString() === 'DUPLICATE_TRANSACTION') return lookUpDuplicate(transactionId, client);
      return { kind: 'replan', reason: `reached consensus with ${error.status.toString()}` };
    }
    return { kind: 'retry', reason: messageOf(error) };
  }
}

/**
 * The ID expired before this attempt: if an earlier copy landed, the message is delivered; if none
 * did (and none can any more), a new ID is safe.
 */
async function expired(transactionId: TransactionId, client: Client, mirrorUrl: string | undefined, validDurationSeconds: number): Promise<SubmitOutcome> {
  const result = await lookUpTransaction(transactionId.toString(), client, mirrorUrl, validDurationSeconds);
  if (result.found === 'unknown') return { kind: 'retry', reason: result.reason };
  // Waiting cannot help any more; a new ID may publish the message twice, which the verifier reports.
  if (result.found === 'unknowable') return { kind: 'replan', reason: result.reason };
  if (!result.found) return { kind: 'replan', reason: 'it expired before any copy reached the network' };
  if (result.status !== 'SUCCESS') return { kind: 'replan', reason: `an earlier copy reached consensus with ${result.status}` };
  return { kind: 'landed', ...(result.receipt ? { receipt: result.receipt } : {}), ...(result.entityId ? { entityId: result.entityId } : {}), duplicate: true };
}

/**
 * A resend answered DUPLICATE_TRANSACTION: a copy exists. Its receipt says whether it succeeded; an
 * unanswered lookup means "ask again", never "send a new one".
 */
async function lookUpDuplicate(transactionId: TransactionId, client: Client): Promise<SubmitOutcome> {
  try {
    const receipt = await new TransactionReceiptQuery().setTransactionId(transactionId).setMaxAttempts(RECEIPT_ATTEMPTS).execute(client);
    return { kind: 'landed', receipt, duplicate: true };
  } catch (error) {
    if (isReceiptStatusError(error)) return { kind: 'replan', reason: `an earlier copy reached consensus with ${error.status.toString()}` };
    return { kind: 'retry', reason: `could not read the receipt of ${transactionId.toString()}: ${messageOf(error)}` };
  }
}

/** A new transaction ID for the audit client's operator. */
export function freshTransactionId(client: Client): TransactionId {
  return TransactionId.generate(client.operatorAccountId!);
}
