import type { RequestId } from './json-rpc-checks.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** Longer keys are not "id", "method", "params" or "name"; longer values are no ID a client sends. */
const MAX_KEY_BYTES = 16;
const MAX_ID_BYTES = 256;

/**
 * Finds the request ID of a JSON-RPC message from its bytes as they stream past, keeping none of
 * them. A message over the size limit is skipped, not parsed, yet its refusal must carry the ID of
 * the request it refuses: a client matches answers by ID and would otherwise wait for one forever.
 *
 * Only the top-level object counts (a batch has no one ID), and only a request: an oversize
 * response or notification (no "method") is answered with a null ID, as JSON-RPC says for a
 * request whose ID cannot be read. It also reads the method and the tool a tools/call names
 * (`params.name`), so an oversize tool call is answered as that tool's invalid input.
 *
 * @example
 * const scanner = new RequestIdScanner();
 * scanner.feed(Buffer.from('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"pad":"xx'));
 * scanner.requestId; // 7
 */
export class RequestIdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** At depth 1 of a top-level object, before a key's closing colon. */
  private expectingKey = false;
  private key: number[] | undefined;
  private keyTooLong = false;
  private lastKey: string | undefined;
  private value: number[] | undefined;
  /** Which top-level key the captured value belongs to. */
  private capturing: 'id' | 'method' | 'name' | undefined;
  /** Inside the top-level "params" object (depth 2), whose "name" is a tool call's tool. */
  private inParams = false;
  private toolName: string | undefined;
  private id: RequestId = null;
  private hasMethod = false;
  private methodName: string | undefined;

  /** The ID read so far, or null (none yet, none readable, or not a request). */
  get requestId(): RequestId {
    return this.hasMethod ? this.id : null;
  }

  /** The request's method when it was a string of readable length (an oversize tools/call is answered as a tool result). */
  get method(): string | undefined {
    return this.methodName;
  }

  /** `params.name` when it was a string of readable length: the tool an oversize tools/call named. */
  get paramsName(): string | undefined {
    return this.toolName;
  }

  feed(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length; at++) {
      const byte = bytes[at]!;
      if (this.inString) this.inStringByte(byte);
      else this.structuralByte(byte);
    }
  }

  private inStringByte(byte: number): void {
    const closes = !this.escaped && byte === QUOTE;
    this.escaped = !this.escaped && byte === BACKSLASH;
    if (this.value) this.capture(byte);
    if (closes) {
      this.inString = false;
      if (this.key) this.endKey();
    } else if (this.key) {
      if (this.key.length < MAX_KEY_BYTES) this.key.push(byte);
      else this.keyTooLong = true;
    }
  }

  private structuralByte(byte: number): void {
    // The keys read: the top level's own, and those of its "params" object (for the tool's name).
    const reading = this.depth === 1 || (this.depth === 2 && this.inParams);
    switch (byte) {
      case QUOTE:
        this.inString = true;
        if (reading && this.expectingKey) {
          this.key = [];
          this.keyTooLong = false;
        } else if (this.value) this.capture(byte);
        return;
      case OPEN_OBJECT:
      case OPEN_ARRAY: {
        // An object or array is no ID, method or name.
        const opensParams = this.depth === 1 && byte === OPEN_OBJECT && !this.expectingKey && this.lastKey === 'params';
        this.value = undefined;
        this.depth++;
        if (this.depth === 1) this.expectingKey = byte === OPEN_OBJECT;
        if (opensParams) {
          this.inParams = true;
          this.expectingKey = true;
        }
        return;
      }
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (reading) this.endValue();
        if (this.depth === 2 && this.inParams) {
          // Back at the top level, after the params value.
          this.inParams = false;
          this.expectingKey = false;
        }
        this.depth--;
        return;
      case COMMA:
        if (reading) {
          this.endValue();
          this.expectingKey = true;
        }
        return;
      case COLON:
        if (reading && this.expectingKey) {
          this.expectingKey = false;
          const wanted = this.depth === 1 ? this.lastKey === 'id' || this.lastKey === 'method' : this.lastKey === 'name';
          if (wanted) {
            this.value = [];
            this.capturing = this.lastKey as 'id' | 'method' | 'name';
          }
          if (this.depth === 1 && this.lastKey === 'method') this.hasMethod = true;
        }
        return;
      default:
        if (this.value) this.capture(byte);
    }
  }

  private capture(byte: number): void {
    if (this.value!.length < MAX_ID_BYTES) this.value!.push(byte);
    else this.value = undefined;
  }

  private endKey(): void {
    const raw = this.key!;
    this.key = undefined;
    this.lastKey = this.keyTooLong ? undefined : parseJson(`"${Buffer.from(raw).toString('utf8')}"`) as string | undefined;
  }

  private endValue(): void {
    const raw = this.value;
    this.value = undefined;
    if (!raw) return;
    const value = parseJson(Buffer.from(raw).toString('utf8'));
    // As JSON.parse would keep it: a repeated key's last value wins.
    if (this.capturing === 'method') this.methodName = typeof value === 'string' ? value : undefined;
    else if (this.capturing === 'name') this.toolName = typeof value === 'string' ? value : undefined;
    else this.id = typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
