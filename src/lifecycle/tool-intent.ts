/**
 * What a tool does to the ledger, with the Hedera Agent Kit's values so filters written for it carry
 * over: `'query'` reads, `'transaction'` builds (and, by mode, submits) a transaction, `'other'` is
 * anything else and the default.
 *
 * @example
 * kit.listTools().filter((tool) => tool.toolType === TOOL_TYPE.QUERY)
 */
export const TOOL_TYPE = Object.freeze({
  QUERY: 'query',
  TRANSACTION: 'transaction',
  OTHER: 'other',
} as const);

export type ToolType = (typeof TOOL_TYPE)[keyof typeof TOOL_TYPE];

const toolTypes: ReadonlySet<string> = new Set(Object.values(TOOL_TYPE));

export function isToolType(value: unknown): value is ToolType {
  return typeof value === 'string' && toolTypes.has(value);
}

/** Turns the text a tool returned to an LLM back into its result (the Hedera Agent Kit's `outputParser`). */
export type OutputParser = (rawOutput: string) => { raw: any; humanMessage: string };
