import { TransactionId, TransactionReceiptQuery, type Client, type TransactionReceipt } from '@hiero-ledger/sdk';
import { isPrecheckStatusError, isReceiptStatusError } from '../values/sdk-values.js';
import { messageOf } from '../errors/index.js';
import type { RawToolResult } from './tool-result.js';
import { receiptFields } from './receipt-fields.js';

/**
 * Whether an error from `transaction.execute()` leaves open whether the transaction was executed.
 *
 * `DUPLICATE_TRANSACTION` is the network saying a copy with this ID already exists: the SDK resent
 * after an attempt whose answer was lost (a gRPC deadline), and that attempt reached the node. A
 * transport failure, a timeout or running out of attempts means an attempt may have been applied
 * without its answer arriving. Other precheck codes are this node refusing this copy, and errors
 * raised before anything was sent (freezing, signing) are neither.
 */
export function leavesOutcomeOpen(error: unknown): boolean {
  if (isPrecheckStatusError(error)) return error.status.toString() === 'DUPLICATE_TRANSACTION';
  if (!(error instanceof Error)) return false;
  // By name and shape, not class: the client may come from another copy of the SDK.
  if (error.name === 'GrpcServiceError' || error.name === 'HttpError') return true;
  if ('nodeAccountId' in error && typeof (error as { toJSON?: unknown }).toJSON === 'function') return true; // MaxAttemptsOrTimeoutError
  return /Network connectivity issue: All nodes are unhealthy/.test(error.message);
}

/**
 * Settles an open outcome by asking the network for the transaction's receipt. Its receipt says
 * what the ledger did; when it cannot be read, the outcome is UNKNOWN, never an error: an agent
 * told "error" retries, and a retried transfer pays twice.
 */
export async function settleOpenOutcome(transactionId: string, client: Client, cause: unknown): Promise<RawToolResult> {
  const why = `the network's answer was lost or ambiguous (${messageOf(cause)})`;
  // Through the ID's string form: the transaction may come from another copy of the SDK.
  const query = new TransactionReceiptQuery().setTransactionId(TransactionId.fromString(transactionId));
  return outcomeFromReceipt(transactionId, () => query.execute(client), (error) => `${why}, and its receipt could not be read (${messageOf(error)})`);
}

/**
 * The result of a submitted transaction from its receipt: SUCCESS, ERROR with the ledger's status,
 * or UNKNOWN with "do not retry" when the receipt cannot be read (`unreadable` says why).
 */
export async function outcomeFromReceipt(
  transactionId: string,
  readReceipt: () => Promise<TransactionReceipt>,
  unreadable: (error: unknown) => string,
): Promise<RawToolResult> {
  try {
    return { status: 'SUCCESS', transactionId, submitted: true, ...receiptFields(await readReceipt()) };
  } catch (error) {
    if (isReceiptStatusError(error)) {
      return { status: 'ERROR', errorCode: error.status.toString(), transactionId, error: error.message, submitted: true };
    }
    return { status: 'UNKNOWN', transactionId, submitted: true, error: `${unreadable(error)}. It may have been executed: do not retry; look the transaction ID up first.` };
  }
}
