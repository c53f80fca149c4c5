import { isStatusError } from '../values/sdk-values.js';
import { messageOf } from '../errors/index.js';
import { failedToExecuteMessage } from './human-messages.js';
import { redactKeyMaterial } from './secret-text.js';
import type { RawToolResult, ToolResult } from './tool-result.js';

/**
 * Marks BaseTool's default handleError. The runner words a failure itself (stage, error code,
 * whether anything was sent) unless a tool brings its own handleError; the default is for callers
 * that ask a tool directly, as the Hedera Agent Kit's tests do. A registered symbol, so both
 * builds of this package (CommonJS and ES module) recognise it.
 */
const DEFAULT_HANDLE_ERROR = Symbol.for('hedera-agent-hooks.defaultHandleError');

export function markDefaultHandleError<F extends (...args: any[]) => unknown>(handler: F): F {
  Object.defineProperty(handler, DEFAULT_HANDLE_ERROR, { value: true, enumerable: false });
  return handler;
}

/** Whether a tool's handleError is the default one, i.e. the tool did not override it. */
export function isDefaultHandleError(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as { [DEFAULT_HANDLE_ERROR]?: unknown })[DEFAULT_HANDLE_ERROR] === true;
}

/**
 * The Hedera Agent Kit's error result for a tool named `toolName`: `Failed to execute <name>: <message>`
 * as both message and `raw.error`. An SDK status error (receipt, precheck, record; recognised by
 * shape) also gives the status name as `errorCode`, the transaction ID and the SDK's message as
 * `raw.error`: the network has seen that transaction, so its ID is never left out.
 */
export function defaultErrorResult(toolName: string, error: unknown): ToolResult {
  // A thrown non-Error is described too (the Hedera Agent Kit drops it), so the message says what failed.
  const message = redactKeyMaterial(failedToExecuteMessage(toolName, messageOf(error)));
  if (!isStatusError(error)) return { raw: { status: 'ERROR', error: message }, humanMessage: message };
  const raw: RawToolResult = { status: 'ERROR', errorCode: error.status.toString(), error: redactKeyMaterial(error.message) };
  const transactionId = error.transactionId?.toString();
  if (transactionId) raw.transactionId = transactionId;
  return { raw, humanMessage: message };
}
