import { redactPrivateKeys } from '../secrets/index.js';

/** Longest text of one agent-supplied value the console keeps (params, a memo): a page shows a line, not a megabyte. */
export const MAX_VALUE_CHARS = 4_000;

/**
 * JSON text with every private key in a recognisable encoding cut out: the last step of every
 * response and event the console sends, so no key material reaches a page whatever a source held.
 * BigInts become decimal strings, and anything JSON cannot carry is dropped as JSON.stringify drops it.
 */
export function redactedJson(value: unknown): string {
  return redactPrivateKeys(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)) ?? 'null');
}

/** A value as plain, redacted JSON data, cut to MAX_VALUE_CHARS of text when larger (then the text, marked as cut). */
export function plainRedacted(value: unknown): unknown {
  const text = redactedJson(value);
  if (text.length <= MAX_VALUE_CHARS) return JSON.parse(text) as unknown;
  return `${text.slice(0, MAX_VALUE_CHARS)}… (${text.length - MAX_VALUE_CHARS} more characters not shown)`;
}
