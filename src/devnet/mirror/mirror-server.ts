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
 * seconds; here a committed transaction is visible at once). Plain node:http: GET routes from one
 * table (`routes.ts`) do not need a framework.
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
    let response: MirrorResponse;
    if (injectedStatus !== undefined) return this.send(req, res, { status: injectedStatus, body: errorBody(injectedStatus === 404 ? 'Not found' : STATUS_CODES[injectedStatus] ?? 'Error') });
    try {
      response = req.method === 'GET' || req.method === 'HEAD' ? this.route(req.url ?? '/') : { status: 405, body: errorBody('Method not allowed') };
    } catch (error) {
      response = error instanceof MirrorParamError ? badRequest(...error.messages) : { status: 500, body: errorBody('Internal error') };
    }
    this.send(req, res, response);
  }

  private send(req: IncomingMessage, res: ServerResponse, response: MirrorResponse): void {
    const text = JSON.stringify(response.body);
    res.writeHead(response.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  private route(url: string): MirrorResponse {
    const parsed = new URL(url, 'http://devnet');
    // Real links.next already start with /api/v1 and some clients prefix it again; accept both.
    const match = /^(?:\/api\/v1)+(\/.*?)\/?$/.exec(parsed.pathname);
    if (!match) return notFound();
    const path = match[1];
    const found = matchRoute(this.routes, path);
    if (!found) return notFound();
    const query = new MirrorQuery(parsed.searchParams, found.route.accepted);
    // The mirror shows what consensus has reached by now, schedules that ran or lapsed at expiry included
    // (a scheduled contract call still running is seen by the next request; a devnet fault in it is not
    // the reader's, so it does not fail this one).
    this.ledger.runDue()?.catch(() => undefined);
    return found.route.handle({ ledger: this.ledger, node: this.node, params: found.params, query, path });
  }
}
