import type { CallOptions } from '../../lifecycle/call-options.js';

/** Kept equal to MAX_CALL_KEY_CHARS (src/kit/call-options.ts), which refuses longer IDs. */
const MAX_TOOL_CALL_ID = 256;

/**
 * The per-call options that carry the model's ID for a tool call (LangChain's `tool_call.id`, the AI
 * SDK's `toolCallId`, the MCP request's ID) to the span and the audit entry. A missing or empty ID
 * gives no options; an over-long one is cut rather than failing the model's call.
 */
export function modelCall(id: string | number | undefined | null): CallOptions | undefined {
  if (id === undefined || id === null || id === '') return undefined;
  return { toolCallId: String(id).slice(0, MAX_TOOL_CALL_ID) };
}
