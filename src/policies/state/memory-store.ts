import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { BudgetLine, BudgetUsage, PolicyStore, Reservation, WindowCount, WindowCounter } from './policy-store.js';

interface Entry {
  readonly id: string;
  readonly committed: boolean;
  readonly amount: bigint;
  /** Reserved or committed at, ms. */
  readonly at: number;
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
  private readonly budgets = new Map<string, Entry[]>();
  private readonly limiters = new Map<string, RateLimiterMemory>();
  private readonly now: () => number;

  /** @param options.now the clock budgets are kept by (tests); rate counters use the system clock. */
  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
  }

  async reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<Reservation> {
    const now = this.now();
    for (const line of lines) {
      const entries = this.entries(budget, line, now, windowMs);
      const used = sum(entries);
      const total = used + line.amount;
      if (total > line.limit) return { ok: false, now, line, used, ...freesAt(entries, total, line, windowMs) };
    }
    for (const line of lines) insertByTime(this.list(budget, line), { id, committed: false, amount: line.amount, at: now });
    return { ok: true, now };
  }

  async commit(budget: string, id: string, lines: readonly BudgetLine[]): Promise<void> {
    const now = this.now();
    for (const line of lines) {
      const list = this.list(budget, line);
      removeId(list, id, false);
      insertByTime(list, { id, committed: true, amount: line.amount, at: now });
    }
  }

  async release(budget: string, id: string, lines: readonly BudgetLine[]): Promise<void> {
    for (const line of lines) {
      const key = keyOf(budget, line.account, line.asset);
      const list = this.budgets.get(key);
      if (!list) continue;
      removeId(list, id, false);
      if (list.length === 0) this.budgets.delete(key);
    }
  }

  async usage(budget: string, account: string, asset: string, windowMs: number): Promise<BudgetUsage> {
    const entries = this.entries(budget, { account, asset }, this.now(), windowMs);
    let committed = 0n;
    let pending = 0n;
    for (const entry of entries) {
      if (entry.committed) committed += entry.amount;
      else pending += entry.amount;
    }
    return { committed, pending };
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

  /** The line's entries still in the window, the older ones dropped. */
  private entries(budget: string, line: Pick<BudgetLine, 'account' | 'asset'>, now: number, windowMs: number): Entry[] {
    const key = keyOf(budget, line.account, line.asset);
    const list = this.budgets.get(key);
    if (!list) return [];
    let stale = 0;
    while (stale < list.length && list[stale]!.at <= now - windowMs) stale++;
    if (stale) list.splice(0, stale);
    if (list.length === 0) this.budgets.delete(key);
    return list;
  }

  private list(budget: string, line: BudgetLine): Entry[] {
    const key = keyOf(budget, line.account, line.asset);
    let list = this.budgets.get(key);
    if (!list) this.budgets.set(key, (list = []));
    return list;
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

function keyOf(budget: string, account: string, asset: string): string {
  return `${budget}\u0000${account}\u0000${asset}`;
}

function sum(entries: readonly Entry[]): bigint {
  let total = 0n;
  for (const entry of entries) total += entry.amount;
  return total;
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

function insertByTime(list: Entry[], entry: Entry): void {
  let at = list.length;
  while (at > 0 && list[at - 1]!.at > entry.at) at--;
  list.splice(at, 0, entry);
}

function removeId(list: Entry[], id: string, committed: boolean): void {
  const at = list.findIndex((entry) => entry.id === id && entry.committed === committed);
  if (at >= 0) list.splice(at, 1);
}
