import { AccountId, TransactionId, type Client, type Transaction } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import { AgentHooksError, ErrorCode } from '../errors/index.js';
import { assertTransactionBytesUnchanged } from '../lifecycle/approval/index.js';
import type { RawToolResult } from '../lifecycle/tool-result.js';
import { freezeWithNodes } from './freeze-with-nodes.js';
import { scheduledTransactionIdOf } from '../lifecycle/scheduled-transaction.js';
import type { TransactionStrategy } from '../lifecycle/context.js';

/**
 * RETURN_BYTES mode: the transaction is frozen with `context.accountId` as payer and handed back as
 * bytes for the user's wallet to sign. Nothing is submitted. The result says when the bytes expire
 * (valid start plus the valid duration), after which the network refuses them.
 */
export class ReturnBytesStrategy implements TransactionStrategy {
  prepare(transaction: Transaction, client: Client, context: Context): Transaction {
    if (transaction.isFrozen()) return transaction;
    if (!context.accountId) {
      throw new AgentHooksError(ErrorCode.MODE, 'RETURN_BYTES mode needs context.accountId: the account that will pay for and sign the transaction.');
    }
    let payer: AccountId;
    try {
      payer = AccountId.fromString(context.accountId);
    } catch {
      throw new AgentHooksError(ErrorCode.MODE, `context.accountId "${context.accountId}" is not an account ID; expected shard.realm.num, e.g. 0.0.1234.`);
    }
    if (!transaction.transactionId) transaction.setTransactionId(TransactionId.generate(payer));
    return freezeWithNodes(transaction, client);
  }

  async finish(transaction: Transaction): Promise<RawToolResult> {
    assertTransactionBytesUnchanged(transaction);
    const transactionId = transaction.transactionId;
    const validStart = transactionId?.validStart?.toDate();
    const expiresAt = validStart
      ? new Date(validStart.getTime() + transaction.transactionValidDuration * 1000).toISOString()
      : undefined;
    const scheduledTransactionId = scheduledTransactionIdOf(transaction);
    return {
      status: 'SUCCESS',
      bytes: transaction.toBytes(),
      transactionId: transactionId?.toString(),
      expiresAt,
      submitted: false,
      // A ScheduleCreate's bytes: the ID its inner transaction will run under once they are submitted.
      ...(scheduledTransactionId ? { scheduledTransactionId } : {}),
    };
  }
}
