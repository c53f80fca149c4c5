import { isPrivateKey, isSdkTransaction } from '../values/sdk-values.js';
import { REDACTED } from '../values/private-key-patterns.js';

/**
 * JSON for results an LLM or a program reads: SDK values (ids, Hbar, Long, timestamps) as their
 * string forms, bytes as base64, bigints as strings, and private keys never.
 */
export function toJson(value: unknown, space?: number): string {
  return JSON.stringify(value, jsonReplacer, space);
}

export function jsonReplacer(this: unknown, key: string, value: unknown): unknown {
  // JSON.stringify applies toJSON before the replacer; Buffers would arrive as {type, data}.
  const original = (this as Record<string, unknown>)[key];
  return toJsonValue(original instanceof Uint8Array ? original : value);
}

/** One value rendered as JSON-safe data (not recursive: JSON.stringify walks the rest). */
export function toJsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (isPrivateKey(value)) return REDACTED;
  // An unsent transaction handed back (NOT_SUBMITTED) is named, not dumped: its fields are SDK internals.
  if (isSdkTransaction(value)) return `${(value as object).constructor?.name ?? 'Transaction'} (not submitted)`;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (Array.isArray(value) || value instanceof Date) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return value;
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (typeof (value as object).toString === 'function' && (value as object).toString !== Object.prototype.toString) {
    return String(value);
  }
  return value;
}
