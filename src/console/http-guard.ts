import type { IncomingMessage, ServerResponse } from 'node:http';
import { loopbackRefusal } from '../adapters/shared/loopback.js';
import { tokenHolder, type ApproverToken } from './approver-tokens.js';
import { redactedJson } from './safe-json.js';

/** Largest request body the console reads: a decision or a pause reason, never more. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Sent with every response. The page's script and style are files of their own, so the policy
 * allows no inline script or style at all; nothing may frame the console (clickjacking the approve
 * button), and the browser must not guess a type (a JSON answer read as HTML).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store',
});

/**
 * Why a request is refused before it is read, or undefined. On loopback the Host and any Origin must
 * name this machine (DNS rebinding, a page elsewhere driving the browser). Elsewhere an Origin, when
 * sent, must be the console's own: the page is the only web page allowed to call it.
 */
export function originRefusal(req: IncomingMessage, boundHost: string, loopback: boolean): string | undefined {
  if (loopback) return loopbackRefusal(req, boundHost);
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  let from: string | undefined;
  try {
    from = new URL(origin).host;
  } catch {
    from = undefined;
  }
  return from !== undefined && from === req.headers.host ? undefined : `Forbidden: requests from the web origin ${JSON.stringify(origin)} are not accepted; only the console's own page may call it`;
}

/** The approver the request's token names, or undefined; only the Authorization header counts (no cookie, so no cross-site request can carry it). */
export function requestApprover(req: IncomingMessage, holders: readonly ApproverToken[]): string | undefined {
  return tokenHolder(req.headers.authorization, holders);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = redactedJson(body);
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** A refusal: `{ error: { status, message } }`, the message saying what was wrong and what is accepted. */
export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  sendJson(res, status, { error: { status, message } }, headers);
}

export function sendFile(res: ServerResponse, type: string, text: string): void {
  res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': `${type}; charset=utf-8`, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/** A JSON object body, or the status and message to refuse it with. */
export type BodyResult = { body: Record<string, unknown> } | { status: number; message: string };

/**
 * Reads a JSON object body of at most MAX_BODY_BYTES. A larger declared length is refused before
 * reading; a body that grows past the limit stops being read and the connection is closed after
 * the refusal.
 */
export function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json(\s*;|$)/i.test(type)) return Promise.resolve({ status: 415, message: `Unsupported Media Type: send the body as application/json; got ${JSON.stringify(type || null)}` });
  const tooLarge = { status: 413, message: `Payload Too Large: request bodies are limited to ${MAX_BODY_BYTES} bytes` };
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return Promise.resolve(tooLarge);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.pause();
        resolve(tooLarge);
      } else chunks.push(chunk);
    });
    req.once('end', () => {
      if (size > MAX_BODY_BYTES) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      } catch (error) {
        resolve({ status: 400, message: `Bad Request: the body is not JSON (${(error as Error).message})` });
        return;
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) resolve({ status: 400, message: 'Bad Request: the body must be a JSON object' });
      else resolve({ body: parsed as Record<string, unknown> });
    });
    req.once('error', reject);
  });
}
