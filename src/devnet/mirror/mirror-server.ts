import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Ledger } from '../ledger/ledger.js';
import type { MirrorFaults } from './mirror-faults.js';
import { badRequest, errorBody, MirrorParamError, notFound, type MirrorNodeInfo, type MirrorResponse } from './mirror-http.js';
import { MirrorQuery } from './mirror-query.js';
import { matchRoute, type MirrorRoute } from './mirror-router.js';

export interface MirrorServerOptions {
  faults?: MirrorFaults;
  /** where the consensus node listens, for `/network/nodes` */
  node?: MirrorNodeInfo;
}

/**
 * The mirror-node REST subset, answered straight from the ledger (a real mirror lags consensus by
 * seconds; here a committed transaction is visible at once). Plain node:http: the routes of one
 * table (`routes.ts`, GET but for the POST of `/contracts/call`) do not need a framework.
 */
export class MirrorServer {
  private readonly server: Server;
  private readonly timers = new Set<NodeJS.Timeout>();

  private readonly faults?: MirrorFaults;
  private readonly node: MirrorNodeInfo;

  constructor(private readonly ledger: Ledger, private readonly routes: readonly MirrorRoute[], options: MirrorServerOptions = {}) {
    this.faults = options.faults;
    this.node = options.node ?? { grpcEndpoint: () => undefined };
    this.server = createServer((req, res) => this.onRequest(req, res));
    this.server.keepAliveTimeout = 1000;
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const fault = this.faults?.take(req.url ?? '/') ?? { latencyMs: 0 };
    if (fault.latencyMs <= 0) return this.answer(req, res, fault.status);
    const timer = setTimeout(() => { this.timers.delete(timer); this.answer(req, res, fault.status); }, fault.latencyMs);
    this.timers.add(timer);
  }

  private answer(req: IncomingMessage, res: ServerResponse, injectedStatus?: number): void {
    if (injectedStatus !== undefined) return this.send(req, res, { status: injectedStatus, body: errorBody(injectedStatus === 404 ? 'Not found' : STATUS_CODES[injectedStatus] ?? 'Error') });
    const answered = req.method === 'GET' || req.method === 'HEAD' ? this.route(req.url ?? '/', 'GET')
      : req.method === 'POST' ? readJsonBody(req).then((body) => ('status' in body ? body : this.route(req.url ?? '/', 'POST', body.json)))
        : { status: 405, body: errorBody('Method not allowed') };
    if (!(answered instanceof Promise)) return this.send(req, res, answered);
    // A socket closed while the EVM ran (a stopped devnet) has nobody left to answer.
    answered.catch(answerOfError).then((response) => this.send(req, res, response)).catch(() => undefined);
  }

  private send(req: IncomingMessage, res: ServerResponse, response: MirrorResponse): void {
    const text = JSON.stringify(response.body);
    res.writeHead(response.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  private route(url: string, method: 'GET' | 'POST', body?: unknown): MirrorResponse | Promise<MirrorResponse> {
    try {
      const parsed = new URL(url, 'http://devnet');
      // Real links.next already start with /api/v1 and some clients prefix it again; accept both.
      const match = /^(?:\/api\/v1)+(\/.*?)\/?$/.exec(parsed.pathname);
      if (!match) return notFound();
      const path = match[1];
      const found = matchRoute(this.routes, path, method);
      // Only /contracts/call takes a POST; the other paths answer it as the mirror does.
      if (!found) return method === 'POST' ? { status: 405, body: errorBody('Method not allowed') } : notFound();
      const query = new MirrorQuery(parsed.searchParams, found.route.accepted);
      // The mirror shows what consensus has reached by now, schedules that ran or lapsed at expiry included
      // (a scheduled contract call still running is seen by the next request; a devnet fault in it is not
      // the reader's, so it does not fail this one).
      this.ledger.runDue()?.catch(() => undefined);
      return found.route.handle({ ledger: this.ledger, node: this.node, params: found.params, query, path, ...(method === 'POST' ? { body } : {}) });
    } catch (error) {
      return answerOfError(error);
    }
  }
}

/** A parameter problem is the mirror's 400; anything else an internal error, without details. */
function answerOfError(error: unknown): MirrorResponse {
  return error instanceof MirrorParamError ? badRequest(...error.messages) : { status: 500, body: errorBody('Internal error') };
}

/** Larger request bodies are refused: `/contracts/call` data is at most 262 146 hex digits. */
const MAX_BODY_BYTES = 1_048_576;

/**
 * The JSON body of a POST, or the answer that refuses it: 415 unless the content type is JSON, 400 for
 * a body that does not parse or is too large (the mirror's web3 module answers so too).
 */
function readJsonBody(req: IncomingMessage): Promise<{ json: unknown } | MirrorResponse> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[\w.+-]*\+json$/.test(type)) {
    req.resume();
    const shown = type || 'application/octet-stream';
    return Promise.resolve({ status: 415, body: errorBody({ message: 'Unsupported Media Type', detail: `Content-Type '${shown}' is not supported.` }) });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('error', () => resolve(badRequest({ message: 'Bad Request', detail: 'Failed to read request' })));
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return resolve(badRequest({ message: 'Bad Request', detail: `Request body exceeds ${MAX_BODY_BYTES} bytes` }));
      try {
        resolve({ json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      } catch {
        resolve(badRequest({ message: 'Bad Request', detail: 'Failed to read request' }));
      }
    });
  });
}
