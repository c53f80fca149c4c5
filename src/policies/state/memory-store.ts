import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MemoryClaims } from './memory-claims.js';
import { peekOf } from './window-peek.js';
import type { BudgetLine, BudgetUsage, ClaimBook, PolicyStore, Reservation, SwitchCell, WindowCount, WindowCounter } from './policy-store.js';

/** One (budget, account, asset): its entries oldest first, and their totals. */
interface Line {
  /** Reservations (one per call) and spends (the calls committed in one ms merged), oldest first. */
  readonly entries: Entry[];
  /** The reservations by call ID, so settling does not search the window. */
  readonly pendingById: Map<string, Entry>;
  /** IDs of the calls committed lately, so a repeated commit (a retry) counts once; bounded. */
  readonly recentCommits: RecentIds;
  committed: bigint;
  pending: bigint;
}

interface Entry {
  /** The reserving call; spends carry none. */
  readonly id?: string;
  readonly committed: boolean;
  /** A spend grows while calls commit within its ms. */
  amount: bigint;
  /** Reserved or committed at, ms. */
  readonly at: number;
}

/**
 * How many committed call IDs a line remembers: a commit is repeated only by a retry soon after a
 * store error, and remembering every call of a long window would keep one string per call alive.
 */
const RECENT_COMMITS = 4096;

/**
 * The default store: state in this process, gone when it exits. Each operation runs to completion
 * without yielding, so concurrent calls in the process are serialised. A commit repeated for the
 * same call counts once as long as its line remembers the call (its last 4096 commits). Give one instance to several
 * policies (or kits) for them to share budgets and counters; by default each policy has its own.
 *
 * @example
 * const store = new MemoryPolicyStore();
 * new SpendLimitPolicy({ hbar: 500, windowMs: 86_400_000, store });
 */
export class MemoryPolicyStore implements PolicyStore {
  readonly shared = false;
  readonly description = 'memory';
  /** Lines by budget, account and asset: nested maps, so finding one builds no key string per call. */
  private readonly budgets = new Map<string, Map<string, Map<string, Line>>>();
  private readonly limiters = new Map<string, RateLimiterMemory>();
  private readonly books = new Map<string, MemoryClaims>();
  private readonly switches = new Map<string, string>();
  private readonly clock: () => number;

  /** @param options.now the clock budgets and claims are kept by (tests); rate counters use the system clock. */
  constructor(options: { now?: () => number } = {}) {
    this.clock = options.now ?? Date.now;
  }

  /** The same operations without a promise: each runs to completion at once (see PolicyStore.atOnce). */
  readonly atOnce = {
    reserve: (budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Reservation => this.reserveNow(budget, id, lines, windowMs),
    commit: (budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): void => this.commitNow(budget, id, lines, windowMs),
    release: (budget: string, id: string, lines: readonly BudgetLine[]): void => this.releaseNow(budget, id, lines),
  };

  async reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<Reservation> {
    return this.reserveNow(budget, id, lines, windowMs);
  }

  async commit(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<void> {
    this.commitNow(budget, id, lines, windowMs);
  }

  async release(budget: string, id: string, lines: readonly BudgetLine[]): Promise<void> {
    this.releaseNow(budget, id, lines);
  }

  private reserveNow(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Reservation {
    const now = this.clock();
    const held = lines.map((line) => this.line(budget, line, now, windowMs));
    for (let at = 0; at < lines.length; at++) {
      const line = lines[at]!;
      const used = held[at]!.committed + held[at]!.pending;
      const total = used + line.amount;
      if (total > line.limit) return { ok: false, now, line, used, ...freesAt(held[at]!.entries, total, line, windowMs) };
    }
    for (let at = 0; at < lines.length; at++) {
      const entry: Entry = { id, committed: false, amount: lines[at]!.amount, at: now };
      insert(held[at]!, entry);
      held[at]!.pendingById.set(id, entry);
      held[at]!.pending += entry.amount;
    }
    return { ok: true, now };
  }

  private commitNow(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): void {
    const now = this.clock();
    for (const line of lines) {
      const held = this.line(budget, line, now, windowMs);
      if (held.recentCommits.has(id)) continue;
      const reserved = takeReservation(held, id);
      if (reserved) held.pending -= reserved.amount;
      addSpend(held, line.amount, now);
      held.committed += line.amount;
      held.recentCommits.remember(id);
    }
  }

  private releaseNow(budget: string, id: string, lines: readonly BudgetLine[]): void {
    for (const line of lines) {
      const held = this.budgets.get(budget)?.get(line.account)?.get(line.asset);
      const reserved = held && takeReservation(held, id);
      if (reserved) held.pending -= reserved.amount;
    }
  }

  async usage(budget: string, account: string, asset: string, windowMs: number): Promise<BudgetUsage> {
    const held = this.line(budget, { account, asset }, this.clock(), windowMs);
    return { committed: held.committed, pending: held.pending };
  }

  counter(name: string, limit: number, windowMs: number): WindowCounter {
    const id = `${name}\u0000${limit}\u0000${windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: limit, duration: windowMs / 1000 });
      this.limiters.set(id, limiter);
    }
    return memoryCounter(limiter);
  }

  claims(name: string): ClaimBook {
    let book = this.books.get(name);
    if (!book) this.books.set(name, (book = new MemoryClaims(this.clock)));
    return book;
  }

  switch(name: string): SwitchCell {
    const switches = this.switches;
    const swap = (record: string | undefined): string | undefined => {
      const held = switches.get(name);
      if (record === undefined) switches.delete(name);
      else switches.set(name, record);
      return held;
    };
    return {
      read: async () => switches.get(name),
      set: async (record) => swap(record),
      clear: async () => swap(undefined),
    };
  }

  async close(): Promise<void> {
    this.switches.clear();
    this.budgets.clear();
    this.limiters.clear();
    for (const book of this.books.values()) book.clear();
  }

  /** The line's state, with what left the window dropped from its entries and its totals. */
  private line(budget: string, line: Pick<BudgetLine, 'account' | 'asset'>, now: number, windowMs: number): Line {
    let accounts = this.budgets.get(budget);
    if (!accounts) this.budgets.set(budget, (accounts = new Map()));
    let assets = accounts.get(line.account);
    if (!assets) accounts.set(line.account, (assets = new Map()));
    let held = assets.get(line.asset);
    if (!held) assets.set(line.asset, (held = { entries: [], pendingById: new Map(), recentCommits: new RecentIds(RECENT_COMMITS), committed: 0n, pending: 0n }));
    const entries = held.entries;
    let stale = 0;
    while (stale < entries.length && entries[stale]!.at <= now - windowMs) {
      const entry = entries[stale++]!;
      if (entry.committed) held.committed -= entry.amount;
      else {
        held.pending -= entry.amount;
        held.pendingById.delete(entry.id!);
      }
    }
    if (stale) entries.splice(0, stale);
    return held;
  }
}

/**
 * RateLimiterMemory counts a refused call too (its count goes past the limit); it is given back at
 * once, so the count is the calls admitted and giving back a failed call frees a place.
 */
function memoryCounter(limiter: RateLimiterMemory): WindowCounter {
  return {
    async take(key: string): Promise<WindowCount> {
      try {
        const res = await limiter.consume(key, 1);
        return { ok: true, count: res.consumedPoints, resetsInMs: res.msBeforeNext };
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        await limiter.reward(key, 1);
        return { ok: false, count: refused.consumedPoints - 1, resetsInMs: refused.msBeforeNext };
      }
    },
    async giveBack(key: string): Promise<void> {
      // Only within the window it was counted in: a reward on an expired key would start a new
      // window at -1, one call more than the limit.
      const current = await limiter.get(key);
      if (current && current.consumedPoints > 0) await limiter.reward(key, 1);
    },
    peek: async (key: string) => peekOf(await limiter.get(key)),
  };
}


/**
 * The last `capacity` IDs added, oldest forgotten first. The oldest is known from a ring of the IDs
 * rather than read off the set's first entry: a set's iterator skips the holes its deletions left at
 * its front, so finding the oldest that way grew with every call until the set was rehashed.
 */
class RecentIds {
  private readonly ids = new Set<string>();
  private readonly ring: string[] = [];
  private next = 0;

  constructor(private readonly capacity: number) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Remembers an ID `has` just said is not remembered. */
  remember(id: string): void {
    if (this.ring.length < this.capacity) this.ring.push(id);
    else {
      this.ids.delete(this.ring[this.next]!);
      this.ring[this.next] = id;
      this.next = (this.next + 1) % this.capacity;
    }
    this.ids.add(id);
  }
}

/** When, walking from the oldest entry, enough has left the window for the line to fit. */
function freesAt(entries: readonly Entry[], total: bigint, line: BudgetLine, windowMs: number): { freesAt?: number } {
  if (line.amount > line.limit) return {};
  let freed = 0n;
  for (const entry of entries) {
    freed += entry.amount;
    if (total - freed <= line.limit) return { freesAt: entry.at + windowMs };
  }
  return {};
}

/** Kept oldest first; a new entry is the newest unless the clock went back. */
function insert(line: Line, entry: Entry): void {
  const entries = line.entries;
  let at = entries.length;
  while (at > 0 && entries[at - 1]!.at > entry.at) at--;
  if (at === entries.length) entries.push(entry);
  else entries.splice(at, 0, entry);
}

/**
 * Adds a committed amount dated `now`: to the newest spend when it is from the same ms (a spend
 * leaves the window whole, so merging calls of one ms changes nothing), else as a new spend. An
 * entry per call would keep one object per call of the window alive.
 */
function addSpend(line: Line, amount: bigint, now: number): void {
  const newest = line.entries[line.entries.length - 1];
  if (newest && newest.committed && newest.at === now) newest.amount += amount;
  else insert(line, { committed: true, amount, at: now });
}

/** Removes a call's reservation (searching from the newest end, where settling calls are) and returns it. */
function takeReservation(line: Line, id: string): Entry | undefined {
  const entry = line.pendingById.get(id);
  if (!entry) return undefined;
  line.pendingById.delete(id);
  const entries = line.entries;
  if (entries[entries.length - 1] === entry) entries.pop();
  else {
    const at = entries.lastIndexOf(entry);
    if (at >= 0) entries.splice(at, 1);
  }
  return entry;
}
