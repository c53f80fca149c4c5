import type { Ledger } from '../ledger/ledger.js';

/** A parsed mirror REST request. */
export interface MirrorRequest {
  ledger: Ledger;
  /** captures of the route pattern */
  params: string[];
  query: URLSearchParams;
  /** path after `/api/v1`, e.g. `/topics/0.0.1001/messages` */
  path: string;
}

export interface MirrorResponse {
  status: number;
  body: unknown;
}

export type MirrorRoute = { pattern: RegExp; handle: (request: MirrorRequest) => MirrorResponse };

/** The mirror node's error body: `{_status:{messages:[{message}]}}`. */
export function errorBody(message: string): { _status: { messages: Array<{ message: string }> } } {
  return { _status: { messages: [{ message }] } };
}

export const ok = (body: unknown): MirrorResponse => ({ status: 200, body });
export const notFound = (message = 'Not found'): MirrorResponse => ({ status: 404, body: errorBody(message) });
export const badRequest = (message: string): MirrorResponse => ({ status: 400, body: errorBody(message) });

/** Thrown by parameter parsers; the server answers 400 with its message. */
export class MirrorParamError extends Error {}

/** `limit` (default 25, 1..100). */
export function parseLimit(query: URLSearchParams): number {
  const raw = query.get('limit');
  if (raw === null || raw === '') return 25;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) throw new MirrorParamError('Invalid parameter: limit');
  return Math.min(limit, 100);
}

/** `order` (asc|desc). */
export function parseOrder(query: URLSearchParams, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  const raw = query.get('order');
  if (raw === null || raw === '') return fallback;
  if (raw !== 'asc' && raw !== 'desc') throw new MirrorParamError('Invalid parameter: order');
  return raw;
}

export type FilterOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';

/** A comparison filter such as `timestamp=gte:1700000000.000000000`. */
export interface Filter<T> { op: FilterOp; value: T }

/** Parses every occurrence of `name` as `[op:]value`; `parse` returns undefined for a malformed value. */
export function parseFilters<T>(query: URLSearchParams, name: string, parse: (text: string) => T | undefined): Array<Filter<T>> {
  return query.getAll(name).filter((raw) => raw !== '').map((raw) => {
    const match = /^(?:(eq|ne|gt|gte|lt|lte):)?(.+)$/.exec(raw);
    const value = match ? parse(match[2]) : undefined;
    if (!match || value === undefined) throw new MirrorParamError(`Invalid parameter: ${name}`);
    return { op: (match[1] ?? 'eq') as FilterOp, value };
  });
}

/** Whether `value` passes every filter. */
export function matchesFilters<T extends bigint | number>(value: T, filters: Array<Filter<T>>): boolean {
  return filters.every(({ op, value: bound }) => {
    switch (op) {
      case 'eq': return value === bound;
      case 'ne': return value !== bound;
      case 'gt': return value > bound;
      case 'gte': return value >= bound;
      case 'lt': return value < bound;
      case 'lte': return value <= bound;
    }
  });
}

/**
 * Sorts and pages an already filtered list; `links.next` repeats the query (filters are ANDed, so the old
 * ones stay) plus a cursor past the last item, or is null when nothing is left, as the mirror node does.
 */
export function page<T>(
  items: T[], keyOf: (item: T) => bigint, request: MirrorRequest, cursorName: string, formatCursor: (key: bigint) => string, defaultOrder: 'asc' | 'desc' = 'asc',
): { items: T[]; next: string | null } {
  const limit = parseLimit(request.query);
  const order = parseOrder(request.query, defaultOrder);
  const sorted = [...items].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  if (order === 'desc') sorted.reverse();
  const selected = sorted.slice(0, limit);
  if (sorted.length <= limit) return { items: selected, next: null };
  const next = new URLSearchParams();
  for (const [key, value] of request.query) if (key !== 'limit' && key !== 'order' && key !== '') next.append(key, value);
  const cursor = `${order === 'asc' ? 'gt' : 'lt'}:${formatCursor(keyOf(selected[selected.length - 1]))}`;
  next.append('limit', String(limit));
  next.append('order', order);
  next.append(cursorName, cursor);
  return { items: selected, next: `/api/v1${request.path}?${next.toString().replace(/%3A/g, ':')}` };
}
