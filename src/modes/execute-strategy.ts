import type { Client, Transaction, TransactionReceipt } from '@hiero-ledger/sdk';
import { isPrecheckStatusError, isReceiptStatusError } from '../compat/sdk-values.js';
import { assertSealed } from '../lifecycle/approval-seal.js';
import { messageOf } from '../lifecycle/errors.js';
import type { RawToolResult } from '../lifecycle/tool-result.js';
import { freezeWithNodes } from './freeze-with-nodes.js';
import type { TransactionStrategy } from './transaction-strategy.js';

/**
 * AUTONOMOUS mode: the operator signs and submits, and the call waits for the receipt.
 * Once the network has accepted the transaction the result always carries its ID: a ledger failure
 * is `status: 'ERROR'` with the Hedera status as `errorCode`, and a receipt that never came is
 * `status: 'UNKNOWN'`, because an agent told "error" retries and a retried transfer pays twice.
 */
export class ExecuteStrategy implements TransactionStrategy {
  prepare(transaction: Transaction, client: Client): Transaction {
    return freezeWithNodes(transaction, client);
  }

  async finish(transaction: Transaction, client: Client): Promise<RawToolResult> {
    assertSealed(transaction);
    let response;
    try {
      response = await transaction.execute(client);
    } catch (error) {
      if (isPrecheckStatusError(error)) {
        // Refused at precheck: nothing reached consensus, so reporting an error is honest.
        return { status: 'ERROR', errorCode: error.status.toString(), transactionId: error.transactionId?.toString(), error: error.message, submitted: false };
      }
      throw error;
    }
    const transactionId = response.transactionId.toString();
    try {
      const receipt = await response.getReceipt(client);
      return { status: 'SUCCESS', transactionId, submitted: true, ...receiptFields(receipt) };
    } catch (error) {
      if (isReceiptStatusError(error)) {
        return { status: 'ERROR', errorCode: error.status.toString(), transactionId, error: error.message, submitted: true };
      }
      return { status: 'UNKNOWN', transactionId, submitted: true, error: `submitted, but the receipt could not be read: ${messageOf(error)}` };
    }
  }
}

/** The receipt fields tools report, as strings. */
export function receiptFields(receipt: TransactionReceipt): Record<string, unknown> {
  const fields: Record<string, unknown> = { receiptStatus: receipt.status.toString() };
  if (receipt.accountId) fields.accountId = receipt.accountId.toString();
  if (receipt.tokenId) fields.tokenId = receipt.tokenId.toString();
  if (receipt.topicId) fields.topicId = receipt.topicId.toString();
  if (receipt.scheduleId) fields.scheduleId = receipt.scheduleId.toString();
  if (receipt.serials?.length) fields.serials = receipt.serials.map((serial) => serial.toString());
  if (receipt.topicSequenceNumber && !receipt.topicSequenceNumber.isZero()) {
    fields.topicSequenceNumber = receipt.topicSequenceNumber.toString();
  }
  return fields;
}
