/**
 * A rate in the network's own terms (the `ExchangeRate` of file 0.0.112, the mirror's
 * `hbar_equivalent` / `cent_equivalent`): `hbarEquiv` ℏ are worth `centEquiv` US cents. Two integers
 * rather than a price per HBAR, so a rate set here is carried to the file, the mirror and fees exactly.
 */
export interface RateEquivalent { hbarEquiv: number; centEquiv: number }

/** One rate as the file and the mirror publish it: the two equivalents and when it expires. */
export interface ExchangeRate { hbarEquivalent: number; centEquivalent: number; expirationSec: number }

/** The rate the devnet starts with unless told otherwise: 30 000 ℏ = 300 000 ¢, i.e. 1 ℏ = 10 ¢. */
export const DEFAULT_EXCHANGE_RATE: Readonly<RateEquivalent> = Object.freeze({ hbarEquiv: 30_000, centEquiv: 300_000 });

/** Both fields are int32 in the ExchangeRate proto, so a larger value could not be published. */
const MAX_EQUIV = 2_147_483_647;

/**
 * Checks a rate given to the devnet; `where` names the option in the error (e.g. `startDevnet: exchangeRate`).
 * Only `{ hbarEquiv, centEquiv }` with positive integers up to 2 147 483 647 is accepted.
 */
export function checkRateEquivalent(where: string, value: unknown): RateEquivalent {
  const accepted = 'expected { hbarEquiv, centEquiv }, two positive integers up to 2147483647 (e.g. { hbarEquiv: 1, centEquiv: 12 } for 12 ¢ per HBAR)';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where}: ${accepted}; got ${describe(value)}`);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => key !== 'hbarEquiv' && key !== 'centEquiv');
  if (unknown.length) throw new Error(`${where}: unknown field ${unknown.map((key) => JSON.stringify(key)).join(', ')}; ${accepted}`);
  for (const field of ['hbarEquiv', 'centEquiv'] as const) {
    const n = record[field];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_EQUIV) throw new Error(`${where}.${field} must be a positive integer up to ${MAX_EQUIV} (got ${describe(n)}); ${accepted}`);
  }
  return Object.freeze({ hbarEquiv: record.hbarEquiv as number, centEquiv: record.centEquiv as number });
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

interface RateChange { sinceNs: bigint; rate: RateEquivalent }

/**
 * The devnet's exchange rate over time: the rate it started with and every change since. Each rate in
 * force is published, as the network's is, as a current rate that expires on the hour and a next rate
 * (the same one, as no change is announced ahead) that expires an hour later.
 */
export class ExchangeRateHistory {
  private readonly changes: RateChange[];

  constructor(start: RateEquivalent, startNs: bigint) {
    this.changes = [{ sinceNs: startNs, rate: start }];
  }

  /** The rate from `atNs` on; a change is never placed before the last one. */
  set(rate: RateEquivalent, atNs: bigint): void {
    const last = this.changes[this.changes.length - 1];
    this.changes.push({ sinceNs: atNs > last.sinceNs ? atNs : last.sinceNs + 1n, rate });
  }

  /**
   * The rate in force at `atNs` and since when. Before the devnet started, the starting rate answers
   * (as if it had always been in force), dated `atNs` itself, since no later publication can answer for it.
   */
  inForce(atNs: bigint): RateChange {
    for (let i = this.changes.length - 1; i >= 0; i--) if (this.changes[i].sinceNs <= atNs) return this.changes[i];
    return { sinceNs: atNs, rate: this.changes[0].rate };
  }

  /** Current and next rate as published at `atNs`, with the time that rate was set. */
  publishedAt(atNs: bigint): { current: ExchangeRate; next: ExchangeRate; sinceNs: bigint } {
    const { rate, sinceNs } = this.inForce(atNs);
    const hourEnd = (Math.floor(Number(atNs / 1_000_000_000n) / 3600) + 1) * 3600;
    const published = (expirationSec: number): ExchangeRate => ({ hbarEquivalent: rate.hbarEquiv, centEquivalent: rate.centEquiv, expirationSec });
    return { current: published(hourEnd), next: published(hourEnd + 3600), sinceNs };
  }

  /**
   * What a price costs in tinybars at `atNs`. Prices are fixed in cents, as the network's fee schedule
   * fixes them; a price is given as its tinybar cost at the starting rate, so with the rate unchanged
   * fees stay exactly the tinybars configured. Rounded down, as the node converts tinycents to tinybars.
   */
  tinybarsAt(startTinybars: bigint, atNs: bigint): bigint {
    const start = this.changes[0].rate;
    const now = this.inForce(atNs).rate;
    if (now === start) return startTinybars;
    return (startTinybars * BigInt(start.centEquiv) * BigInt(now.hbarEquiv)) / (BigInt(start.hbarEquiv) * BigInt(now.centEquiv));
  }
}
