import type { Client, Transaction } from '@hiero-ledger/sdk';
import { isPrecheckStatusError } from '../values/sdk-values.js';
import { assertTransactionBytesUnchanged } from '../lifecycle/approval/index.js';
import { messageOf } from '../errors/index.js';
import type { RawToolResult } from '../lifecycle/tool-result.js';
import { freezeWithNodes } from './freeze-with-nodes.js';
import { leavesOutcomeOpen, outcomeFromReceipt, settleOpenOutcome } from '../lifecycle/open-outcome.js';
import { ReachabilityGate } from './reachability-gate.js';
import { receiptFields } from '../lifecycle/receipt-fields.js';
import type { TransactionStrategy } from '../lifecycle/context.js';

export { receiptFields };

/**
 * AUTONOMOUS mode: the operator signs and submits, and the call waits for the receipt.
 * Once the network may have the transaction the result always carries its ID: a ledger failure
 * is `status: 'ERROR'` with the Hedera status as `errorCode`, and an outcome that cannot be read
 * is `status: 'UNKNOWN'`, because an agent told "error" retries and a retried transfer pays twice.
 * An answer that leaves the outcome open (DUPLICATE_TRANSACTION after a lost answer, a timeout) is
 * settled from the transaction's receipt before anything is reported.
 *
 * Before submitting, it checks that some node of the client accepts a connection (the verdict is
 * cached for a few seconds, see ReachabilityGate): with none, it throws a NodeUnreachableError
 * (E_NODE_UNREACHABLE) at once, which the runner reports through toolError as a call that sent
 * nothing, instead of waiting through the SDK's retries into an outcome nobody can establish.
 */
export class ExecuteStrategy implements TransactionStrategy {
  constructor(private readonly gate: ReachabilityGate = new ReachabilityGate()) {}

  prepare(transaction: Transaction, client: Client): Transaction {
    return freezeWithNodes(transaction, client);
  }

  async finish(transaction: Transaction, client: Client): Promise<RawToolResult> {
    assertTransactionBytesUnchanged(transaction);
    await this.gate.ensureReachable(client);
    let response;
    try {
      response = await transaction.execute(client);
    } catch (error) {
      const transactionId = transaction.transactionId?.toString();
      // The nodes answered the probe but not the call: the next call probes again.
      if (!isPrecheckStatusError(error)) this.gate.forget(client);
      if (transactionId && leavesOutcomeOpen(error)) return settleOpenOutcome(transactionId, client, error);
      if (isPrecheckStatusError(error)) {
        // Refused at precheck: nothing reached consensus, so reporting an error is honest.
        return { status: 'ERROR', errorCode: error.status.toString(), transactionId: error.transactionId?.toString(), error: error.message, submitted: false };
      }
      throw error;
    }
    const transactionId = response.transactionId.toString();
    const submitted = response;
    return outcomeFromReceipt(transactionId, () => submitted.getReceipt(client), (error) => `submitted, but the receipt could not be read: ${messageOf(error)}`);
  }
}
