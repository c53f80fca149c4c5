import { invalidParameter, MirrorParamError } from './mirror-param-error.js';

export type FilterOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';

export const ALL_OPS: readonly FilterOp[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'];
/** The operators of the ID and serial filters whose documentation marks `ne` as unsupported. */
export const NO_NE: readonly FilterOp[] = ['eq', 'gt', 'gte', 'lt', 'lte'];

/** A comparison filter such as `timestamp=gte:1700000000.000000000`. */
export interface Filter<T> { op: FilterOp; value: T }

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/**
 * The query string of one request, checked against the parameters its route documents: an unknown
 * name is a 400, as on the mirror node. Empty names and empty values are ignored (some clients send
 * `?&limit=…` or `token.id=`).
 */
export class MirrorQuery {
  constructor(readonly params: URLSearchParams, accepted: ReadonlySet<string>) {
    const unknown = [...new Set([...params.keys()].filter((name) => name !== '' && !accepted.has(name)))];
    if (unknown.length) throw new MirrorParamError(...unknown.map((name) => `Unknown query parameter: ${name}`));
  }

  /** Every non-empty value of `name`, in order. */
  values(name: string): string[] {
    return this.params.getAll(name).filter((value) => value !== '');
  }

  has(name: string): boolean {
    return this.values(name).length > 0;
  }

  /** The last value, which is the one the mirror uses for single-valued parameters. */
  last(name: string): string | undefined {
    const values = this.values(name);
    return values[values.length - 1];
  }

  /** `limit`: default 25, at most 100; anything but a positive integer is a 400. */
  limit(): number {
    const raw = this.last('limit');
    if (raw === undefined) return DEFAULT_LIMIT;
    if (!/^\d{1,19}$/.test(raw) || BigInt(raw) < 1n) throw invalidParameter('limit');
    return BigInt(raw) > BigInt(MAX_LIMIT) ? MAX_LIMIT : Number(raw);
  }

  /** `order`: `asc` or `desc` in any case. */
  order(fallback: 'asc' | 'desc'): 'asc' | 'desc' {
    const raw = this.last('order')?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw !== 'asc' && raw !== 'desc') throw invalidParameter('order');
    return raw;
  }

  /** A boolean flag (`true`/`false`, any case, optionally `eq:`). */
  flag(name: string, fallback: boolean): boolean {
    const raw = this.last(name);
    if (raw === undefined) return fallback;
    const lower = raw.toLowerCase().replace(/^eq:/, '');
    if (lower !== 'true' && lower !== 'false') throw invalidParameter(name);
    return lower === 'true';
  }

  /** Every `[op:]value` occurrence of `name`; a malformed value or a disallowed operator is a 400. */
  filters<T>(name: string, parse: (text: string) => T | undefined, ops: readonly FilterOp[] = ALL_OPS): Array<Filter<T>> {
    return this.values(name).map((raw) => {
      const match = /^(?:(eq|ne|gt|gte|lt|lte):)?([^:]*)$/.exec(raw);
      const op = (match?.[1] ?? 'eq') as FilterOp;
      const value = match ? parse(match[2]) : undefined;
      if (value === undefined || !ops.includes(op)) throw invalidParameter(name);
      return { op, value };
    });
  }
}

/** Whether `value` passes every filter (they are ANDed, as on the mirror node). */
export function matchesFilters<T extends bigint | number | string>(value: T, filters: ReadonlyArray<Filter<T>>): boolean {
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
