import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { messageOf } from '../../errors/index.js';

/** The part of libsql's (better-sqlite3's) synchronous API the SQLite store uses. */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  close(): void;
}

type DatabaseClass = new (file: string, options?: object) => SqliteDatabase;

/**
 * How long one process waits for another's write to finish before the operation fails (and the
 * policy blocks). A write holds the file for well under a millisecond; seconds mean a stuck process.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * The tables, created by the first process to open the file (inside a write transaction, so two
 * processes opening a new file at once do not trip over each other). Amounts are decimal text:
 * token amounts go up to 2^63 - 1 and the sum of a window's could pass SQLite's 64-bit integers, so
 * they are added as bigints in JavaScript; `budget_totals` keeps each line's sums, so a reservation
 * reads one row instead of every spend of the window.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS budget_entries (
  budget TEXT NOT NULL, account TEXT NOT NULL, asset TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('p', 'c')), id TEXT NOT NULL,
  amount TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (budget, account, asset, kind, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS budget_entries_by_time ON budget_entries (budget, account, asset, at);
CREATE TABLE IF NOT EXISTS budget_totals (
  budget TEXT NOT NULL, account TEXT NOT NULL, asset TEXT NOT NULL,
  committed TEXT NOT NULL, pending TEXT NOT NULL,
  PRIMARY KEY (budget, account, asset)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS window_counts (
  name TEXT NOT NULL, key TEXT NOT NULL, count INTEGER NOT NULL, ends_at INTEGER NOT NULL,
  PRIMARY KEY (name, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS claims (
  book TEXT NOT NULL, key TEXT NOT NULL, holder TEXT NOT NULL, record TEXT NOT NULL, until INTEGER NOT NULL,
  PRIMARY KEY (book, key)
) WITHOUT ROWID;
-- Each take drops the book's lapsed claims first: by this index, not by a scan of the book.
CREATE INDEX IF NOT EXISTS claims_by_until ON claims (book, until);
CREATE TABLE IF NOT EXISTS switches (name TEXT PRIMARY KEY, record TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS approvals (
  id TEXT PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL, created_at INTEGER NOT NULL,
  keep_until INTEGER NOT NULL, record TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS approvals_open ON approvals (state, created_at);
CREATE TABLE IF NOT EXISTS approval_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, origin TEXT NOT NULL, kind TEXT NOT NULL, record TEXT NOT NULL, at INTEGER NOT NULL
);
`;

/**
 * Opens (creating it and its folder when missing) the store's database file: WAL, so readers never
 * wait for a writer; a busy timeout, so a process waits its turn instead of failing at once; and
 * `synchronous = NORMAL`: every transaction is in the file before the operation returns, so a process
 * that crashes or is killed loses nothing, without an fsync per operation (9 ms each on a slow disk,
 * against 0.4 ms). Only a power loss or an OS crash may lose the last moments' operations.
 */
export async function openSqliteDatabase(file: string, load: () => Promise<unknown> = () => import('libsql')): Promise<SqliteDatabase> {
  const Database = await loadDriver(load);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    inWriteTransaction(db, () => db.exec(SCHEMA));
  } catch (error) {
    db.close();
    throw error;
  }
  return withStatementCache(db);
}

/** The database with each statement prepared once: every operation runs the same few statements. */
function withStatementCache(db: SqliteDatabase): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      let statement = prepared.get(sql);
      if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
      return statement;
    },
    exec: (sql) => db.exec(sql),
    close: () => {
      // libsql keeps a closed database's file open while a statement of it is alive: drop ours so
      // the collector can free them (the driver has no finalize to call).
      prepared.clear();
      db.close();
    },
  };
}

/**
 * Runs `work` in `BEGIN IMMEDIATE`: the write lock is taken first (waiting up to the busy timeout
 * for another process's), so no other process changes what `work` reads before it writes.
 */
export function inWriteTransaction<T>(db: SqliteDatabase, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  let result: T;
  try {
    result = work();
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  db.exec('COMMIT');
  return result;
}

/**
 * libsql (a dependency), loaded when a store first opens its file, so its native library costs
 * nothing to programs that keep their state elsewhere. Its binary comes from the npm package of the
 * platform (@libsql/linux-x64-gnu, …): one missing (an unsupported platform, an install that skipped
 * optional dependencies) is named, with what to do.
 */
async function loadDriver(load: () => Promise<unknown>): Promise<DatabaseClass> {
  let module: Record<string, any>;
  try {
    module = (await load()) as Record<string, any>;
  } catch (error) {
    const why = messageOf(error).split('\n')[0];
    throw new Error(`cannot load libsql, the SQLite driver (${why}); reinstall without --omit=optional so its binary for ${process.platform}-${process.arch} is installed, or give the policy "store": "memory" or { "redis": … }`, { cause: error });
  }
  return (module.default ?? module) as DatabaseClass;
}
