import type { Transaction } from '@hiero-ledger/sdk';
import { isSdkTransaction, looksLikeTransaction } from '../values/sdk-values.js';
import type { DrivableTool } from './drivable-tool.js';
import { AgentHooksError, ErrorCode, describeValue } from '../errors/index.js';
import { unreportedTransactionMessage, unsentTransactionMessage } from './human-messages.js';
import { asToolResult, isResultEnvelope } from './result-shape.js';
import type { RawToolResult, ToolResult } from './tool-result.js';

/* What the tool's own steps handed back, read as the runner must read it. */

/**
 * Whether the core action's result is a transaction, refusing results the kit cannot identify: a
 * value with the marks of unsent work (execute, freezeWith) that this kit cannot drive would
 * otherwise be wrapped as a SUCCESS that never reached the ledger. (A result meant for submission
 * that is no transaction at all is refused by BaseTool.secondaryAction.)
 */
export function checkedCoreResult(tool: DrivableTool, result: unknown): result is Transaction {
  if (isSdkTransaction(result)) return true;
  if (looksLikeTransaction(result)) {
    throw new AgentHooksError(
      ErrorCode.TOOL_RESULT,
      `${tool.method}: the core action returned ${describeValue(result)}, which looks like an unsent transaction or query but is not one this kit can sign and submit; nothing was sent. Build it with @hiero-ledger/sdk (2.x) or return a plain result.`,
    );
  }
  return false;
}

/**
 * What a secondaryAction returned, as a result (see `asToolResult`). One that handed a transaction
 * to a secondaryAction and got no `{ raw, … }` back cannot tell whether it was sent: that is UNKNOWN,
 * with the transaction's ID, never a SUCCESS.
 */
export function secondaryResult(tool: DrivableTool, coreActionResult: unknown, value: unknown): ToolResult {
  if (isResultEnvelope(value) || !isSdkTransaction(coreActionResult)) return asToolResult(tool.name, value);
  const transactionId = coreActionResult.transactionId?.toString();
  const raw: RawToolResult = {
    status: 'UNKNOWN',
    error: `${tool.method}: its secondaryAction returned ${describeValue(value)}, not { raw, humanMessage }, so whether the transaction was submitted is not known`,
    data: value,
  };
  if (transactionId) raw.transactionId = transactionId;
  return { raw, humanMessage: unreportedTransactionMessage(tool.name, transactionId) };
}

/**
 * A transaction the tool built but asked not to submit: the Hedera Agent Kit hands it back as is; here
 * it comes back too, under a status that cannot be mistaken for an executed (or prepared) one.
 */
export function unsentResult(tool: DrivableTool, transaction: Transaction): ToolResult {
  return {
    raw: { status: 'NOT_SUBMITTED', submitted: false, transactionType: transaction.constructor?.name ?? 'Transaction', transaction },
    humanMessage: unsentTransactionMessage(tool.name),
  };
}
