import type { ServerResponse } from 'node:http';
import { silentLogger, type Logger } from '../lifecycle/logger.js';
import { SECURITY_HEADERS } from './http-guard.js';
import { redactedJson } from './safe-json.js';

/** Most pages following one console at once: each holds a connection open. */
export const MAX_EVENT_CLIENTS = 64;
/**
 * Most bytes the console holds for one page that has not read them (beyond what the socket
 * buffers), besides the opening frames still on their way. A page that stops reading (a frozen tab,
 * a client that pauses its socket) is dropped past this instead of making the console hold every
 * later event in memory; a live page reconnects.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/** The server-sent event streams of the pages following the console. */
export class EventStreams {
  /** Each open stream, with the most bytes it may have waiting: the bound plus its opening frames (a large overview on a slow link is not a page that stopped reading). */
  private readonly clients = new Map<ServerResponse, number>();
  private readonly heartbeat: NodeJS.Timeout;

  /** `logger` hears of every page dropped for not reading its stream. */
  constructor(private readonly logger: Logger = silentLogger) {
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Opens a stream on `res`; false when too many are open already (the caller refuses it). */
  open(res: ServerResponse, first: readonly { event: string; data: unknown }[]): boolean {
    if (this.clients.size >= MAX_EVENT_CLIENTS) return false;
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    const opening = first.map((item) => frame(item.event, item.data));
    this.clients.set(res, MAX_BUFFERED_BYTES + opening.reduce((sum, text) => sum + Buffer.byteLength(text), 0));
    res.once('close', () => this.clients.delete(res));
    for (const text of opening) res.write(text);
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
    for (const client of this.clients.keys()) client.end();
    this.clients.clear();
  }

  private write(text: string): void {
    const bytes = Buffer.byteLength(text);
    for (const [client, limit] of this.clients) {
      // What the socket has not taken yet waits in writableLength: once a page stops reading, every
      // event would wait there for good. One frame into an empty queue always goes (a large view is
      // not a slow reader); beyond the bound the page is dropped.
      const waiting = client.writableLength;
      if (waiting > 0 && waiting + bytes > limit) this.drop(client, waiting, limit);
      else client.write(text);
    }
  }

  private drop(client: ServerResponse, waiting: number, limit: number): void {
    this.clients.delete(client);
    const socket = client.socket;
    this.logger.warn(
      { bufferedBytes: waiting, limitBytes: limit, remote: socket ? `${socket.remoteAddress}:${socket.remotePort}` : 'unknown' },
      `console: dropped an event stream whose page stopped reading it (${waiting} bytes waiting, over its ${limit}-byte bound); a live page reconnects and reads the state afresh`,
    );
    client.destroy();
  }
}

/** One event; JSON has no raw line breaks, so the data is one `data:` line. */
function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${redactedJson(data)}\n\n`;
}
