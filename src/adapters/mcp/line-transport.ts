import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BatchReplies } from './batch-replies.js';
import { checkLine, JSON_RPC, type RequestId } from './json-rpc-checks.js';
import { RequestIdScanner } from './request-id-scanner.js';

export interface LineTransportOptions {
  /** Largest message accepted, in bytes (default 4 MiB); a larger one is answered with an error and skipped. */
  maxMessageBytes?: number;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * MCP over newline-delimited JSON-RPC on a pair of streams (stdin/stdout). Unlike the SDK's stdio
 * transport, bad input never ends the connection or goes unanswered: a line that is not JSON gets
 * -32700, one that is no JSON-RPC message -32600, bad tools/call params or nesting past
 * MAX_MESSAGE_DEPTH -32602 (one line), and a message over the size limit an error carrying its
 * request's ID, after which the server reads on. A JSON-RPC batch (an array, at most
 * MAX_BATCH_MESSAGES) is answered with one array once each of its requests has its answer.
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
  private readonly batches = new BatchReplies();
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
    const outcome = this.batches.route(message);
    return 'held' in outcome ? Promise.resolve() : this.write(outcome.send);
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
    this.batches.clear();
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
      const id = this.skipping.requestId;
      this.skipping = undefined;
      void this.answerError(id, JSON_RPC.INVALID_REQUEST, `Request too large: messages are limited to ${this.maxBytes} bytes; this one was skipped.`);
      return;
    }
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim()) this.handle(line);
  }

  private handle(line: string): void {
    const content = checkLine(line);
    if ('error' in content) {
      void this.answerError(content.error.id, content.error.code, content.error.message);
      return;
    }
    if (!content.batch) {
      const verdict = content.verdicts[0]!;
      if ('error' in verdict) void this.answerError(verdict.error.id, verdict.error.code, verdict.error.message);
      else this.deliver(verdict.message);
      return;
    }
    // The batch's own refusals are answered in its array; JSON-RPC answers requests, not notifications.
    const requestIds: (string | number)[] = [];
    const refusals: unknown[] = [];
    for (const verdict of content.verdicts) {
      if ('error' in verdict) refusals.push(errorMessage(verdict.error.id, verdict.error.code, verdict.error.message));
      else if (isRequest(verdict.message)) requestIds.push(verdict.message.id);
    }
    const now = this.batches.start(requestIds, refusals);
    if (now) void this.write(now);
    for (const verdict of content.verdicts) if ('message' in verdict) this.deliver(verdict.message);
  }

  private deliver(message: JSONRPCMessage): void {
    // The SDK sends nothing for a cancelled request, so a batch holding it must stop waiting.
    if ((message as { method?: unknown }).method === 'notifications/cancelled') {
      const done = this.batches.cancel(requestIdOf((message as { params?: unknown }).params));
      if (done) void this.write(done);
    }
    this.onmessage?.(message);
  }

  private answerError(id: RequestId, code: number, message: string): Promise<void> {
    return this.send(errorMessage(id, code, message));
  }
}

function errorMessage(id: RequestId, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: string | number; method: string } {
  const fields = message as { id?: unknown; method?: unknown };
  return typeof fields.method === 'string' && (typeof fields.id === 'string' || typeof fields.id === 'number');
}

function requestIdOf(params: unknown): RequestId {
  const id = (params as { requestId?: unknown } | null | undefined)?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
