/**
 * Exact decimal handling for amounts an LLM sends as JSON numbers or strings. Floating-point maths
 * would turn 0.1 HBAR into 9999999.999… tinybars, so amounts are handled as digit strings.
 *
 * Kept hand-written on purpose: bignumber.js (which the SDK brings) was tried in its place and
 * measured 5–6× slower to parse and scale an amount and 8× slower to print one, on paths every
 * value call takes (the schemas, the normalisers, each movement's display text). What is here is
 * string slicing of digits, exact at any size, and which spellings an amount may come in (never
 * hex, a sign inside, `Infinity` or an exponent past any token's range) is this project's own.
 */

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
  if (plain) return tidy(plain[1], plain[2] ?? '');
  const scientific = SCIENTIFIC.exec(text);
  if (!scientific) return undefined;
  return shift(scientific[1], scientific[2] ?? '', Number(scientific[3]));
}

/** The amount scaled by 10^decimals as an integer digit string; the caller has checked precision. */
export function scaledDigits(parts: DecimalParts, decimals: number): string {
  const digits = (parts.whole + parts.fraction.padEnd(decimals, '0')).replace(/^0+(?=\d)/, '');
  return digits;
}

function shift(whole: string, fraction: string, exponent: number): DecimalParts | undefined {
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return undefined;
  const digits = whole + fraction;
  let point = whole.length + exponent;
  if (point <= 0) return tidy('0', '0'.repeat(-point) + digits);
  if (point >= digits.length) return tidy(digits + '0'.repeat(point - digits.length), '');
  return tidy(digits.slice(0, point), digits.slice(point));
}

function tidy(whole: string, fraction: string): DecimalParts {
  return { whole: whole.replace(/^0+(?=\d)/, ''), fraction: fraction.replace(/0+$/, '') };
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
  const raw = BigInt(typeof smallest === 'object' ? smallest.toString() : smallest);
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  // Trailing zeros trimmed by hand: a regex here was a measured share of every movement's display.
  const start = digits.length - decimals;
  let end = digits.length;
  while (end > start && digits.charCodeAt(end - 1) === 48) end--;
  const fraction = digits.slice(start, end);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
