/**
 * Where stateful policies keep their state: rolling-window budgets with reservations, and windowed
 * call counters. Every operation is atomic in the store (one critical section in memory, one script
 * on a Redis server), so concurrent calls, in one process or many, never see half an update.
 *
 * Budgets are named: lines of the budget `name` are kept apart from every other budget, so agents
 * share one budget exactly when they use the same store, prefix and budget name.
 */
export interface PolicyStore {
  /** Whether other processes may share this state (a Redis store); a shared budget needs a name. */
  readonly shared: boolean;
  /** What the store is, for messages: `memory`, `Redis at 127.0.0.1:6379 (prefix "agents")`. */
  readonly description: string;

  /**
   * Reserves every line at once or none: a line fits when what its (budget, account, asset) holds
   * in the window, committed and reserved, plus its amount stays within its limit. A reservation
   * counts against the budget until it is committed or released; one never settled (a crashed
   * process) counts until it leaves the window, as if spent.
   */
  reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<Reservation>;
  /** Turns the reservation `id` into a spend dated now (it leaves the window `windowMs` from now). */
  commit(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<void>;
  /** Gives the reservation `id` back; a committed spend is kept. */
  release(budget: string, id: string, lines: readonly BudgetLine[]): Promise<void>;
  /** What one (budget, account, asset) holds in the window. */
  usage(budget: string, account: string, asset: string, windowMs: number): Promise<BudgetUsage>;

  /**
   * A store that keeps its state in this process may also answer at once: `reserve`, `commit` and
   * `release` without a promise, with the same meaning. Policies then judge and settle a call
   * without a turn of the event loop or a time budget's bookkeeping. Optional; Redis has none.
   */
  readonly atOnce?: {
    reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Reservation;
    commit(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): void;
    release(budget: string, id: string, lines: readonly BudgetLine[]): void;
  };

  /** A counter of calls per fixed window, shared by every counter of this store with the same name. */
  counter(name: string, limit: number, windowMs: number): WindowCounter;

  /**
   * A book of claims named `name`, shared by every book of this store with the same name: one holder
   * per key at a time (the duplicate-intent policy's earlier calls). Optional, so a store written
   * before it still serves the budget and rate policies; a policy that needs claims refuses a store without.
   */
  claims?(name: string): ClaimBook;

  /**
   * A switch named `name`, shared by every switch of this store with the same name: on (holding a
   * record of text) or off. The kill switch keeps its pause there. Optional, like `claims`; a kill
   * switch refuses a store without.
   */
  switch?(name: string): SwitchCell;

  /** Releases connections the store opened itself. */
  close(): Promise<void>;
}

/**
 * Keys held for a while, each by one holder with a record of text it may replace; every operation
 * is atomic in the store, so of two holders taking one key at the same instant, one gets it.
 */
export interface ClaimBook {
  /**
   * Takes `key` for `holder` with `record`, held for `holdMs`, unless another claim of it is still
   * held: then answers that claim's holder and record, and changes nothing.
   */
  take(key: string, holder: string, record: string, holdMs: number): Promise<ClaimAnswer>;
  /** Replaces the record of `key` and holds it `holdMs` from now, if `holder` still holds it; else does nothing. */
  update(key: string, holder: string, record: string, holdMs: number): Promise<void>;
  /** Gives `key` up, if `holder` still holds it. */
  drop(key: string, holder: string): Promise<void>;
}

/**
 * One named switch: off, or on with a record of text (who turned it on, when, why). Each operation
 * is atomic in the store, so of two processes turning it off at once, one gets the record.
 */
export interface SwitchCell {
  /** The record while it is on; undefined while off. */
  read(): Promise<string | undefined>;
  /** Turns it on with `record`; answers the record it replaced (undefined when it was off). */
  set(record: string): Promise<string | undefined>;
  /** Turns it off; answers the record it held (undefined when it was off already). */
  clear(): Promise<string | undefined>;
}

export type ClaimAnswer = { readonly ok: true } | { readonly ok: false; readonly holder: string; readonly record: string };

/** One (account, asset) of a budget: how much a call moves from it, and the limit per window. */
export interface BudgetLine {
  /** The paying account, canonical `shard.realm.num`. */
  readonly account: string;
  /** `'HBAR'` or a token ID. */
  readonly asset: string;
  /** In the asset's smallest unit. */
  readonly amount: bigint;
  readonly limit: bigint;
}

export type Reservation =
  | { readonly ok: true; readonly now: number }
  | {
      readonly ok: false;
      /** The store's clock (the Redis server's for Redis), in ms since the epoch. */
      readonly now: number;
      /** The first line that does not fit. */
      readonly line: BudgetLine;
      /** What that line's budget holds in the window, committed and reserved. */
      readonly used: bigint;
      /** When enough leaves the window for the line to fit; absent when it never can (amount > limit). */
      readonly freesAt?: number;
    };

export interface BudgetUsage {
  readonly committed: bigint;
  readonly pending: bigint;
}

/** A fixed-window call counter: the window starts with the first call and lasts `windowMs`. */
export interface WindowCounter {
  /** Counts one call if the window has room; a refused call is not counted. */
  take(key: string): Promise<WindowCount>;
  /** Uncounts one call of the current window (one that did not execute); never below zero. */
  giveBack(key: string): Promise<void>;
  /**
   * Reads the count without counting: what a console shows. `resetsInMs` is 0 when no window is
   * open (no call yet, or the last window ended). Optional, so a store written before it still
   * counts; the rate policy then says its counts cannot be read.
   */
  peek?(key: string): Promise<WindowPeek>;
}

export interface WindowPeek {
  /** Calls counted in the current window. */
  readonly count: number;
  /** Until the current window ends; 0 without one. */
  readonly resetsInMs: number;
}

export interface WindowCount {
  readonly ok: boolean;
  /** Calls counted in the window, this one included when it was taken. */
  readonly count: number;
  /** Until the window ends. */
  readonly resetsInMs: number;
}
