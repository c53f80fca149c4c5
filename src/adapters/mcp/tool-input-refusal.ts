import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { InvalidParamsError } from '../../errors/index.js';
import { invalidParamsMessage } from '../../lifecycle/human-messages.js';
import type { ToolResult } from '../../lifecycle/tool-result.js';
import { toMcpToolResult } from './mcp-tool-result.js';

/**
 * The answer to a tools/call whose arguments the transport cannot hand on (nested past the message
 * depth limit, a prototype-reaching key, over the size limit): a tool result with `isError`, worded
 * and shaped as the kit words invalid input in-process (`E_INVALID_PARAMS`, the field's path, what to
 * do), so the model can correct the call. MCP 2025-11-25 asks for input validation errors as tool
 * execution errors rather than protocol errors. The kit never saw the call: no hook ran, nothing
 * was sent, and the result says `submitted: false`.
 */
export function toolInputRefusal(id: string | number, toolName: string, problem: string): JSONRPCMessage {
  const error = new InvalidParamsError(toolName, [problem]);
  const result: ToolResult = {
    raw: { status: 'ERROR', errorCode: error.code, error: error.message, issues: [problem], submitted: false },
    humanMessage: invalidParamsMessage(error),
  };
  return { jsonrpc: '2.0', id, result: toMcpToolResult(result) } as JSONRPCMessage;
}
