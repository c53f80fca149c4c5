import path from 'node:path';
import { z } from 'zod';
import { AgentHooksError, ErrorCode, messageOf, parseOptions } from '../../errors/index.js';
import { SqliteBudgets } from './sqlite-budgets.js';
import { inWriteTransaction, openSqliteDatabase, type SqliteDatabase } from './sqlite-database.js';
import type { BudgetLine, BudgetUsage, ClaimAnswer, ClaimBook, PolicyStore, Reservation, SwitchCell, WindowCount, WindowCounter, WindowPeek } from './policy-store.js';

export interface SqlitePolicyStoreOptions {
  /** The database file, created with its folder when missing, e.g. `.agent-hooks/audit/agent-hooks-state.sqlite`. */
  path: string;
  /** The clock budgets, counters and claims are kept by (tests); default the system clock. */
  now?: () => number;
}

/** The state file's name in a journal folder: where a configuration's or a journaling kit's policies keep their state by default. */
export const STATE_FILE_NAME = 'agent-hooks-state.sqlite';

/**
 * The state file of a journal folder: where a kit with an audit journal there, and a configuration
 * whose journal it is, keep their policies' default state. The one place the path is made, so a code
 * kit and a configuration over one folder always open one file.
 *
 * @example
 * stateFileIn('/srv/agent/.agent-hooks/audit'); // '/srv/agent/.agent-hooks/audit/agent-hooks-state.sqlite'
 */
export function stateFileIn(journalDir: string): string {
  return path.join(journalDir, STATE_FILE_NAME);
}

const PATH_ACCEPTED = 'a file path such as .agent-hooks/audit/agent-hooks-state.sqlite';

/** A database file path: a non-empty string without NUL. */
export const sqlitePathOption = z.string({ error: PATH_ACCEPTED }).refine((file) => file.trim() !== '' && !file.includes('\u0000'), { error: PATH_ACCEPTED });

const sqliteStoreOptions = z
  .object({ path: sqlitePathOption, now: z.custom<() => number>((value) => typeof value === 'function', { error: 'a function answering ms since the epoch' }).optional() }, { error: 'options { path, now? }' })
  .strict();

/**
 * Budgets, counters, claims and switches in a SQLite file (through libsql), shared by every process
 * on this machine that opens the same file, and kept across restarts. Each operation is one
 * `BEGIN IMMEDIATE` transaction: a process takes the file's write lock before it reads, so two
 * processes reserving from one budget at once are served one after the other and never both spend
 * its last room. The file is in WAL mode; a process waits up to 5 s for another's write before the
 * operation fails with E_STORE_UNAVAILABLE (the policy blocks).
 *
 * The file is opened on first use. Once open, budgets are also answered at once (see
 * PolicyStore.atOnce): SQLite is synchronous. For several machines, use a RedisPolicyStore.
 *
 * @example
 * const store = new SqlitePolicyStore({ path: '.agent-hooks/audit/agent-hooks-state.sqlite' });
 * new SpendLimitPolicy({ hbar: 500, windowMs: 86_400_000, store, name: 'team-a' });
 */
export class SqlitePolicyStore implements PolicyStore {
  readonly shared = true;
  readonly description: string;
  /** The database file, absolute. */
  readonly path: string;
  private readonly clock: () => number;
  private opening?: Promise<SqliteDatabase>;
  private db?: SqliteDatabase;
  private budgets?: SqliteBudgets;
  private closed = false;

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([sqliteStoreOptions.omit({ now: true })]);

  constructor(options: SqlitePolicyStoreOptions) {
    parseOptions('SqlitePolicyStore', sqliteStoreOptions, options);
    this.path = path.resolve(options.path);
    this.clock = options.now ?? Date.now;
    this.description = `SQLite at ${this.path}`;
  }

  /** Budgets without a promise, once the file is open (the first call opens it through the promised path). */
  get atOnce(): PolicyStore['atOnce'] {
    const budgets = this.budgets;
    if (!budgets || this.closed) return undefined;
    return {
      reserve: (budget, id, lines, windowMs) => this.write(() => budgets.reserve(budget, id, lines, windowMs, this.clock())),
      commit: (budget, id, lines, windowMs) => this.write(() => budgets.commit(budget, id, lines, windowMs, this.clock())),
      release: (budget, id, lines) => this.write(() => budgets.release(budget, id, lines)),
    };
  }

  async reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<Reservation> {
    const budgets = await this.openBudgets();
    return this.write(() => budgets.reserve(budget, id, lines, windowMs, this.clock()));
  }

  async commit(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number): Promise<void> {
    const budgets = await this.openBudgets();
    this.write(() => budgets.commit(budget, id, lines, windowMs, this.clock()));
  }

  async release(budget: string, id: string, lines: readonly BudgetLine[]): Promise<void> {
    const budgets = await this.openBudgets();
    this.write(() => budgets.release(budget, id, lines));
  }

  async usage(budget: string, account: string, asset: string, windowMs: number): Promise<BudgetUsage> {
    const budgets = await this.openBudgets();
    return this.write(() => budgets.usage(budget, { account, asset }, windowMs, this.clock()));
  }

  /** A fixed window per key: it opens with the first call counted and lasts `windowMs`; a refused call is not counted. */
  counter(name: string, limit: number, windowMs: number): WindowCounter {
    const live = (db: SqliteDatabase, key: string, now: number): { count: number; endsAt: number } | undefined => {
      const row = db.prepare('SELECT count, ends_at FROM window_counts WHERE name = ? AND key = ?').get(name, key) as { count: number; ends_at: number } | undefined;
      return row && Number(row.ends_at) > now ? { count: Number(row.count), endsAt: Number(row.ends_at) } : undefined;
    };
    return {
      take: (key) =>
        this.transaction((db): WindowCount => {
          const now = this.clock();
          const open = live(db, key, now);
          const endsAt = open?.endsAt ?? now + windowMs;
          const count = open?.count ?? 0;
          if (count >= limit) return { ok: false, count, resetsInMs: endsAt - now };
          db.prepare('INSERT OR REPLACE INTO window_counts (name, key, count, ends_at) VALUES (?, ?, ?, ?)').run(name, key, count + 1, endsAt);
          return { ok: true, count: count + 1, resetsInMs: endsAt - now };
        }),
      giveBack: (key) =>
        this.transaction((db) => {
          // Only within the window it was counted in: a window that ended has nothing to give back.
          const open = live(db, key, this.clock());
          if (open && open.count > 0) db.prepare('UPDATE window_counts SET count = ? WHERE name = ? AND key = ?').run(open.count - 1, name, key);
        }),
      peek: (key) =>
        this.transaction((db): WindowPeek => {
          const now = this.clock();
          const open = live(db, key, now);
          return open ? { count: open.count, resetsInMs: open.endsAt - now } : { count: 0, resetsInMs: 0 };
        }),
    };
  }

  claims(name: string): ClaimBook {
    const live = (db: SqliteDatabase, key: string, now: number): { holder: string; record: string } | undefined => {
      const row = db.prepare('SELECT holder, record, until FROM claims WHERE book = ? AND key = ?').get(name, key) as { holder: string; record: string; until: number } | undefined;
      return row && Number(row.until) > now ? { holder: row.holder, record: row.record } : undefined;
    };
    const holdUntil = (now: number, holdMs: number) => now + Math.max(1, Math.ceil(holdMs));
    return {
      take: (key, holder, record, holdMs) =>
        this.transaction((db): ClaimAnswer => {
          const now = this.clock();
          const held = live(db, key, now);
          if (held) return { ok: false, holder: held.holder, record: held.record };
          // Lapsed claims of the book go with this write, so keys no one repeats do not pile up.
          db.prepare('DELETE FROM claims WHERE book = ? AND until <= ?').run(name, now);
          db.prepare('INSERT OR REPLACE INTO claims (book, key, holder, record, until) VALUES (?, ?, ?, ?, ?)').run(name, key, holder, record, holdUntil(now, holdMs));
          return { ok: true };
        }),
      update: (key, holder, record, holdMs) =>
        this.transaction((db) => {
          const now = this.clock();
          if (live(db, key, now)?.holder !== holder) return;
          db.prepare('UPDATE claims SET record = ?, until = ? WHERE book = ? AND key = ?').run(record, holdUntil(now, holdMs), name, key);
        }),
      drop: (key, holder) =>
        this.transaction((db) => {
          db.prepare('DELETE FROM claims WHERE book = ? AND key = ? AND holder = ?').run(name, key, holder);
        }),
    };
  }

  /** A switch as a row that outlives every process: a pause holds until someone resumes. */
  switch(name: string): SwitchCell {
    const held = (db: SqliteDatabase): string | undefined => (db.prepare('SELECT record FROM switches WHERE name = ?').get(name) as { record: string } | undefined)?.record;
    return {
      read: () => this.transaction(held),
      set: (record) =>
        this.transaction((db) => {
          const before = held(db);
          db.prepare('INSERT OR REPLACE INTO switches (name, record) VALUES (?, ?)').run(name, record);
          return before;
        }),
      clear: () =>
        this.transaction((db) => {
          const before = held(db);
          db.prepare('DELETE FROM switches WHERE name = ?').run(name);
          return before;
        }),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const opening = this.opening;
    this.opening = undefined;
    this.budgets = undefined;
    this.db = undefined;
    const db = await opening?.catch(() => undefined);
    db?.close();
  }

  /** Runs `work` in one write transaction on the open file; any failure is E_STORE_UNAVAILABLE (the policy blocks). */
  private async transaction<T>(work: (db: SqliteDatabase) => T): Promise<T> {
    const db = await this.open();
    return this.write(() => work(db));
  }

  private write<T>(work: () => T): T {
    const db = this.db;
    if (!db || this.closed) throw this.unavailable('the store is closed');
    try {
      return inWriteTransaction(db, work);
    } catch (error) {
      throw this.unavailable(messageOf(error));
    }
  }

  private async openBudgets(): Promise<SqliteBudgets> {
    await this.open();
    return this.budgets!;
  }

  private open(): Promise<SqliteDatabase> {
    if (this.closed) return Promise.reject(this.unavailable('the store is closed'));
    this.opening ??= openSqliteDatabase(this.path).then(
      (db) => {
        if (this.closed) {
          db.close();
          throw this.unavailable('the store is closed');
        }
        this.db = db;
        this.budgets = new SqliteBudgets(db);
        return db;
      },
      (error: unknown) => {
        this.opening = undefined; // a folder made writable, a driver installed: try again next time
        throw this.unavailable(messageOf(error));
      },
    );
    return this.opening;
  }

  private unavailable(why: string): AgentHooksError {
    return new AgentHooksError(ErrorCode.STORE_UNAVAILABLE, `the policy store (${this.description}) failed: ${why}`);
  }
}
