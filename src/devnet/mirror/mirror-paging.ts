import { invalidParameter, type MirrorRequest } from './mirror-http.js';
import { ALL_OPS, NO_NE, type Filter, type FilterOp } from './mirror-query.js';

/**
 * One column of a list's order, which is also a query filter: `timestamp`, `token.id`, `serialnumber`…
 * A list is ordered by its keys in turn (the first is the parent column), and that order must be total.
 */
export interface SortKey<T> {
  /** query parameter name */
  param: string;
  of(item: T): bigint;
  parse(text: string): bigint | undefined;
  format(value: bigint): string;
  /** operators the parameter's documented pattern allows (default all); `ne` never applies to a composite key */
  ops?: readonly FilterOp[];
}

interface Bound { value: bigint; inclusive: boolean }
interface KeyFilters { eq: bigint[]; ne: bigint[]; lower: Bound[]; upper: Bound[] }

export interface Page<T> { items: T[]; next: string | null }

const LOWER: readonly FilterOp[] = ['gt', 'gte'];
const UPPER: readonly FilterOp[] = ['lt', 'lte'];

/**
 * Filters a list by its key parameters, orders it and cuts one page, as the mirror node does:
 *
 * - one key (e.g. `timestamp`): every filter applies on its own;
 * - several keys (e.g. `token.id` then `serialnumber`): `gt`/`gte` filters together form one lower bound
 *   on the whole key, compared column by column, and `lt`/`lte` one upper bound, so
 *   `token.id=gte:5&serialnumber=gt:3` means "after NFT 5-3". A range on a later column needs an `eq`
 *   or inclusive range on the column before it; `eq` stands alone; `ne` is not supported.
 *
 * `links.next` keeps every other parameter and the bounds that face away from the paging direction,
 * and replaces the bounds in that direction by a cursor at the last item returned, so the next page
 * starts right after it and the query never grows. It is null when nothing is left.
 */
export function page<T>(request: MirrorRequest, items: readonly T[], keys: ReadonlyArray<SortKey<T>>, defaultOrder: 'asc' | 'desc'): Page<T> {
  const limit = request.query.limit();
  const order = request.query.order(defaultOrder);
  const filters = keys.map((key) => readKeyFilters(request, key, keys.length > 1));
  if (keys.length > 1) checkDependencies(keys, filters);
  const rows = items.map((item) => ({ item, tuple: keys.map((key) => key.of(item)) }))
    .filter((row) => passes(row.tuple, filters, keys.length > 1))
    .sort((a, b) => compareTuples(a.tuple, b.tuple));
  if (order === 'desc') rows.reverse();
  const pageItems = rows.slice(0, limit).map((row) => row.item);
  if (rows.length <= limit) return { items: pageItems, next: null };
  return { items: pageItems, next: nextLink(request, keys, filters, pageItems[pageItems.length - 1], limit, order) };
}

function readKeyFilters<T>(request: MirrorRequest, key: SortKey<T>, composite: boolean): KeyFilters {
  const parsed: Array<Filter<bigint>> = request.query.filters(key.param, key.parse, composite ? NO_NE : key.ops ?? ALL_OPS);
  const result: KeyFilters = { eq: [], ne: [], lower: [], upper: [] };
  for (const { op, value } of parsed) {
    if (op === 'eq') result.eq.push(value);
    else if (op === 'ne') result.ne.push(value);
    else (LOWER.includes(op) ? result.lower : result.upper).push({ value, inclusive: op.endsWith('e') });
  }
  if (composite && (result.eq.length > 1 || result.lower.length > 1 || result.upper.length > 1)) {
    throw invalidParameter(key.param, 'single occurrence only for each operator direction');
  }
  return result;
}

/** A range on a later column only makes sense below a fixed or inclusive bound on the column before. */
function checkDependencies<T>(keys: ReadonlyArray<SortKey<T>>, filters: KeyFilters[]): void {
  for (let i = 1; i < keys.length; i++) {
    const before = filters[i - 1];
    for (const [side, name] of [['lower', 'gte'], ['upper', 'lte']] as const) {
      if (!filters[i][side].length) continue;
      if (before.eq.length || before[side].some((bound) => bound.inclusive)) continue;
      throw invalidParameter(keys[i].param, `a ${side === 'lower' ? 'gt/gte' : 'lt/lte'} ${keys[i].param} needs ${keys[i - 1].param} with eq or ${name}`);
    }
  }
}

function passes(values: bigint[], filters: KeyFilters[], composite: boolean): boolean {
  for (let i = 0; i < values.length; i++) {
    if (filters[i].eq.some((v) => values[i] !== v) || filters[i].ne.some((v) => values[i] === v)) return false;
  }
  if (!composite) {
    const [value] = values;
    const [{ lower, upper }] = filters;
    return lower.every((b) => value > b.value || (b.inclusive && value === b.value))
      && upper.every((b) => value < b.value || (b.inclusive && value === b.value));
  }
  return withinChain(values, filters.map((f) => f.lower[0]), 1) && withinChain(values, filters.map((f) => f.upper[0]), -1);
}

/**
 * Column-by-column comparison against one composite bound (`direction` 1 = lower, -1 = upper): the
 * first column that differs decides; a tie continues to the next bounded column only when inclusive.
 */
function withinChain(values: bigint[], bounds: Array<Bound | undefined>, direction: 1 | -1): boolean {
  for (let i = 0; i < values.length; i++) {
    const bound = bounds[i];
    if (!bound) continue;
    const diff = values[i] === bound.value ? 0 : (values[i] > bound.value ? 1 : -1) * direction;
    if (diff > 0) return true;
    if (diff < 0 || !bound.inclusive) return false;
  }
  return true;
}

function compareTuples(a: bigint[], b: bigint[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

function nextLink<T>(request: MirrorRequest, keys: ReadonlyArray<SortKey<T>>, filters: KeyFilters[], last: T, limit: number, order: 'asc' | 'desc'): string | null {
  const moving = order === 'asc' ? LOWER : UPPER;
  const keyParams = new Set(keys.map((key) => key.param));
  const next = new URLSearchParams();
  for (const [name, value] of request.query.params) {
    if (name === '' || value === '' || name === 'limit' || name === 'order') continue;
    if (keyParams.has(name) && moving.some((op) => value.startsWith(`${op}:`))) continue;
    next.append(name, value);
  }
  next.append('limit', String(limit));
  next.append('order', order);
  // Columns fixed by eq need no cursor; the others take an inclusive bound except the last, which is
  // strict so the last item returned is not returned again.
  const open = keys.map((key, i) => ({ key, i })).filter(({ i }) => !filters[i].eq.length);
  if (!open.length) return null;
  open.forEach(({ key }, position) => {
    const strict = position === open.length - 1;
    const op = order === 'asc' ? (strict ? 'gt' : 'gte') : (strict ? 'lt' : 'lte');
    next.append(key.param, `${op}:${key.format(key.of(last))}`);
  });
  return `/api/v1${request.path}?${next.toString().replace(/%3A/gi, ':')}`;
}
