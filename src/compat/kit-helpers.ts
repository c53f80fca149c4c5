import type { Client, Transaction } from '@hiero-ledger/sdk';
import { AgentHooksError, ErrorCode } from '../errors/index.js';
import type { Context } from '../lifecycle/context.js';
import type { RawToolResult, ToolResult } from '../lifecycle/tool-result.js';
import { isHandleStrategy } from '../modes/handle-strategy.js';
import { strategyForMode } from '../modes/strategy-for-mode.js';
import { AgentMode, returnsBytes } from '../values/agent-mode.js';
import { kitOutcomeMessage, type KitPostProcess } from './kit-outcome-message.js';

/*
 * The helpers a tool author imports from the Hedera Agent Kit's root, with the same names, inputs
 * and answers, so a tool written against that kit compiles and behaves the same here. Where this
 * kit's rules differ (an outcome nobody knows, a transaction sent through this kit's strategy),
 * the JSDoc says so.
 */

/** The `raw.status` values the Hedera Agent Kit's parsers and classifier read. */
export const TOOL_STATUS = Object.freeze({ SUCCESS: 'SUCCESS', ERROR: 'ERROR', PARSE_ERROR: 'PARSE_ERROR' } as const);

/** Whether `mode` hands back bytes instead of submitting (RETURN_BYTES, CUSTOM_RETURN_BYTES). */
export function isReturnBytesMode(mode: unknown): boolean {
  return returnsBytes(mode as AgentMode);
}

/** Whether `mode` hands transactions to a strategy of the caller's (CUSTOM_EXECUTE_TX, CUSTOM_RETURN_BYTES). */
export function isCustomMode(mode: unknown): boolean {
  return mode === AgentMode.CUSTOM_EXECUTE_TX || mode === AgentMode.CUSTOM_RETURN_BYTES;
}

/** What `classifyToolResult` makes of a parsed tool output. */
export type ClassifiedToolResult =
  | { kind: 'success'; transactionId: string | undefined; data: Record<string, unknown>; humanMessage: unknown }
  | { kind: 'failure'; errorCode: string; transactionId: string | undefined; error: unknown; humanMessage: unknown }
  | { kind: 'parse_error'; originalOutput: unknown; humanMessage: unknown }
  | { kind: 'unknown'; humanMessage: unknown };

/**
 * Sorts a tool's parsed output (`{ raw, humanMessage }`, as an output parser returns it) into
 * success, failure, parse error or unknown, as the Hedera Agent Kit does: by `raw.status`, a
 * string `raw.error` meaning failure, `raw.errorCode` (else the status) naming it.
 *
 * One difference, on this kit's own status only: `raw.status 'UNKNOWN'` (a transaction whose outcome
 * nobody could establish) is `unknown`, never `failure`, even with an `error` text: it may have run.
 *
 * @example
 * const verdict = classifyToolResult(tool.outputParser!(await api.run(tool.method, args)));
 * if (verdict.kind === 'failure') console.log(verdict.errorCode);
 */
export function classifyToolResult(parsed: { raw?: unknown; humanMessage?: unknown }): ClassifiedToolResult {
  const { raw, humanMessage } = parsed;
  if (raw === null || raw === undefined || typeof raw !== 'object') {
    return { kind: 'parse_error', originalOutput: raw, humanMessage: humanMessage || 'Error: Tool output had an unexpected format.' };
  }
  const fields = raw as Record<string, unknown>;
  const transactionId = typeof fields.transactionId === 'string' ? fields.transactionId : undefined;
  if (fields.status === TOOL_STATUS.PARSE_ERROR) return { kind: 'parse_error', originalOutput: 'originalOutput' in fields ? fields.originalOutput : raw, humanMessage };
  if (fields.status === TOOL_STATUS.SUCCESS) return { kind: 'success', transactionId, data: fields, humanMessage };
  if (fields.status === 'UNKNOWN') return { kind: 'unknown', humanMessage };
  if (fields.status === TOOL_STATUS.ERROR || typeof fields.error === 'string') {
    const errorCode = typeof fields.errorCode === 'string' ? fields.errorCode : typeof fields.status === 'string' ? fields.status : 'UNKNOWN';
    return { kind: 'failure', errorCode, transactionId, error: typeof fields.error === 'string' ? fields.error : humanMessage, humanMessage };
  }
  return { kind: 'unknown', humanMessage };
}

/** The Hedera Agent Kit's sentence for a custom mode without a strategy; code written against it matches on it. */
const NO_STRATEGY = 'transactionStrategy must be provided in Context when AgentMode is CUSTOM_EXECUTE_TX or CUSTOM_RETURN_BYTES';

/**
 * Finishes a built transaction as `context.mode` says, for a tool's `secondaryAction`, as the Hedera
 * Agent Kit's helper of that name does: a custom mode hands it to `context.transactionStrategy`
 * (`handle(tx, client, context, postProcess)`, whose answer comes back as it is) and refuses to run
 * without one, with that kit's sentence; `postProcess` words a successful receipt.
 *
 * The other modes go through this kit's strategies, so its outcome rules hold: a transaction whose
 * outcome is unknown says so, a ledger failure is an `ERROR` result naming its status. The answer is
 * always `{ raw, humanMessage }`, also in RETURN_BYTES (the Hedera Agent Kit returns the bytes'
 * fields alone there), so the kit's result rules read it.
 *
 * @example
 * async secondaryAction(tx: TransferTransaction, client: Client, context: Context) {
 *   return handleTransaction(tx, client, context, (receipt) => `Sent: ${(receipt as { transactionId: string }).transactionId}`);
 * }
 */
export async function handleTransaction(transaction: Transaction, client: Client, context: Context, postProcess?: KitPostProcess): Promise<unknown> {
  const ownStrategy = context.strategy && typeof context.strategy.finish === 'function' && typeof context.strategy.prepare === 'function';
  if (isCustomMode(context.mode) && !ownStrategy) {
    if (!isHandleStrategy(context.transactionStrategy)) {
      throw new AgentHooksError(ErrorCode.MODE, `${NO_STRATEGY} (context.mode is ${String(context.mode)}; context.transactionStrategy must be an object with handle(tx, client, context)).`);
    }
    return context.transactionStrategy.handle(transaction, client, context, postProcess);
  }
  const strategy = strategyForMode(context);
  // Inside a kit the transaction was prepared (frozen) before the policies judged it; alone, it is prepared here.
  const ready = transaction.isFrozen() ? transaction : await strategy.prepare(transaction, client, context);
  const raw: RawToolResult = await strategy.finish(ready, client, context);
  const result: ToolResult = { raw, humanMessage: kitOutcomeMessage('transaction', raw, postProcess) };
  return result;
}
