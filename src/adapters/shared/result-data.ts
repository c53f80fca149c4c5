import { toJson } from '../../lifecycle/to-json.js';
import type { ToolResult } from '../../lifecycle/tool-result.js';

/** A kit result as plain JSON data: what an adapter hands a framework beside the model's text. */
export interface ResultData {
  raw: { status: string; [field: string]: unknown };
  humanMessage: string;
}

/**
 * The kit's result as JSON data: SDK values as their string forms, bytes as base64, bigints as
 * strings. `render` is the kit's redacting JSON (`kit.redactor.toJson`), so a value a framework
 * serialises later in its own way (a trace, a UI stream) cannot carry a key out.
 *
 * @example
 * const data = resultData(await kit.execute('transfer_hbar_tool', args), (value) => kit.redactor.toJson(value));
 */
export function resultData(result: ToolResult, render: (value: unknown) => string = toJson): ResultData {
  return JSON.parse(render(result)) as ResultData;
}

/**
 * Whether the framework should see the call as a success: only `SUCCESS` is. A block, a failure and
 * an UNKNOWN outcome are errors there, each with a sentence saying whether retrying makes sense.
 */
export function succeeded(data: ResultData | undefined): boolean {
  return data?.raw?.status === 'SUCCESS';
}
