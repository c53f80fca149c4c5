import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { AgentHooksError, ErrorCode, messageOf, parseOptions } from '../../errors/index.js';
import { inWriteTransaction, openSqliteDatabase, type SqliteDatabase } from '../state/sqlite-database.js';
import { sqlitePathOption } from '../state/sqlite-store.js';
import type { ApprovalRecord } from './approval-record.js';
import { APPROVAL_CHANGE_KINDS, KEEP_AFTER_EXPIRY_MS as KEEP_AFTER_MS, type ApprovalChange, type ApprovalListener } from './approval-store.js';
import { RecordTransitions } from './record-transitions.js';
import { TransitionStore } from './transition-store.js';

/** How long a change stays readable by other processes' subscribers: far longer than one poll. */
const CHANGES_KEPT_MS = 600_000;
const CHANGE_KINDS: ReadonlySet<string> = new Set(APPROVAL_CHANGE_KINDS);

export interface SqliteApprovalStoreOptions {
  /** The database file (the policy store's file may be shared), created with its folder when missing. */
  path: string;
  /** How often a subscribed store reads the changes other processes made, 50 to 5000 ms; default 250. */
  pollMs?: number;
}

const POLL_ACCEPTED = 'a whole number of ms from 50 to 5000';
const sqliteApprovalOptions = z
  .object({ path: sqlitePathOption, pollMs: z.number({ error: POLL_ACCEPTED }).int({ error: POLL_ACCEPTED }).min(50, { error: POLL_ACCEPTED }).max(5_000, { error: POLL_ACCEPTED }).optional() }, { error: 'options { path, pollMs? }' })
  .strict();

/**
 * Approval requests in a SQLite file, shared by every process on this machine that opens it and
 * kept across restarts: a request created by an agent is listed, decided and resumed from any
 * other process (the CLI, the console). Each write is a compare-and-set on the record's version in
 * one `BEGIN IMMEDIATE` transaction, so of two approvers or two resumes racing, one wins; reads
 * take no lock, so listing and polling never wait for another process's write. Changes
 * are told at once to this object's subscribers, and to other processes' within `pollMs` (they read
 * a log of changes; SQLite has no channel). For several machines, use a RedisApprovalStore.
 *
 * @example
 * const approvals = new SqliteApprovalStore({ path: '.agent-hooks/audit/agent-hooks-state.sqlite' });
 * new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store: approvals });
 */
export class SqliteApprovalStore extends TransitionStore {
  readonly shared = true;
  readonly description: string;
  protected readonly transitions: RecordTransitions;
  private readonly file: string;
  private readonly pollMs: number;
  /** Marks this object's changes in the log, so its poll does not tell them a second time. */
  private readonly origin = randomUUID();
  private opening?: Promise<SqliteDatabase>;
  private closed = false;
  private listening = 0;
  private lastSeq = 0;
  private timer?: NodeJS.Timeout;
  private listened: Promise<void> = Promise.resolve();

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([sqliteApprovalOptions]);

  constructor(options: SqliteApprovalStoreOptions) {
    super();
    parseOptions('SqliteApprovalStore', sqliteApprovalOptions, options);
    this.file = path.resolve(options.path);
    this.pollMs = options.pollMs ?? 250;
    this.description = `SQLite at ${this.file}`;
    this.transitions = new RecordTransitions({
      now: async () => Date.now(),
      read: (id) =>
        this.read((db) => {
          const row = db.prepare('SELECT record FROM approvals WHERE id = ?').get(id) as { record: string } | undefined;
          return row ? (JSON.parse(row.record) as ApprovalRecord) : undefined;
        }),
      write: (record, expected, change) =>
        this.write((db) => {
          const stored = db.prepare('SELECT version FROM approvals WHERE id = ?').get(record.id) as { version: number } | undefined;
          if (Number(stored?.version ?? 0) !== expected) return false;
          const now = Date.now();
          const text = JSON.stringify(record);
          db.prepare('INSERT OR REPLACE INTO approvals (id, version, state, created_at, keep_until, record) VALUES (?, ?, ?, ?, ?, ?)').run(record.id, record.version, record.state, record.createdAt, Math.max(now, record.expiresAt) + KEEP_AFTER_MS, text);
          if (change) {
            db.prepare('INSERT INTO approval_changes (origin, kind, record, at) VALUES (?, ?, ?, ?)').run(this.origin, change, text, now);
            db.prepare('DELETE FROM approval_changes WHERE at < ?').run(now - CHANGES_KEPT_MS);
          }
          // Records whose outcome nobody has read for a week go, as their Redis keys expire.
          if (change === 'created') db.prepare('DELETE FROM approvals WHERE keep_until < ?').run(now);
          return true;
        }),
      pendingIds: () =>
        this.read((db) => (db.prepare("SELECT id FROM approvals WHERE state IN ('pending', 'scheduled') ORDER BY created_at").all() as { id: string }[]).map((row) => row.id)),
    });
  }

  /**
   * Told of changes made through this object at once, and of every other process's within
   * `pollMs` (from the first subscriber on, the store reads the log of changes).
   */
  override subscribe(listener: ApprovalListener): () => void {
    const offLocal = this.transitions.subscribe(listener);
    const offRemote = this.remote.subscribe(listener);
    if (this.listening++ === 0) this.listened = this.listen();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      offLocal();
      offRemote();
      if (--this.listening === 0) this.stopListening();
    };
  }

  /** Resolves once the store knows where the log stands, so changes made from now on are heard (after `subscribe`). */
  subscribed(): Promise<void> {
    return this.listened;
  }

  override async close(): Promise<void> {
    this.closed = true;
    this.stopListening();
    const opening = this.opening;
    this.opening = undefined;
    const db = await opening?.catch(() => undefined);
    db?.close();
  }

  /** The subscribers of other processes' changes, told from the log. */
  private readonly remote = new RecordTransitions({
    now: async () => Date.now(),
    read: async () => undefined,
    write: async () => false,
    pendingIds: async () => [],
  });

  private async listen(): Promise<void> {
    try {
      const last = await this.read((db) => db.prepare('SELECT MAX(seq) AS seq FROM approval_changes').get() as { seq: number | null });
      this.lastSeq = Number(last.seq ?? 0);
    } catch {
      // Without the log, waiting processes still see decisions on their next heartbeat.
      return;
    }
    if (this.listening === 0 || this.closed) return;
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    let rows: { seq: number; origin: string; kind: string; record: string }[];
    try {
      rows = await this.read((db) => db.prepare('SELECT seq, origin, kind, record FROM approval_changes WHERE seq > ? ORDER BY seq').all(this.lastSeq) as typeof rows);
    } catch {
      return; // read again at the next poll
    }
    for (const row of rows) {
      this.lastSeq = Math.max(this.lastSeq, Number(row.seq));
      if (row.origin === this.origin || !CHANGE_KINDS.has(row.kind)) continue;
      this.remote.tell(row.kind as ApprovalChange['kind'], JSON.parse(row.record) as ApprovalRecord);
    }
  }

  private stopListening(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Runs `work` in one write transaction on the open file; any failure is E_STORE_UNAVAILABLE. */
  private write<T>(work: (db: SqliteDatabase) => T): Promise<T> {
    return this.onFile((db) => inWriteTransaction(db, () => work(db)));
  }

  /**
   * Runs one reading statement as it is: a single statement sees one snapshot of the file, and in
   * WAL mode it never waits for another process's write lock (every write checks the version it read
   * again inside its own transaction). Any failure is E_STORE_UNAVAILABLE.
   */
  private read<T>(work: (db: SqliteDatabase) => T): Promise<T> {
    return this.onFile(work);
  }

  private async onFile<T>(work: (db: SqliteDatabase) => T): Promise<T> {
    if (this.closed) throw this.unavailable('the store is closed');
    this.opening ??= openSqliteDatabase(this.file).catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    let db: SqliteDatabase;
    try {
      db = await this.opening;
    } catch (error) {
      throw this.unavailable(messageOf(error));
    }
    if (this.closed) throw this.unavailable('the store is closed');
    try {
      return work(db);
    } catch (error) {
      throw this.unavailable(messageOf(error));
    }
  }

  private unavailable(why: string): AgentHooksError {
    return new AgentHooksError(ErrorCode.STORE_UNAVAILABLE, `the approval store (${this.description}) failed: ${why}`);
  }
}
