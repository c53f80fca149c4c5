import { randomUUID } from 'node:crypto';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import type { MirrorClient } from '../mirror/mirror-client.js';
import { ErrorCode, isAgentHooksError } from '../errors/index.js';
import type { BudgetLine, PolicyStore, Reservation } from './state/policy-store.js';

/** What one approved call will spend of one allowance (owner → spender, of one asset). */
export interface AllowanceHold {
  readonly owner: string;
  readonly spender: string;
  readonly asset: string;
  readonly amount: bigint;
  /** What the mirror says is left of the allowance now: the most all holds together may take. */
  readonly left: bigint;
}

/** A call's reservation in the store: its ID there and its lines. */
interface Held {
  readonly id: string;
  readonly lines: readonly BudgetLine[];
}

/**
 * How much of each allowance the policy's calls use that the mirror may not show yet: calls
 * approved and not settled, and spends that executed before the mirror imported them. Kept in the
 * policy store as reservations of one budget, one line per allowance with the mirror's figure as
 * its limit, so every process on the store (a SQLite file, a Redis server) counts every other's
 * calls in flight, and two calls racing for the last of an allowance never both pass: the store
 * reserves all of a call's lines at once or none.
 *
 * A call that moved nothing gives its hold back. One that executed keeps it until the mirror shows
 * its transaction (this process looks, before it judges the next call on that allowance) or until
 * `holdMs` passes: a hold nobody settles (a crashed process, returned bytes) lapses then, as a
 * transaction would expire. Another process's executed spend may so count twice, in the mirror's
 * figure and as a hold, until its process looks: that refuses early, never overspends.
 */
export class AllowanceHolds {
  private readonly inFlight = new Map<string, Held>();
  /** Executed spends of this process the mirror may not show yet, with their transaction and when their hold lapses. */
  private spent: (Held & { readonly transactionId: string; readonly until: number })[] = [];

  constructor(
    private readonly store: PolicyStore,
    private readonly budget: string,
    private readonly holdMs: number,
  ) {}

  /**
   * Holds a call's amounts if every allowance has room for them beside every hold in the store;
   * answers the store's reservation (on refusal, the first line that does not fit and what is held of it).
   */
  async hold(callId: string | undefined, holds: readonly AllowanceHold[]): Promise<Reservation> {
    const held: Held = { id: callId ?? randomUUID(), lines: holds.map(lineOf) };
    // Known before the answer: an attempt that failed may still have reserved, and settling gives it up.
    if (callId) this.inFlight.set(callId, held);
    const reservation = await this.store.reserve(this.budget, held.id, held.lines, this.holdMs);
    if (!reservation.ok && callId) this.inFlight.delete(callId);
    return reservation;
  }

  /** A call that moved nothing frees its hold; one that executed (or may have) counts until the mirror shows it. */
  async settle(outcome: CallOutcome): Promise<void> {
    const held = this.inFlight.get(outcome.callId);
    if (!held) return;
    this.inFlight.delete(outcome.callId);
    if (outcome.executed === false) return this.store.release(this.budget, held.id, held.lines);
    // Without a transaction to look for on the mirror, the hold lapses after holdMs.
    if (outcome.transactionId) this.spent.push({ ...held, transactionId: outcome.transactionId, until: Date.now() + this.holdMs });
  }

  /**
   * Gives back this process's holds on `keys` (see keyOf) whose transaction the mirror shows, whose
   * amount its figure now has. A mirror that cannot say throws, so the call is refused (fail closed).
   */
  async refresh(keys: ReadonlySet<string>, mirror: MirrorClient, now = Date.now()): Promise<void> {
    // A hold past its time has lapsed in the store already: nothing to look for.
    this.spent = this.spent.filter((spend) => spend.until > now);
    const seen = await Promise.all(
      this.spent.map(async (spend) => {
        if (!spend.lines.some((line) => keys.has(keyOf(line)))) return false;
        try {
          await mirror.getTransaction(spend.transactionId);
          return true;
        } catch (error) {
          if (isAgentHooksError(error) && error.code === ErrorCode.MIRROR_NOT_FOUND) return false;
          throw error;
        }
      }),
    );
    const gone = this.spent.filter((_, at) => seen[at]);
    if (!gone.length) return;
    this.spent = this.spent.filter((_, at) => !seen[at]);
    for (const spend of gone) await this.store.release(this.budget, spend.id, spend.lines);
  }
}

/** One allowance's line in the store: the owner pays, the spender and asset tell the allowance apart. */
function lineOf(hold: AllowanceHold): BudgetLine {
  return { account: hold.owner, asset: `${hold.spender}:${hold.asset}`, amount: hold.amount, limit: hold.left < 0n ? 0n : hold.left };
}

/** The allowance a store line is of, as the policy names it: `owner spender:asset`. */
export function keyOf(line: Pick<BudgetLine, 'account' | 'asset'>): string {
  return `${line.account} ${line.asset}`;
}
