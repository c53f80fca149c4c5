import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC 2.0 error codes the transport answers with itself. */
export const JSON_RPC = { PARSE_ERROR: -32700, INVALID_REQUEST: -32600, INVALID_PARAMS: -32602 } as const;

type RequestId = string | number | null;

/** What a line of input is: a message to hand to the server, or the error response it gets instead. */
export type LineVerdict = { message: JSONRPCMessage } | { error: { id: RequestId; code: number; message: string } };

/** Keys that reach an object's prototype when merged; refused as the kit refuses them in-process. */
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * Reads one line of a JSON-RPC stream. Everything the SDK would drop silently (a line that is not
 * JSON, JSON that is no JSON-RPC message) or describe with a multi-line schema dump (bad tools/call
 * params) gets its standard error code and a one-line message here, and the connection stays up.
 */
export function checkLine(line: string): LineVerdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return { error: { id: null, code: JSON_RPC.PARSE_ERROR, message: `Parse error: ${(error as Error).message}` } };
  }
  return checkMessage(parsed);
}

/** The same checks for one message already parsed from JSON (an HTTP request body, or one item of a batch). */
export function checkMessage(parsed: unknown): LineVerdict {
  const id = idOf(parsed);
  const message = JSONRPCMessageSchema.safeParse(parsed);
  if (!message.success) {
    return { error: { id, code: JSON_RPC.INVALID_REQUEST, message: 'Invalid Request: expected a JSON-RPC 2.0 request, notification or response object' } };
  }
  const problem = (parsed as { method?: unknown }).method === 'tools/call' ? toolCallProblem((parsed as { params?: unknown }).params) : undefined;
  if (problem) return { error: { id, code: JSON_RPC.INVALID_PARAMS, message: `Invalid params for tools/call: ${problem}` } };
  return { message: message.data as JSONRPCMessage };
}

function idOf(value: unknown): RequestId {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function toolCallProblem(params: unknown): string | undefined {
  if (!isObject(params)) return 'params must be an object { name, arguments? }';
  if (typeof params.name !== 'string' || !params.name) return 'params.name must be the tool name, a non-empty string';
  const args = params.arguments;
  if (args !== undefined && !isObject(args)) return 'params.arguments must be an object of the tool’s parameters';
  return args === undefined ? undefined : forbiddenKeyIn(args, 'params.arguments');
}

function forbiddenKeyIn(value: unknown, path: string): string | undefined {
  if (Array.isArray(value)) {
    for (let at = 0; at < value.length; at++) {
      const found = forbiddenKeyIn(value[at], `${path}[${at}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  // JSON.parse makes "__proto__" an own key; the SDK's schema would drop it and run the call anyway.
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.includes(key)) return `${path}.${key}: the key "${key}" is not allowed`;
    const found = forbiddenKeyIn(value[key], `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
