import type { CallOutcome } from '../lifecycle/call-outcome.js';
import type { MirrorClient } from '../mirror/mirror-client.js';
import { ErrorCode, isAgentHooksError } from '../errors/index.js';

/** What one approved call will spend, or spent, of one allowance (owner → spender, of one asset). */
export interface AllowanceHold {
  /** `owner spender asset`. */
  readonly key: string;
  readonly amount: bigint;
}

interface Spent extends AllowanceHold {
  /** Counted until the mirror knows this transaction: then its allowance figure has it. */
  readonly transactionId?: string;
  /** Without a transaction ID (bytes returned, no settlement): counted until then (ms since the epoch). */
  readonly until?: number;
}

/**
 * How much of each allowance this policy's own calls use that the mirror may not show yet: calls
 * approved and not settled, and spends that executed before the mirror imported them. Subtracted
 * from what the mirror says is left, so calls in flight never overspend between them.
 */
export class AllowanceHolds {
  private readonly inFlight = new Map<string, readonly AllowanceHold[]>();
  private spent: Spent[] = [];

  constructor(private readonly holdMs: number) {}

  /** What the policy's own calls hold of `key` now, beyond what the mirror shows. */
  held(key: string): bigint {
    let sum = 0n;
    for (const holds of this.inFlight.values()) for (const hold of holds) if (hold.key === key) sum += hold.amount;
    for (const spend of this.spent) if (spend.key === key) sum += spend.amount;
    return sum;
  }

  /** Holds a call's amounts until it settles; a call that will never be settled holds for `holdMs`. */
  hold(callId: string | undefined, holds: readonly AllowanceHold[], now: number): void {
    if (callId) this.inFlight.set(callId, holds);
    else this.spent.push(...holds.map((hold) => ({ ...hold, until: now + this.holdMs })));
  }

  /** A call that moved nothing frees its hold; one that executed (or may have) counts until the mirror shows it. */
  settle(outcome: CallOutcome, now: number): void {
    const holds = this.inFlight.get(outcome.callId);
    if (!holds) return;
    this.inFlight.delete(outcome.callId);
    if (outcome.executed === false) return;
    const transactionId = outcome.transactionId;
    this.spent.push(...holds.map((hold) => (transactionId ? { ...hold, transactionId } : { ...hold, until: now + this.holdMs })));
  }

  /**
   * Drops the spends of `keys` the mirror has caught up with: their transaction is on it, or their
   * time is up. A mirror that cannot say throws, so the call is refused (fail closed).
   */
  async refresh(keys: ReadonlySet<string>, mirror: MirrorClient, now: number): Promise<void> {
    const seen = await Promise.all(
      this.spent.map(async (spend) => {
        if (!keys.has(spend.key)) return false;
        if (spend.transactionId === undefined) return spend.until! <= now;
        try {
          await mirror.getTransaction(spend.transactionId);
          return true;
        } catch (error) {
          if (isAgentHooksError(error) && error.code === ErrorCode.MIRROR_NOT_FOUND) return false;
          throw error;
        }
      }),
    );
    const gone = new Set(this.spent.filter((_, at) => seen[at]));
    if (gone.size) this.spent = this.spent.filter((spend) => !gone.has(spend));
  }
}
