/**
 * Caps rendered input for audit entries. Input that failed validation is recorded as sent, and an
 * LLM can send megabytes; every byte of an entry is paid for on HCS, so refused input is cut down
 * to a sample that still shows what was wrong, with markers saying how much was left out.
 */

/** Longest string kept whole; longer ones keep this many characters. */
const MAX_STRING_CHARS = 100;
/** Array items and object keys kept per level. */
const MAX_ITEMS = 10;
/** Longest error message kept in an entry. */
export const MAX_MESSAGE_CHARS = 1_000;

/**
 * Bounds an already rendered (and redacted) JSON value: long strings and key names are cut, long
 * arrays and objects keep their first entries. Small values come back unchanged.
 *
 * @example
 * boundedParams({ memo: 'x'.repeat(5000) }); // { memo: '"x" × 100 then "…[4900 more characters]"' }
 */
export function boundedParams(value: unknown): unknown {
  if (typeof value === 'string') return boundedText(value, MAX_STRING_CHARS);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map(boundedParams);
    if (value.length > MAX_ITEMS) kept.push(`…[${value.length - MAX_ITEMS} more items]`);
    return kept;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, MAX_ITEMS)) out[boundedText(key, MAX_STRING_CHARS)] = boundedParams(item);
  if (entries.length > MAX_ITEMS) out['…'] = `[${entries.length - MAX_ITEMS} more keys]`;
  return out;
}

/**
 * Cuts a text to `max` characters, saying how many were left out.
 *
 * @example
 * boundedText('abcdef', 3); // 'abc…[3 more characters]'
 */
export function boundedText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[${text.length - max} more characters]`;
}
