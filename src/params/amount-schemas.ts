import { Hbar, Long } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { amountProblem, decimalParts, scaledDigits } from './decimal-amount.js';
import { paramIssue } from './param-issue.js';

/** HBAR has 8 decimal places (1 HBAR = 100,000,000 tinybars). */
export const HBAR_DECIMALS = 8;

const INT64_MAX = Long.MAX_VALUE.toString();

/** An amount as the input carries it: a JSON number, or a decimal string such as "0.1". */
export type AmountInput = number | string;

function positiveAmount(maxDecimals: number | undefined, unit: string, description: string) {
  return z
    .union([z.number(), z.string()], { error: (issue) => typeError(issue.input, 'must be a positive number such as 1.5') })
    .superRefine((value, ctx) => {
      const problem = amountProblem(value, maxDecimals, unit);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe(description);
}

/**
 * A positive, finite HBAR amount with at most 8 decimal places, in HBAR (not tinybars).
 *
 * @example
 * hbarAmountSchema.parse(1.5);            // ok
 * hbarAmountSchema.safeParse(0.000000001); // fails: 9 decimal places, HBAR has 8
 */
export const hbarAmountSchema = positiveAmount(
  HBAR_DECIMALS,
  'HBAR has 8',
  'Amount of HBAR (not tinybars), a positive number with at most 8 decimal places, e.g. 1.5.',
);

/**
 * A positive, finite token amount in display units (e.g. 1.25 of a token with 2 decimals). Its
 * precision is checked against the token's decimals by {@link toSmallestUnits} once they are known.
 */
export const tokenAmountSchema = positiveAmount(
  undefined,
  'token decimals',
  "Token amount in display units (e.g. 1.25), positive; it may not have more decimal places than the token's decimals.",
);

/**
 * A non-negative HBAR amount (zero allowed), e.g. the initial balance of a new account.
 *
 * @example
 * hbarBalanceSchema.parse(0); // ok
 */
export const hbarBalanceSchema = z
  .union([z.number(), z.string()], { error: (issue) => typeError(issue.input, 'must be a number of HBAR such as 0 or 1.5') })
  .superRefine((value, ctx) => {
    if (isZeroAmount(value)) return;
    const problem = amountProblem(value, HBAR_DECIMALS, 'HBAR has 8');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('Amount of HBAR (not tinybars), zero or positive, with at most 8 decimal places.');

/** Zero as a number or a decimal string ("0", "0.00"). */
export function isZeroAmount(value: unknown): boolean {
  const parts = typeof value === 'number' && Object.is(value, -0) ? undefined : decimalParts(value);
  return !!parts && /^0+$/.test(parts.whole) && parts.fraction === '';
}

/**
 * Scales a display amount to the token's smallest units, refusing amounts with more decimal places
 * than the token has, zero, negatives and values beyond int64. Errors name `field`.
 *
 * @example
 * toSmallestUnits(1.25, 2, 'amount').toString();   // '125'
 * toSmallestUnits('0.001', 2, 'recipients[0].amount'); // throws: 3 decimal places, token has 2
 */
export function toSmallestUnits(amount: AmountInput, decimals: number, field: string, tool?: string): Long {
  return scale(amount, decimals, field, `the token has ${decimals} decimals`, tool);
}

function scale(amount: AmountInput, decimals: number, field: string, unit: string, tool?: string): Long {
  if (!Number.isInteger(decimals) || decimals < 0) throw paramIssue(field, `the token's decimals (${String(decimals)}) are not readable`, tool);
  const problem = amountProblem(amount, decimals, unit);
  if (problem) throw paramIssue(field, problem, tool);
  const digits = scaledDigits(decimalParts(amount)!, decimals);
  if (exceedsInt64(digits)) throw paramIssue(field, `is too large: ${String(amount)} does not fit in a 64-bit count of smallest units`, tool);
  // Beyond 2^53 a JSON number no longer holds the digits that were written (9007199254740993 parses
  // as …992), so the amount here may not be the one asked for; a string carries every digit.
  if (typeof amount === 'number' && !Number.isSafeInteger(Number(digits))) {
    throw paramIssue(field, `is too large to be exact as a JSON number (beyond 2^53 smallest units, so ${String(amount)} may not be the value written); send it as a decimal string instead, e.g. "9007199254740993"`, tool);
  }
  return Long.fromString(digits);
}

/**
 * Converts a validated HBAR amount to an Hbar object exactly (via tinybars, never floats).
 *
 * @example
 * toHbar(0.1, 'transfers[0].amount').toTinybars().toString(); // '10000000'
 */
export function toHbar(amount: AmountInput, field: string, tool?: string): Hbar {
  return Hbar.fromTinybars(scale(amount, HBAR_DECIMALS, field, 'HBAR has 8', tool));
}

/** NaN and infinities are numbers to JavaScript but not amounts; say so rather than "expected a number". */
function typeError(input: unknown, fallback: string): string {
  if (input === undefined) return `is required and ${fallback}`;
  if (typeof input === 'number' && Number.isNaN(input)) return 'must be a number, got NaN';
  if (typeof input === 'number' && !Number.isFinite(input)) return 'must be a finite number';
  return fallback;
}

function exceedsInt64(digits: string): boolean {
  return digits.length > INT64_MAX.length || (digits.length === INT64_MAX.length && digits > INT64_MAX);
}
