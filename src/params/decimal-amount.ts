import BigNumber from 'bignumber.js';

/**
 * Exact decimal handling for amounts an LLM sends as JSON numbers or strings. Floating-point maths
 * would turn 0.1 HBAR into 9999999.999… tinybars, so amounts are exact decimals: bignumber.js (the
 * arbitrary-precision decimal the SDK itself uses) shifts and prints them. What is kept here is what
 * is specific to this project: which spellings an amount may come in (a plain or scientific decimal,
 * never hex, a sign inside, `Infinity` or an exponent past any token's range, all of which
 * bignumber.js would read) and the wording of the refusals.
 */

/** A private configuration: plain notation at every size, and nobody else's settings. */
const Decimal = BigNumber.clone({ EXPONENTIAL_AT: 1e9, RANGE: 1e9 });

/** A positive decimal split into its integer and fraction digits, e.g. 12.5 → { whole: '12', fraction: '5' }. */
export interface DecimalParts {
  whole: string;
  fraction: string;
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/;
const SCIENTIFIC = /^(\d+)(?:\.(\d*))?e([+-]?\d+)$/i;

/**
 * Why `value` is not an acceptable positive amount, or undefined when it is. Used by the zod schemas
 * (as the issue message) and by the normalisers.
 */
export function amountProblem(value: unknown, maxDecimals?: number, unit = 'decimals'): string | undefined {
  if (typeof value === 'number' && Number.isNaN(value)) return 'must be a number, got NaN';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'must be a finite number';
  if ((typeof value === 'number' && value < 0) || (typeof value === 'string' && /^\s*-\s*\d/.test(value))) {
    return `must be greater than 0, got ${shortly(String(value))}`;
  }
  const parts = decimalParts(value);
  if (!parts) return `must be a positive decimal number such as 1.5, got ${shortly(JSON.stringify(value) ?? String(value))}`;
  if (isZero(parts)) return 'must be greater than 0';
  if (maxDecimals !== undefined && parts.fraction.length > maxDecimals) {
    return `has ${parts.fraction.length} decimal places but at most ${maxDecimals} are allowed (${unit})`;
  }
  return undefined;
}

/** The start of an echoed input: enough to recognise it, never the megabyte an LLM may have sent. */
function shortly(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
}

/**
 * Splits a number or numeric string into digits; undefined for anything that is not a plain,
 * non-negative decimal (signs, hex, spaces inside, empty strings). Trailing fraction zeros are dropped.
 */
export function decimalParts(value: unknown): DecimalParts | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || Object.is(value, -0)) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text.startsWith('+')) text = text.slice(1);
  } else {
    return undefined;
  }
  const plain = PLAIN_DECIMAL.exec(text);
  if (!plain) {
    const scientific = SCIENTIFIC.exec(text);
    if (!scientific || Math.abs(Number(scientific[3])) > 400) return undefined;
  }
  const [whole = '0', fraction = ''] = new Decimal(text).toFixed().split('.');
  return { whole, fraction };
}

/** The amount scaled by 10^decimals as an integer digit string; the caller has checked precision. */
export function scaledDigits(parts: DecimalParts, decimals: number): string {
  return new Decimal(`${parts.whole}.${parts.fraction || '0'}`).shiftedBy(decimals).toFixed();
}

function isZero(parts: DecimalParts): boolean {
  return /^0+$/.test(parts.whole) && parts.fraction === '';
}

/**
 * Smallest units as a display amount, exact for any size.
 *
 * @example
 * formatUnits(12345, 2); // '123.45'
 * formatUnits('-5', 8);  // '-0.00000005'
 */
export function formatUnits(smallest: number | string | bigint | { toString(): string }, decimals: number): string {
  // Through BigInt first: an amount of smallest units is a whole number, and a fraction is refused.
  const raw = BigInt(typeof smallest === 'object' ? smallest.toString() : smallest);
  return new Decimal(raw.toString()).shiftedBy(-decimals).toFixed();
}
