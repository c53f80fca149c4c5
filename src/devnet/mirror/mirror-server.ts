import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Ledger } from '../ledger/ledger.js';
import { badRequest, MirrorParamError, notFound, type MirrorResponse, type MirrorRoute } from './mirror-http.js';

/**
 * The mirror-node REST subset, answered straight from the ledger (a real mirror lags consensus by
 * seconds; here a committed transaction is visible at once). Plain node:http: a handful of GET routes
 * do not need a framework.
 */
export class MirrorServer {
  private readonly server: Server;

  constructor(private readonly ledger: Ledger, private readonly routes: MirrorRoute[]) {
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
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    let response: MirrorResponse;
    try {
      response = req.method === 'GET' || req.method === 'HEAD' ? this.route(req.url ?? '/') : { status: 405, body: { _status: { messages: [{ message: 'Method not allowed' }] } } };
    } catch (error) {
      response = error instanceof MirrorParamError ? badRequest(error.message) : { status: 500, body: { _status: { messages: [{ message: 'Internal error' }] } } };
    }
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
    for (const route of this.routes) {
      const captures = route.pattern.exec(path);
      if (captures) return route.handle({ ledger: this.ledger, params: captures.slice(1), query: parsed.searchParams, path });
    }
    return notFound();
  }
}
