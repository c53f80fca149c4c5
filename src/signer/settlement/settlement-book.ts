import { randomUUID } from 'node:crypto';
import type { HeldReservation } from '../../policies/held-reservations.js';
import type { ClaimBook, PolicyStore, WindowCounter } from '../../policies/state/policy-store.js';

/** The claim book of pending settlements, shared by every signer replica on the same store. */
export const SETTLEMENTS_BOOK = 'signer-settlements';

/** A signed transaction waiting to be settled, as the store keeps it. */
export interface PendingSettlement {
  readonly transactionId: string;
  /** When the mirror is asked: the end of the valid window plus the mirror's lag, in ms since the epoch. */
  readonly dueAt: number;
  /** The budgets' reservations it holds, committed or released together. */
  readonly held: readonly HeldReservation[];
  /** Where the store files it (`due:<slot>:<n>`), once filed. */
  readonly filedAs?: string;
}

/**
 * Where pending settlements live, so that a restarted signer, or any replica, finds and settles them.
 * The store offers claims and counters but no listing, so entries are filed by when they fall due:
 * the slot of `dueAt` (`slotMs` wide) counts its entries with an atomic counter, and entry n of slot s
 * is the claim `due:s:n`. A reader walks each slot once it has fully fallen due (nothing is filed
 * into a slot after its due time, since `dueAt` is at least the mirror margin ahead of signing).
 * Settling is one atomic transition, the claim `settled:<transaction ID>`: of two replicas settling
 * one transaction, one takes it and the other leaves it.
 */
export class SettlementBook {
  private readonly book: ClaimBook;
  private readonly counts: WindowCounter;

  constructor(store: PolicyStore, readonly slotMs: number, private readonly retentionMs: number, private readonly now: () => number) {
    if (typeof store.claims !== 'function') throw new Error(`the signer's store (${store.description}) keeps no claims, so it cannot keep pending settlements`);
    this.book = store.claims(SETTLEMENTS_BOOK);
    this.counts = store.counter(`${SETTLEMENTS_BOOK}-slots`, Number.MAX_SAFE_INTEGER, retentionMs);
    if (typeof this.counts.peek !== 'function') throw new Error(`the signer's store (${store.description}) cannot read its counters, so it cannot list pending settlements`);
  }

  /** The slot a due time falls in. */
  slotOf(at: number): number {
    return Math.floor(at / this.slotMs);
  }

  /** Files `pending` under the slot of its due time; answers where. */
  async file(pending: PendingSettlement): Promise<string> {
    const slot = this.slotOf(pending.dueAt);
    const counted = await this.counts.take(`s${slot}`);
    if (!counted.ok) throw new Error(`slot ${slot} of pending settlements is full`);
    const holdMs = (slot + 1) * this.slotMs + this.retentionMs - this.now();
    const key = `due:${slot}:${counted.count}`;
    const taken = await this.book.take(key, filer(pending.transactionId), JSON.stringify(pending), Math.max(1, holdMs));
    if (!taken.ok) throw new Error(`entry ${counted.count} of slot ${slot} of pending settlements is taken already`);
    return key;
  }

  /** Removes a settled entry from the index (any replica can: its holder is named after the transaction). */
  unfile(pending: PendingSettlement): Promise<void> {
    return pending.filedAs ? this.book.drop(pending.filedAs, filer(pending.transactionId)) : Promise.resolve();
  }

  /** Every entry filed in `slot` (an entry that cannot be read is left out, and said so by `unreadable`). */
  async filedIn(slot: number, unreadable: (key: string) => void): Promise<PendingSettlement[]> {
    const { count } = await this.counts.peek!(`s${slot}`);
    const found: PendingSettlement[] = [];
    for (let entry = 1; entry <= count; entry++) {
      const key = `due:${slot}:${entry}`;
      const record = await this.read(key);
      if (record === undefined) continue;
      const pending = parsed(record);
      if (pending) found.push({ ...pending, filedAs: key });
      else unreadable(key);
    }
    return found;
  }

  /**
   * Takes the settlement of `transactionId` (the atomic transition): `taken` with a holder to give
   * it back with if the settlement fails; `settled` when another replica settled it (or is settling
   * it); `busy` when a reader holds the key for a moment (try again).
   */
  async take(transactionId: string, outcome: 'reached' | 'expired'): Promise<{ kind: 'taken'; holder: string } | { kind: 'settled' } | { kind: 'busy' }> {
    const holder = randomUUID();
    const answer = await this.book.take(`settled:${transactionId}`, holder, JSON.stringify({ outcome, at: this.now() }), this.retentionMs);
    if (answer.ok) return { kind: 'taken', holder };
    return answer.holder.startsWith('probe-') ? { kind: 'busy' } : { kind: 'settled' };
  }

  /** Gives the settlement back after it failed, so it is tried again. */
  giveBack(transactionId: string, holder: string): Promise<void> {
    return this.book.drop(`settled:${transactionId}`, holder);
  }

  /** A claim's record without keeping it: a free key is taken for a moment and given up. */
  private async read(key: string): Promise<string | undefined> {
    const probe = `probe-${randomUUID()}`;
    const answer = await this.book.take(key, probe, '', 1);
    if (answer.ok) {
      await this.book.drop(key, probe);
      return undefined;
    }
    return answer.holder.startsWith('probe-') ? undefined : answer.record;
  }
}

/** The holder of a filed entry: named after its transaction, so whoever settles it can remove it. */
function filer(transactionId: string): string {
  return `pending:${transactionId}`;
}

function parsed(record: string): PendingSettlement | undefined {
  try {
    const value = JSON.parse(record) as Partial<PendingSettlement>;
    if (typeof value.transactionId !== 'string' || typeof value.dueAt !== 'number' || !Array.isArray(value.held)) return undefined;
    return value as PendingSettlement;
  } catch {
    return undefined;
  }
}
