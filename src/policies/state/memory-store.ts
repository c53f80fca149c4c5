import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { BudgetLine, BudgetUsage, PolicyStore, Reservation, WindowCount, WindowCounter } from './policy-store.js';

/** One (budget, account, asset): its entries oldest first, and their totals. */
interface Line {
  readonly entries: Entry[];
  /** The reserved and the committed entries by call ID, so settling does not search the window. */
  readonly pendingById: Map<string, Entry>;
  readonly committedById: Map<string, Entry>;
  committed: bigint;
  pending: bigint;
}

interface Entry {
  readonly id: string;
  /** Set once, when the newest reservation is committed in place (see commitNewest). */
  committed: boolean;
  readonly amount: bigint;
  /** Reserved or committed at, ms. */
  at: number;
}

/**
 * The default store: state in this process, gone when it exits. Each operation runs to completion
 * without yielding, so concurrent calls in the process are serialised. Give one instance to several
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
  private readonly now: () => number;

  /** @param options.now the clock budgets are kept by (tests); rate counters use the system clock. */
  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
  }

  async reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<Reservation> {
    const now = this.now();
    const held = lines.map((line) => this.line(budget, line, now, windowMs));
    for (let at = 0; at < lines.length; at++) {
      const line = lines[at]!;
      const used = held[at]!.committed + held[at]!.pending;
      const total = used + line.amount;
      if (total > line.limit) return { ok: false, now, line, used, ...freesAt(held[at]!.entries, total, line, windowMs) };
    }
    for (let at = 0; at < lines.length; at++) {
      insert(held[at]!, { id, committed: false, amount: lines[at]!.amount, at: now });
      held[at]!.pending += lines[at]!.amount;
    }
    return { ok: true, now };
  }

  async commit(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<void> {
    const now = this.now();
    for (const line of lines) {
      const held = this.line(budget, line, now, windowMs);
      if (held.committedById.has(id)) continue;
      if (!commitNewest(held, id, line.amount, now)) {
        if (remove(held, id, false)) held.pending -= line.amount;
        insert(held, { id, committed: true, amount: line.amount, at: now });
      } else {
        held.pending -= line.amount;
      }
      held.committed += line.amount;
    }
  }

  async release(budget: string, id: string, lines: readonly BudgetLine[]): Promise<void> {
    for (const line of lines) {
      const held = this.budgets.get(budget)?.get(line.account)?.get(line.asset);
      if (held && remove(held, id, false)) held.pending -= line.amount;
    }
  }

  async usage(budget: string, account: string, asset: string, windowMs: number): Promise<BudgetUsage> {
    const held = this.line(budget, { account, asset }, this.now(), windowMs);
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

  async close(): Promise<void> {
    this.budgets.clear();
    this.limiters.clear();
  }

  /** The line's state, with what left the window dropped from its entries and its totals. */
  private line(budget: string, line: Pick<BudgetLine, 'account' | 'asset'>, now: number, windowMs: number): Line {
    let accounts = this.budgets.get(budget);
    if (!accounts) this.budgets.set(budget, (accounts = new Map()));
    let assets = accounts.get(line.account);
    if (!assets) accounts.set(line.account, (assets = new Map()));
    let held = assets.get(line.asset);
    if (!held) assets.set(line.asset, (held = { entries: [], pendingById: new Map(), committedById: new Map(), committed: 0n, pending: 0n }));
    const entries = held.entries;
    let stale = 0;
    while (stale < entries.length && entries[stale]!.at <= now - windowMs) {
      const entry = entries[stale++]!;
      (entry.committed ? held.committedById : held.pendingById).delete(entry.id);
      if (entry.committed) held.committed -= entry.amount;
      else held.pending -= entry.amount;
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
  };
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
  (entry.committed ? line.committedById : line.pendingById).set(entry.id, entry);
}

/**
 * Turns the call's reservation into its spend in place when it is the newest entry (a call that
 * settles before the next one reserves, the usual case): dated now, it stays in order, and nothing
 * is spliced or allocated. Returns false when it is not the newest, not there, or reserved for
 * another amount.
 */
function commitNewest(line: Line, id: string, amount: bigint, now: number): boolean {
  const entry = line.pendingById.get(id);
  const entries = line.entries;
  if (!entry || entry.amount !== amount || entries[entries.length - 1] !== entry) return false;
  // Dated now, it must still be the newest: not so if the clock went back past the one before it.
  const before = entries[entries.length - 2];
  if (before && before.at > now) return false;
  line.pendingById.delete(id);
  entry.committed = true;
  entry.at = now;
  line.committedById.set(id, entry);
  return true;
}

/** Removes a call's reserved or committed entry, searching from the newest end, where settled calls are. */
function remove(line: Line, id: string, committed: boolean): boolean {
  const byId = committed ? line.committedById : line.pendingById;
  const entry = byId.get(id);
  if (!entry) return false;
  byId.delete(id);
  const at = line.entries.lastIndexOf(entry);
  if (at >= 0) line.entries.splice(at, 1);
  return true;
}
