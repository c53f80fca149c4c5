import type { ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from './http-guard.js';
import { redactedJson } from './safe-json.js';

/** Most pages following one console at once: each holds a connection open. */
export const MAX_EVENT_CLIENTS = 64;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/** The server-sent event streams of the pages following the console. */
export class EventStreams {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Opens a stream on `res`; false when too many are open already (the caller refuses it). */
  open(res: ServerResponse, first: readonly { event: string; data: unknown }[]): boolean {
    if (this.clients.size >= MAX_EVENT_CLIENTS) return false;
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    this.clients.add(res);
    res.once('close', () => this.clients.delete(res));
    for (const item of first) res.write(frame(item.event, item.data));
    return true;
  }

  send(event: string, data: unknown): void {
    if (this.clients.size) this.write(frame(event, data));
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private write(text: string): void {
    for (const client of this.clients) client.write(text);
  }
}

/** One event; JSON has no raw line breaks, so the data is one `data:` line. */
function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${redactedJson(data)}\n\n`;
}
