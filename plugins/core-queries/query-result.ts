import type { RawToolResult, ToolResult } from '../../src/authoring/index.js';

/**
 * Query tools report their data as fields of `raw` next to `status`, as the existing kit's query
 * tools do, so `raw.hbarBalance` reads the same in both.
 */
export function queryResult<T extends object>(data: T, humanMessage: string): ToolResult<RawToolResult & T> {
  return { raw: { status: 'SUCCESS', ...data }, humanMessage };
}

/** Mirror timestamp "seconds.nanos" → ISO-8601 (millisecond precision), or null. */
export function isoOf(timestamp: string | null | undefined): string | null {
  if (!timestamp) return null;
  const seconds = Number(timestamp.split('.')[0]);
  return Number.isFinite(seconds) ? new Date(seconds * 1000 + Number((timestamp.split('.')[1] ?? '0').padEnd(9, '0').slice(0, 3))).toISOString() : null;
}

/** Smallest units as a display amount, e.g. (12345, 2) → "123.45"; exact for any size. */
export { formatUnits as displayUnits } from '../../src/authoring/index.js';
