import type { SqliteDatabase } from './sqlite-database.js';
import type { BudgetLine, BudgetUsage, Reservation } from './policy-store.js';

type LineKey = Pick<BudgetLine, 'account' | 'asset'>;

/**
 * The budget operations of the SQLite store, each to be run inside one write transaction (the
 * caller's): the same bookkeeping as the Redis scripts, on rows. A line's entries are reservations
 * (`p`) and spends (`c`) keyed by call ID and dated in ms; `budget_totals` holds their sums.
 */
export class SqliteBudgets {
  constructor(private readonly db: SqliteDatabase) {}

  reserve(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number, now: number): Reservation {
    const totals = lines.map((line) => this.prune(budget, line, now - windowMs));
    for (let at = 0; at < lines.length; at++) {
      const line = lines[at]!;
      const used = totals[at]!.committed + totals[at]!.pending;
      const total = used + line.amount;
      if (total > line.limit) return { ok: false, now, line, used, ...this.freesAt(budget, line, total, windowMs) };
    }
    lines.forEach((line, at) => {
      // A reservation repeated under one ID (a retry) replaces the first instead of counting twice.
      const earlier = this.entry(budget, line, 'p', id);
      this.db.prepare('INSERT OR REPLACE INTO budget_entries (budget, account, asset, kind, id, amount, at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(budget, line.account, line.asset, 'p', id, line.amount.toString(), now);
      const totalsNow = totals[at]!;
      this.writeTotals(budget, line, totalsNow.committed, totalsNow.pending - (earlier ?? 0n) + line.amount);
    });
    return { ok: true, now };
  }

  /** Turns the reservation into a spend dated `now`; a spend already committed under `id` in the window counts once. */
  commit(budget: string, id: string, lines: readonly BudgetLine[], windowMs: number, now: number): void {
    for (const line of lines) {
      let { committed, pending } = this.prune(budget, line, now - windowMs);
      if (this.entry(budget, line, 'c', id) !== undefined) continue;
      const reserved = this.entry(budget, line, 'p', id);
      if (reserved !== undefined) {
        this.deleteEntry(budget, line, 'p', id);
        pending -= reserved;
      }
      this.db.prepare('INSERT INTO budget_entries (budget, account, asset, kind, id, amount, at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(budget, line.account, line.asset, 'c', id, line.amount.toString(), now);
      committed += line.amount;
      this.writeTotals(budget, line, committed, pending);
    }
  }

  /** Drops the reservation `id` of every line; a spend stays. */
  release(budget: string, id: string, lines: readonly LineKey[]): void {
    for (const line of lines) {
      const reserved = this.entry(budget, line, 'p', id);
      if (reserved === undefined) continue;
      this.deleteEntry(budget, line, 'p', id);
      const totals = this.totals(budget, line);
      this.writeTotals(budget, line, totals.committed, totals.pending - reserved);
    }
  }

  usage(budget: string, line: LineKey, windowMs: number, now: number): BudgetUsage {
    return this.prune(budget, line, now - windowMs);
  }

  /** The line's totals after dropping what left the window (dated at or before `cutoff`). */
  private prune(budget: string, line: LineKey, cutoff: number): BudgetUsage {
    let { committed, pending } = this.totals(budget, line);
    const old = this.db.prepare('SELECT kind, amount FROM budget_entries WHERE budget = ? AND account = ? AND asset = ? AND at <= ?').all(budget, line.account, line.asset, cutoff) as { kind: string; amount: string }[];
    if (old.length === 0) return { committed, pending };
    for (const entry of old) {
      if (entry.kind === 'c') committed -= BigInt(entry.amount);
      else pending -= BigInt(entry.amount);
    }
    this.db.prepare('DELETE FROM budget_entries WHERE budget = ? AND account = ? AND asset = ? AND at <= ?').run(budget, line.account, line.asset, cutoff);
    // Never below zero, whatever an older version or a hand edit left in the file.
    committed = committed < 0n ? 0n : committed;
    pending = pending < 0n ? 0n : pending;
    this.writeTotals(budget, line, committed, pending);
    return { committed, pending };
  }

  /** When, walking from the oldest entry, enough has left the window for the line to fit. */
  private freesAt(budget: string, line: BudgetLine, total: bigint, windowMs: number): { freesAt?: number } {
    if (line.amount > line.limit) return {};
    const entries = this.db.prepare('SELECT amount, at FROM budget_entries WHERE budget = ? AND account = ? AND asset = ? ORDER BY at').all(budget, line.account, line.asset) as { amount: string; at: number }[];
    let freed = 0n;
    for (const entry of entries) {
      freed += BigInt(entry.amount);
      if (total - freed <= line.limit) return { freesAt: Number(entry.at) + windowMs };
    }
    return {};
  }

  private totals(budget: string, line: LineKey): BudgetUsage {
    const row = this.db.prepare('SELECT committed, pending FROM budget_totals WHERE budget = ? AND account = ? AND asset = ?').get(budget, line.account, line.asset) as { committed: string; pending: string } | undefined;
    return row ? { committed: BigInt(row.committed), pending: BigInt(row.pending) } : { committed: 0n, pending: 0n };
  }

  private writeTotals(budget: string, line: LineKey, committed: bigint, pending: bigint): void {
    this.db.prepare('INSERT OR REPLACE INTO budget_totals (budget, account, asset, committed, pending) VALUES (?, ?, ?, ?, ?)').run(budget, line.account, line.asset, committed.toString(), (pending < 0n ? 0n : pending).toString());
  }

  private entry(budget: string, line: LineKey, kind: 'p' | 'c', id: string): bigint | undefined {
    const row = this.db.prepare('SELECT amount FROM budget_entries WHERE budget = ? AND account = ? AND asset = ? AND kind = ? AND id = ?').get(budget, line.account, line.asset, kind, id) as { amount: string } | undefined;
    return row ? BigInt(row.amount) : undefined;
  }

  private deleteEntry(budget: string, line: LineKey, kind: 'p' | 'c', id: string): void {
    this.db.prepare('DELETE FROM budget_entries WHERE budget = ? AND account = ? AND asset = ? AND kind = ? AND id = ?').run(budget, line.account, line.asset, kind, id);
  }
}
