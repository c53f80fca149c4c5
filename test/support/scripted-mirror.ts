import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply = { status: number; body?: unknown };

/** A real HTTP server on loopback that answers each request from a script and records the URLs. */
export class ScriptedMirror {
  readonly requests: string[] = [];
  /** `METHOD url body` of every request, for the routes where method and body matter. */
  readonly calls: string[] = [];
  private readonly replies = new Map<string, Reply[]>();
  private server!: Server;
  url = '';

  reply(pathPrefix: string, ...replies: Reply[]): void {
    this.replies.set(pathPrefix, replies);
  }

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? '';
      this.requests.push(url);
      let body = '';
      req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      // Answer once the body is in, so `calls` is complete when the client sees the reply.
      req.on('end', () => {
        this.calls.push(`${req.method} ${url} ${body}`.trim());
        const key = [...this.replies.keys()].filter((prefix) => url.startsWith(prefix)).sort((a, b) => b.length - a.length)[0];
        const queue = key ? this.replies.get(key)! : [];
        const next = queue.length > 1 ? queue.shift()! : queue[0] ?? { status: 404, body: { _status: { messages: [{ message: 'Not found' }] } } };
        res.writeHead(next.status, { 'content-type': 'application/json' });
        res.end(next.body === undefined ? '' : typeof next.body === 'string' ? next.body : JSON.stringify(next.body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
