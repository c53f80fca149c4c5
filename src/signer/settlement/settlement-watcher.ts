import type { HeldReservation } from '../../policies/held-reservations.js';
import type { PolicyStore } from '../../policies/state/policy-store.js';
import { MirrorClient } from '../../mirror/mirror-client.js';
import { mirrorOutcome } from './mirror-outcome.js';
import { SettlementBook, type PendingSettlement } from './settlement-book.js';

export interface SettlementOptions {
  /** The mirror node outcomes are read from: its base URL (`https://testnet.mirrornode.hedera.com`) or a MirrorClient. */
  mirror: string | MirrorClient;
  /** How long after a transaction's valid window ends the mirror is asked, in ms, so its lag behind consensus is covered (default 30 s). */
  marginMs?: number;
  /** How often due settlements are looked for, and failed ones retried, in ms (default 10 s). */
  intervalMs?: number;
  /** How far back a (re)started signer looks for settlements still pending in the store, in ms (default 24 h). */
  lookbackMs?: number;
  /** The width of one slot of the store's index of pending settlements, in ms (default 10 s). */
  slotMs?: number;
  /** The clock, in ms since the epoch (default Date.now). */
  now?: () => number;
}

/** What one pass settled, and what it left for the next. */
export interface SettlementPass {
  /** Reached consensus: their reservations are spent. */
  readonly committed: readonly string[];
  /** Absent from the mirror after their window: their reservations are given back. */
  readonly released: readonly string[];
  /** Due, but kept reserved: the mirror or the store did not answer (with why); tried again next pass. */
  readonly kept: readonly { readonly transactionId: string; readonly reason: string }[];
  /** Due, and settled by another replica (or being settled there): left to it. */
  readonly elsewhere: readonly string[];
  /** Not due yet. */
  readonly waiting: number;
}

const ELSEWHERE = Symbol('settled elsewhere');
const DEFAULTS = { marginMs: 30_000, intervalMs: 10_000, lookbackMs: 86_400_000, slotMs: 10_000 };

/**
 * Settles the budgets a signature reserved, once the transaction's valid window (plus the mirror's
 * lag) has passed: the mirror holds it → committed; no record of it → released. A mirror or store
 * that does not answer keeps everything reserved and is asked again (fail closed: nothing is
 * released on a guess). Pending settlements are filed in the store (SettlementBook), so a restarted
 * signer, or another replica on the same Redis, finds and settles them; each is settled once.
 */
export class SettlementWatcher {
  private readonly book: SettlementBook;
  private readonly mirror: MirrorClient;
  private readonly options: Required<Omit<SettlementOptions, 'mirror'>>;
  private readonly pending = new Map<string, PendingSettlement>();
  /** The next slot of the store's index to read. */
  private cursor: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<SettlementPass>;

  constructor(
    store: PolicyStore,
    private readonly settleHeld: (held: HeldReservation, reached: boolean) => Promise<void>,
    options: SettlementOptions,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.options = { ...DEFAULTS, now: Date.now, ...definedOf(options) };
    this.mirror = typeof options.mirror === 'string' ? new MirrorClient(options.mirror, { retries: 0 }) : options.mirror;
    this.book = new SettlementBook(store, this.options.slotMs, this.options.lookbackMs + this.options.slotMs, this.options.now);
    this.cursor = this.book.slotOf(this.options.now() - this.options.lookbackMs);
  }

  /** When a transaction whose window ends at `validEndMs` is settled. */
  dueAt(validEndMs: number): number {
    return Math.max(validEndMs, this.options.now()) + this.options.marginMs;
  }

  /** Files a signed transaction's reservations for settlement; they stay reserved until then. */
  async add(transactionId: string, validEndMs: number, held: readonly HeldReservation[]): Promise<void> {
    const pending: PendingSettlement = { transactionId, dueAt: this.dueAt(validEndMs), held };
    this.pending.set(transactionId, pending);
    const filedAs = await this.book.file(pending);
    if (this.pending.get(transactionId) === pending) this.pending.set(transactionId, { ...pending, filedAs });
  }

  /** Looks for due settlements (its own and those filed by any replica) and settles each it can. */
  tick(): Promise<SettlementPass> {
    // One pass at a time: a slow mirror must not start a second pass over the same entries.
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Settles `transactionId` as `outcome` now, if it is pending here; what it did. */
  async settle(transactionId: string, outcome: 'reached' | 'expired'): Promise<{ settled: boolean; note: string }> {
    const pending = this.pending.get(transactionId);
    if (!pending) return { settled: false, note: `${transactionId} has no pending settlement at this signer` };
    const done = await this.settleOne(pending, outcome);
    if (done === ELSEWHERE) return { settled: false, note: `${transactionId} is settled by another replica` };
    return done === undefined ? { settled: true, note: `${transactionId} ${outcome === 'reached' ? 'committed' : 'released'}` } : { settled: false, note: `${transactionId}: ${done}` };
  }

  /** Starts passing every `intervalMs`; the first pass reads what an earlier run left pending. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick().catch((error: unknown) => this.log(`signer settlement: ${String(error)}`));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops passing; a pass under way finishes. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<SettlementPass> {
    const now = this.options.now();
    const kept: { transactionId: string; reason: string }[] = [];
    await this.readIndex(now).catch((error: unknown) => kept.push({ transactionId: '(index)', reason: `the store's pending settlements cannot be read: ${messageOf(error)}` }));
    const committed: string[] = [];
    const released: string[] = [];
    const elsewhere: string[] = [];
    let waiting = 0;
    for (const pending of [...this.pending.values()]) {
      if (pending.dueAt > now) {
        waiting++;
        continue;
      }
      let outcome: 'reached' | 'expired';
      try {
        outcome = await mirrorOutcome(this.mirror, pending.transactionId);
      } catch (error) {
        kept.push({ transactionId: pending.transactionId, reason: `the mirror did not tell whether it reached consensus (${messageOf(error)}); kept reserved` });
        continue;
      }
      const done = await this.settleOne(pending, outcome);
      if (done === ELSEWHERE) elsewhere.push(pending.transactionId);
      else if (done !== undefined) kept.push({ transactionId: pending.transactionId, reason: done });
      else if (outcome === 'reached') committed.push(pending.transactionId);
      else released.push(pending.transactionId);
    }
    for (const each of kept) this.log(`signer settlement: ${each.transactionId}: ${each.reason}`);
    return { committed, released, kept, elsewhere, waiting };
  }

  /** Reads the slots that have fully fallen due since the last pass. */
  private async readIndex(now: number): Promise<void> {
    const last = this.book.slotOf(now) - 1;
    while (this.cursor <= last) {
      const found = await this.book.filedIn(this.cursor, (key) => this.log(`signer settlement: pending settlement ${key} cannot be read; left reserved`));
      for (const pending of found) if (!this.pending.has(pending.transactionId)) this.pending.set(pending.transactionId, pending);
      this.cursor++;
    }
  }

  /** The atomic transition, then the budgets: undefined when done here, ELSEWHERE when by another replica, else why not. */
  private async settleOne(pending: PendingSettlement, outcome: 'reached' | 'expired'): Promise<string | typeof ELSEWHERE | undefined> {
    let taken: Awaited<ReturnType<SettlementBook['take']>>;
    try {
      taken = await this.book.take(pending.transactionId, outcome);
    } catch (error) {
      return `the store did not answer (${messageOf(error)}); kept reserved`;
    }
    if (taken.kind === 'busy') return 'its settlement is being read; tried again next pass';
    if (taken.kind === 'settled') {
      this.pending.delete(pending.transactionId);
      await this.book.unfile(pending).catch(() => undefined);
      return ELSEWHERE;
    }
    const holder = taken.holder;
    try {
      // Commit and release are idempotent in the stores: a settlement given back and retried counts once.
      for (const held of pending.held) await this.settleHeld(held, outcome === 'reached');
    } catch (error) {
      await this.book.giveBack(pending.transactionId, holder).catch(() => undefined);
      return `its budgets could not be ${outcome === 'reached' ? 'committed' : 'released'} (${messageOf(error)}); kept reserved`;
    }
    this.pending.delete(pending.transactionId);
    // Left filed, it is only read again and found settled: removing it saves a restart the mirror question.
    await this.book.unfile(pending).catch(() => undefined);
    return undefined;
  }
}

function definedOf<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([key, value]) => value !== undefined && key !== 'mirror')) as Partial<T>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
