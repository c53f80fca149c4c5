import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { checkLine, JSON_RPC, type RequestId } from './json-rpc-checks.js';
import { markChecked } from './checked-transport.js';
import { toolInputRefusal } from './tool-input-refusal.js';
import { RequestIdScanner } from './request-id-scanner.js';

export interface LineTransportOptions {
  /** Largest message accepted, in bytes (default 4 MiB); a larger one is answered with an error and skipped. */
  maxMessageBytes?: number;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * MCP over newline-delimited JSON-RPC on a pair of streams (stdin/stdout). Unlike the SDK's stdio
 * transport, bad input never ends the connection or goes unanswered: a line that is not JSON gets
 * -32700, one that is no JSON-RPC message (an object ID, a batch: MCP has had none since 2025-06-18)
 * -32600, malformed tools/call params -32602 (one line), and a message over the size limit an error
 * carrying its request's ID, after which the server reads on. A well-formed tools/call whose
 * arguments fail validation (nested past MAX_MESSAGE_DEPTH, a `__proto__` key, over the size limit)
 * gets a tool result with `isError` instead, so the model can correct it (MCP 2025-11-25).
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
  /** Set while the rest of an oversize line is skipped: it reads the request's ID as the bytes pass. */
  private skipping: RequestIdScanner | undefined;
  private closed = false;
  private readonly maxBytes: number;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    options: LineTransportOptions = {},
  ) {
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    // It checks every line itself; createMcpServer adds no second check.
    markChecked(this);
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  private write(value: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(value)}\n`)) resolve();
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
    if (this.skipping) this.skipping.feed(piece);
    else {
      this.pending.push(piece);
      this.pendingBytes += piece.length;
      if (this.pendingBytes > this.maxBytes) {
        this.skipping = new RequestIdScanner();
        for (const kept of this.pending) this.skipping.feed(kept);
        this.pending = [];
        this.pendingBytes = 0;
      }
    }
    if (!ends) return;
    if (this.skipping) {
      const { requestId: id, method, paramsName } = this.skipping;
      this.skipping = undefined;
      // A tool call's oversize input is the model's to shorten; anything else is a protocol error.
      if (method === 'tools/call' && id !== null) {
        void this.send(toolInputRefusal(id, paramsName ?? 'tool', `the request is over ${this.maxBytes} bytes, the largest message this server reads; it was skipped. Send smaller arguments`));
        return;
      }
      void this.answerError(id, JSON_RPC.INVALID_REQUEST, `Request too large: messages are limited to ${this.maxBytes} bytes; this one was skipped.`);
      return;
    }
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim()) this.handle(line);
  }

  private handle(line: string): void {
    const verdict = checkLine(line);
    if ('error' in verdict) void this.answerError(verdict.error.id, verdict.error.code, verdict.error.message);
    else if ('reply' in verdict) void this.send(verdict.reply);
    else this.onmessage?.(verdict.message);
  }

  private answerError(id: RequestId, code: number, message: string): Promise<void> {
    return this.send(errorMessage(id, code, message));
  }
}

function errorMessage(id: RequestId, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}


