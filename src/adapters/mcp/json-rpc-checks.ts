import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { toolInputRefusal } from './tool-input-refusal.js';

/** JSON-RPC 2.0 error codes the transport answers with itself. */
export const JSON_RPC = { PARSE_ERROR: -32700, INVALID_REQUEST: -32600, INVALID_PARAMS: -32602 } as const;

/**
 * How deep a message may nest objects and arrays. JSON.parse copes with any depth, but a recursive
 * walk (a schema, a copy, a redaction) overflows the stack long before 50 000 levels and takes the
 * server down, so deeper messages are refused before anything walks them. The kit's own limit on
 * tool arguments is tighter (16 levels) and answers as a tool error.
 */
export const MAX_MESSAGE_DEPTH = 64;

export type RequestId = string | number | null;

export type RpcError = { id: RequestId; code: number; message: string };

/**
 * What one message is: a message to hand to the server, the error response it gets instead (a
 * malformed JSON-RPC message), or the answer already made for it (a tools/call whose arguments fail
 * validation gets a tool result with `isError`, as the kit answers invalid input in-process).
 */
export type LineVerdict = { message: JSONRPCMessage } | { error: RpcError } | { reply: JSONRPCMessage };

/** Keys that reach an object's prototype when merged; refused as the kit refuses them in-process. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Path segments shown in a refusal; a 64-level path says nothing more than its first steps do. */
const SHOWN_PATH_SEGMENTS = 8;

/**
 * Reads one line of a JSON-RPC stream. Everything the SDK would drop silently (a line that is not
 * JSON, JSON that is no JSON-RPC message, a batch) or describe with a multi-line schema dump (bad
 * tools/call params) gets its standard error code and a one-line message here, and the connection
 * stays up.
 */
export function checkLine(line: string): LineVerdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return { error: { id: null, code: JSON_RPC.PARSE_ERROR, message: `Parse error: ${(error as Error).message}` } };
  }
  return checkContent(parsed);
}

/**
 * The sentence a JSON-RPC batch is refused with. MCP dropped batching in its 2025-06-18 revision
 * (2025-11-25 carries one message per stdio line or HTTP POST), so a batch is no MCP message: it is
 * answered with one Invalid Request error (id null), as JSON-RPC answers content it cannot take as
 * a request, and none of its requests runs. docs/adapters.md (MCP, "Batches are refused") says why.
 */
export const BATCH_REFUSAL =
  'Invalid Request: a JSON-RPC batch (an array) is not an MCP message; since MCP 2025-06-18 each request, notification or response is sent on its own. None of this batch ran: send its requests one at a time.';

/** The same checks for content already parsed from JSON (an HTTP request body, a message a transport handed over). */
export function checkContent(parsed: unknown): LineVerdict {
  if (Array.isArray(parsed)) return { error: { id: null, code: JSON_RPC.INVALID_REQUEST, message: BATCH_REFUSAL } };
  return checkMessage(parsed);
}

/** The checks for one message. */
export function checkMessage(parsed: unknown): LineVerdict {
  const id = idOf(parsed);
  const toolCall = (parsed as { method?: unknown } | null)?.method === 'tools/call';
  // A tool call's arguments first: input that fails validation is the model's to correct (MCP 2025-11-25).
  const inputRefusal = toolCall ? argumentsRefusal(parsed, id) : undefined;
  if (inputRefusal) return inputRefusal;
  // Before the SDK's schema or anything else walks the message.
  const tooDeep = firstProblem(parsed, '', false, 1);
  if (tooDeep) return { error: toolCall ? invalidParams(id, tooDeep) : { id, code: JSON_RPC.INVALID_REQUEST, message: `Invalid Request: ${tooDeep}` } };
  const message = JSONRPCMessageSchema.safeParse(parsed);
  if (!message.success) {
    return { error: { id, code: JSON_RPC.INVALID_REQUEST, message: 'Invalid Request: expected a JSON-RPC 2.0 request, notification or response object' } };
  }
  const problem = toolCall ? toolCallProblem((parsed as { params?: unknown }).params, id) : undefined;
  if (problem) return { error: invalidParams(id, problem) };
  return { message: message.data as JSONRPCMessage };
}

/**
 * A well-formed tools/call request (an ID, a tool name, an arguments object) whose arguments nest
 * too deep or hold a prototype-reaching key: answered with a tool result carrying `isError`, so the
 * model reads what to correct. A malformed request stays a protocol error (checked after this).
 */
function argumentsRefusal(parsed: unknown, id: RequestId): LineVerdict | undefined {
  const params = (parsed as { params?: unknown }).params;
  if (id === null || !isObject(params) || typeof params.name !== 'string' || !params.name || !isObject(params.arguments)) return undefined;
  // The arguments sit at depth 3 of the message (message, params, arguments).
  const problem = firstProblem(params.arguments, '', true, 3);
  return problem ? { reply: toolInputRefusal(id, params.name, problem) } : undefined;
}

function invalidParams(id: RequestId, problem: string): RpcError {
  return { id, code: JSON_RPC.INVALID_PARAMS, message: `Invalid params for tools/call: ${problem}` };
}

function idOf(value: unknown): RequestId {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function toolCallProblem(params: unknown, id: RequestId): string | undefined {
  if (!isObject(params)) return 'params must be an object { name, arguments? }';
  if (typeof params.name !== 'string' || !params.name) return 'params.name must be the tool name, a non-empty string';
  const args = params.arguments;
  if (args !== undefined && !isObject(args)) return 'params.arguments must be an object of the tool’s parameters';
  // A request's arguments were walked by argumentsRefusal. Without an ID (no request to answer with a
  // result) the keys still matter: JSON.parse makes "__proto__" an own key, which the SDK's schema
  // would drop, running the call anyway.
  return args === undefined || id !== null ? undefined : firstProblem(args, 'params.arguments', true, 3);
}

/** One container met on the walk; the path is rebuilt from the parents only for a refusal. */
interface Frame {
  readonly value: object;
  readonly depth: number;
  readonly parent: Frame | undefined;
  readonly key: string | number | undefined;
}

/**
 * The first problem in `root`: nesting past MAX_MESSAGE_DEPTH, or with `forbidKeys` a
 * prototype-reaching key. A loop over an explicit stack, never recursion, so no input can
 * exhaust the call stack; each value is visited once.
 */
function firstProblem(root: unknown, rootPath: string, forbidKeys: boolean, rootDepth: number): string | undefined {
  if (root === null || typeof root !== 'object') return undefined;
  const stack: Frame[] = [{ value: root, depth: rootDepth, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > MAX_MESSAGE_DEPTH) return `${pathOf(frame, rootPath) || 'the message'}: nested deeper than ${MAX_MESSAGE_DEPTH} levels; send flatter data`;
    const value = frame.value as Record<string, unknown>;
    if (Array.isArray(value)) {
      for (let at = value.length - 1; at >= 0; at--) push(stack, value[at], frame, at);
      continue;
    }
    const keys = Object.keys(value);
    for (let at = keys.length - 1; at >= 0; at--) {
      const key = keys[at]!;
      if (forbidKeys && FORBIDDEN_KEYS.has(key)) return `${pathOf({ value, depth: frame.depth + 1, parent: frame, key }, rootPath)}: the key "${key}" is not allowed`;
      push(stack, value[key], frame, key);
    }
  }
  return undefined;
}

function push(stack: Frame[], value: unknown, parent: Frame, key: string | number): void {
  if (value !== null && typeof value === 'object') stack.push({ value, depth: parent.depth + 1, parent, key });
}

/** `params.arguments.transfers[0]`: the path as refusals name fields, its first steps only when long. */
function pathOf(frame: Frame, rootPath: string): string {
  const keys: (string | number)[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) keys.push(at.key);
  keys.reverse();
  let text = rootPath;
  for (const key of keys.slice(0, SHOWN_PATH_SEGMENTS)) text += typeof key === 'number' ? `[${key}]` : text ? `.${key}` : key;
  return keys.length > SHOWN_PATH_SEGMENTS ? `${text}…` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
