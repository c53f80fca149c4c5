import { toJson } from '../../lifecycle/to-json.js';
import type { ToolResult } from '../../lifecycle/tool-result.js';
import { resultData, succeeded, type ResultData } from '../shared/result-data.js';

/** The MCP `tools/call` result for one kit result. */
export interface McpToolResult {
  [field: string]: unknown;
  content: { type: 'text'; text: string }[];
  /** The kit's result, `{ raw, humanMessage }`, as JSON data (see TOOL_RESULT_OUTPUT_SCHEMA). */
  structuredContent?: ResultData;
  isError?: boolean;
}

/**
 * Renders a kit result as MCP content: the sentence for the model first, then the machine-readable
 * result as JSON, and the whole result as `structuredContent` for clients that read the tool's
 * `outputSchema`. A block, invalid input or failure is an MCP tool error (`isError`), whose sentence
 * already says which policy refused and that retrying will not help; an executed transaction is
 * never reported as an error, even when a hook warned afterwards. `render` is the kit's redacting
 * JSON (`kit.redactor.toJson`), so SDK values a tool returns cannot carry a key out as they render.
 */
export function toMcpToolResult(result: ToolResult, render: (value: unknown) => string = toJson): McpToolResult {
  const data = resultData(result, render);
  const content: McpToolResult['content'] = [
    { type: 'text', text: data.humanMessage },
    { type: 'text', text: JSON.stringify(data.raw) },
  ];
  // A result that breaks the output schema is left out rather than sent for the client to reject;
  // it cannot be a success (no string status), so the client accepts it without.
  const structured = fitsOutputSchema(data) ? { structuredContent: data } : {};
  return succeeded(data) ? { content, ...structured } : { content, ...structured, isError: true };
}

function fitsOutputSchema(data: ResultData): boolean {
  const raw: unknown = data.raw;
  return typeof data.humanMessage === 'string' && raw !== null && typeof raw === 'object' && !Array.isArray(raw) && typeof (raw as { status?: unknown }).status === 'string';
}
