import { bigintOfLong, isHbar, isLong, tinybarsOfHbar } from '../values/sdk-values.js';
import { decimalParts, formatUnits, scaledDigits } from '../params/decimal-amount.js';

/** HBAR has 8 decimal places. */
export const HBAR_DECIMALS = 8;
/** The largest int64: the amount of a movement whose size is not known (see Movement.unbounded). */
export const UNBOUNDED_AMOUNT = 2n ** 63n - 1n;

/**
 * Tinybars of an SDK `Hbar` from any copy of the SDK (recognised by its methods, never `instanceof`),
 * signed as the ledger line is.
 */
export function tinybarsOf(value: unknown, field: string): bigint {
  if (isHbar(value)) return tinybarsOfHbar(value);
  throw new Error(`${field}: expected an Hbar amount, got ${describeAmount(value)}`);
}

/** Base units from a `Long`, a safe-integer number, a bigint or a string of digits, signed. */
export function unitsOf(value: unknown, field: string): bigint {
  if (typeof value === 'bigint') return value;
  if (isLong(value)) return bigintOfLong(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return BigInt(value.trim());
  throw new Error(`${field}: expected a whole number of base units (Long, integer or bigint), got ${describeAmount(value)}`);
}

/**
 * A display amount (`12.5`, `"0.1"`) in smallest units, exactly: refuses more decimal places than
 * the asset has, negatives and anything that is not a plain decimal.
 *
 * @example
 * displayToUnits('1.5', 8, 'hbar'); // 150000000n
 */
export function displayToUnits(value: unknown, decimals: number, field: string): bigint {
  const parts = decimalParts(value);
  if (!parts) throw new Error(`${field}: expected a non-negative decimal amount such as 1.5, got ${describeAmount(value)}`);
  if (parts.fraction.length > decimals) throw new Error(`${field}: ${String(value)} has ${parts.fraction.length} decimal places, but the asset has ${decimals}`);
  return BigInt(scaledDigits(parts, decimals));
}

/** `'12.5 HBAR'`, `'3 of 0.0.1234'`, `'250 base units of 0.0.1234'` when the decimals are unknown. */
export function displayOf(asset: string, amount: bigint, decimals: number | undefined): string {
  if (asset === 'HBAR') return `${formatUnits(amount, HBAR_DECIMALS)} HBAR`;
  return decimals === undefined ? `${amount} base units of ${asset}` : `${formatUnits(amount, decimals)} of ${asset}`;
}

function describeAmount(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object') return `an object (${(value as object).constructor?.name ?? 'Object'})`;
  return `${typeof value} ${String(value).slice(0, 40)}`;
}
