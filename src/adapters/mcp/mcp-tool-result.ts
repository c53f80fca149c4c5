import { toJson } from '../../lifecycle/to-json.js';
import type { ToolResult } from '../../lifecycle/tool-result.js';

/** The MCP `tools/call` result for one kit result. */
export interface McpToolResult {
  [field: string]: unknown;
  content: { type: 'text'; text: string }[];
  isError?: boolean;
}

/**
 * Renders a kit result as MCP content: the sentence for the model first, then the machine-readable
 * result as JSON. A block, invalid input or failure is an MCP tool error (`isError`), whose sentence
 * already says which policy refused and that retrying will not help; an executed transaction is
 * never reported as an error, even when a hook warned afterwards. `render` is the kit's redacting
 * JSON (`kit.redactor.toJson`), so SDK values a tool returns cannot carry a key out as they render.
 */
export function toMcpToolResult(result: ToolResult, render: (value: unknown) => string = toJson): McpToolResult {
  const content: McpToolResult['content'] = [
    { type: 'text', text: result.humanMessage },
    { type: 'text', text: render(result.raw) },
  ];
  return result.raw.status === 'SUCCESS' ? { content } : { content, isError: true };
}
