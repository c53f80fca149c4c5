import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkLine, JSON_RPC } from './json-rpc-checks.js';

export interface LineTransportOptions {
  /** Largest message accepted, in bytes (default 4 MiB); a larger one is answered with an error and skipped. */
  maxMessageBytes?: number;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * MCP over newline-delimited JSON-RPC on a pair of streams (stdin/stdout). Unlike the SDK's stdio
 * transport, bad input never ends the connection or goes unanswered: a line that is not JSON gets
 * -32700, one that is no JSON-RPC message -32600, bad tools/call params -32602 (one line), and a
 * message over the size limit an error, after which the server reads on.
 *
 * @example
 * await createMcpServer(kit).connect(new LineTransport(process.stdin, process.stdout));
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** True while the rest of an oversize line is being skipped. */
  private skipping = false;
  private closed = false;
  private readonly maxBytes: number;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    options: LineTransportOptions = {},
  ) {
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.pending = [];
    this.onclose?.();
  }

  private readonly onInputError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let newline = data.indexOf(10); newline >= 0; newline = data.indexOf(10)) {
      this.take(data.subarray(0, newline), true);
      data = data.subarray(newline + 1);
    }
    if (data.length) this.take(data, false);
  };

  /** Adds a piece of the current line; `ends` when a newline followed it. */
  private take(piece: Buffer, ends: boolean): void {
    if (!this.skipping) {
      this.pending.push(piece);
      this.pendingBytes += piece.length;
      if (this.pendingBytes > this.maxBytes) {
        this.skipping = true;
        this.pending = [];
        this.pendingBytes = 0;
      }
    }
    if (!ends) return;
    if (this.skipping) {
      this.skipping = false;
      void this.answerError(null, JSON_RPC.INVALID_REQUEST, `Request too large: messages are limited to ${this.maxBytes} bytes; this one was skipped.`);
      return;
    }
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim()) this.handle(line);
  }

  private handle(line: string): void {
    const verdict = checkLine(line);
    if ('error' in verdict) {
      void this.answerError(verdict.error.id, verdict.error.code, verdict.error.message);
      return;
    }
    this.onmessage?.(verdict.message);
  }

  private answerError(id: string | number | null, code: number, message: string): Promise<void> {
    return this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}
