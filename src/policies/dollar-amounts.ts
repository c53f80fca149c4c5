import type { HbarRate } from '../mirror/exchange-rate-source.js';
import { decimalParts, formatUnits, scaledDigits } from '../params/decimal-amount.js';

/**
 * Dollar amounts for the value policies, in bigint arithmetic only: a float would turn $0.10 into
 * 0.1000000000000000055… and a cap would be off by that. Dollars are counted in units of 10⁻⁸ USD
 * (a millionth of a cent), fine enough that a tinybar at any real rate is a handful of them, so a
 * value is exact to that unit and rounded up past it: a rounding never lets a cap be exceeded.
 */

/** Decimal places of a dollar unit: 1 USD = 10⁸ units. */
export const USD_DECIMALS = 8;
const USD_SCALE = 10n ** BigInt(USD_DECIMALS);

/** A token's price: `digits / 10^scale` US dollars per whole token, which has `decimals` places. */
export interface TokenPrice {
  readonly digits: bigint;
  readonly scale: number;
  readonly decimals: number;
  /** The price as given, for messages: `1`, `"0.25"`. */
  readonly text: string;
}

/** A price from what a user wrote, `{ usd: 1, decimals: 6 }`; the schema checked both fields. */
export function tokenPrice(usd: number | string, decimals: number): TokenPrice {
  const parts = decimalParts(usd)!;
  const text = parts.fraction ? `${parts.whole}.${parts.fraction}` : parts.whole;
  return Object.freeze({ digits: BigInt(scaledDigits(parts, parts.fraction.length)), scale: parts.fraction.length, decimals, text });
}

/** A dollar amount as written (`50`, `"0.5"`, at most 8 places) in units; the schema checked it. */
export function usdUnits(amount: number | string): bigint {
  return BigInt(scaledDigits(decimalParts(amount)!, USD_DECIMALS));
}

/** `a / b` rounded up, for non-negative `a` and positive `b`. */
function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/**
 * Tinybars in dollar units at the network's rate: `hbarEquivalent` HBAR are `centEquivalent` cents,
 * so units = tinybars × cents × 10⁸ / (hbarEquivalent × 10⁸ tinybars × 100 ¢) = tinybars × cents / (hbarEquivalent × 100).
 *
 * @example
 * hbarToUsd(100_000_000n, { hbarEquivalent: 1, centEquivalent: 12 }); // 12_000_000n ($0.12)
 */
export function hbarToUsd(tinybars: bigint, rate: Pick<HbarRate, 'hbarEquivalent' | 'centEquivalent'>): bigint {
  return ceilDiv(tinybars * BigInt(rate.centEquivalent), BigInt(rate.hbarEquivalent) * 100n);
}

/** Base units of a token in dollar units at its price: base × price × 10⁸ / 10^decimals. */
export function tokenToUsd(baseUnits: bigint, price: TokenPrice): bigint {
  return ceilDiv(baseUnits * price.digits * USD_SCALE, 10n ** BigInt(price.scale + price.decimals));
}

/** `$49.99`, `$0.00000012`: dollar units as a person reads them, exact. */
export function usdText(units: bigint): string {
  return `$${formatUnits(units, USD_DECIMALS)}`;
}

/**
 * The rate as a person reads it, with when the network published it and when it was read:
 * `12 ¢/HBAR (the network's rate published 2025-06-01T10:00:00.000Z, read 2025-06-01T10:02:03.456Z)`.
 * A rate whose cents per HBAR do not end within 6 places is shown rounded, with `≈`.
 */
export function rateText(rate: HbarRate): string {
  return `${centsPerHbar(rate)} ¢/HBAR (the network's rate published ${publishedIso(rate.publishedAt)}, read ${new Date(rate.readAt).toISOString()})`;
}

/** `12`, `8.333333` (rounded, `≈` in front): cents per HBAR from the network's two integers. */
export function centsPerHbar(rate: Pick<HbarRate, 'hbarEquivalent' | 'centEquivalent'>): string {
  const places = 6;
  const scaled = (BigInt(rate.centEquivalent) * 10n ** BigInt(places)) / BigInt(rate.hbarEquivalent);
  const exact = (BigInt(rate.centEquivalent) * 10n ** BigInt(places)) % BigInt(rate.hbarEquivalent) === 0n;
  return `${exact ? '' : '≈'}${formatUnits(scaled, places)}`;
}

/** The mirror's `seconds.nanos` as an ISO date (to the millisecond), or as given when it is not one. */
export function publishedIso(timestamp: string): string {
  const match = /^(\d+)\.(\d{1,9})$/.exec(timestamp);
  if (!match) return timestamp;
  const ms = Number(match[1]) * 1000 + Number(match[2]!.padEnd(9, '0').slice(0, 3));
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? timestamp : date.toISOString();
}
