import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkContent, JSON_RPC, type RequestId } from './json-rpc-checks.js';
import { toolInputRefusal } from './tool-input-refusal.js';
import { RequestIdScanner } from './request-id-scanner.js';

// Loopback checks live in adapters/shared (the metrics endpoint and the console use them without MCP).
export { isLoopback, loopbackRefusal, urlHost } from '../shared/loopback.js';

/** The code the MCP SDK answers HTTP-level refusals with (JSON-RPC's "server error" range). */
const SERVER_ERROR = -32000;

/**
 * What reading a POST body gave: the parsed JSON, the error response to send instead, or the answer
 * already made for it (a tool call's invalid arguments, as a tool result; `close` when the rest of
 * an oversize body was not read).
 */
export type BodyVerdict = { body: unknown } | { status: number; id: RequestId; code: number; message: string } | { reply: JSONRPCMessage; close: boolean };

/**
 * How much of an oversize body is read (and dropped) so that the client, still sending, can read
 * the refusal: a server that stops reading makes the client's write fail with a reset connection
 * and it never sees the answer. Past this the connection is cut.
 */
const DRAIN_FACTOR = 16;

/**
 * Reads and checks a POST body as the stdio transport checks a line: at most `maxBytes`, JSON, one
 * JSON-RPC message (no batch: MCP has had none since 2025-06-18) nested at most MAX_MESSAGE_DEPTH
 * deep, and tools/call params an object without prototype-reaching keys (the SDK's schema would drop
 * those and run the call anyway). A well-formed tools/call whose arguments fail those checks, or
 * whose body is over `maxBytes`, is answered with a tool result carrying `isError` (HTTP 200), for
 * the model to correct. A refused request that has an ID is answered as that request (HTTP 200, a
 * JSON-RPC error), so the client's call fails with the reason; anything else gets the HTTP status
 * the SDK uses (413 for an oversize body, with its ID when read).
 */
export async function readCheckedBody(req: IncomingMessage, maxBytes: number): Promise<BodyVerdict> {
  const read = await readBody(req, maxBytes);
  if (typeof read !== 'string') {
    if (read.method === 'tools/call' && read.id !== null) {
      return { reply: toolInputRefusal(read.id, read.name ?? 'tool', `the request is over ${maxBytes} bytes, the largest message this server reads; it was not read. Send smaller arguments`), close: true };
    }
    return { status: 413, id: read.id, code: JSON_RPC.INVALID_REQUEST, message: `Request too large: messages are limited to ${maxBytes} bytes` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(read);
  } catch (error) {
    return { status: 400, id: null, code: JSON_RPC.PARSE_ERROR, message: `Parse error: ${(error as Error).message}` };
  }
  const verdict = checkContent(parsed);
  if ('error' in verdict) return { status: verdict.error.id === null ? 400 : 200, ...verdict.error };
  if ('reply' in verdict) return { reply: verdict.reply, close: false };
  return { body: parsed };
}

/**
 * The body as text, or, once it passes `maxBytes`, the ID, method and tool name of the request it carries (read as the
 * bytes pass, none kept). The rest of an oversize body is drained up to DRAIN_FACTOR times the
 * limit so the refusal reaches the client; a larger one is cut off once the refusal is sent.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<string | { id: RequestId; method?: string; name?: string }> {
  const declared = Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let scanner: RequestIdScanner | undefined;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', reject);
    };
    const refuse = (): void => {
      stop();
      // Nothing more is read: the socket is closed once the refusal went out (see the caller).
      req.pause();
      resolve({ id: scanner?.requestId ?? null, method: scanner?.method, name: scanner?.paramsName });
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (scanner) scanner.feed(chunk);
      else if (size <= maxBytes) chunks.push(chunk);
      else {
        scanner = new RequestIdScanner();
        for (const kept of chunks) scanner.feed(kept);
        scanner.feed(chunk);
        chunks.length = 0;
      }
      if (size > maxBytes * DRAIN_FACTOR) refuse();
    };
    const onEnd = (): void => {
      stop();
      resolve(scanner ? { id: scanner.requestId, method: scanner.method, name: scanner.paramsName } : Buffer.concat(chunks).toString('utf8'));
    };
    // A declared length past what is drained is refused before reading anything.
    if (declared > maxBytes * DRAIN_FACTOR) {
      req.pause();
      resolve({ id: null });
      return;
    }
    if (declared > maxBytes) scanner = new RequestIdScanner();
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', reject);
  });
}

/** Sends one JSON-RPC error object with an HTTP status, as the SDK's transport does. */
export function sendJsonRpcError(res: ServerResponse, status: number, message: string, id: string | number | null = null, code = SERVER_ERROR, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}

/** Sends an answer made for a request (a JSON-RPC response) with HTTP 200, as the SDK answers in JSON mode. */
export function sendJsonRpcReply(res: ServerResponse, reply: JSONRPCMessage, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(reply));
}
