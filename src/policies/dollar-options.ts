import { z } from 'zod';
import { invalidArgument } from '../errors/index.js';
import type { ExchangeRateSource, HbarRate } from '../mirror/exchange-rate-source.js';
import { decimalProblem, functionOption, tokenMapOption } from './option-schemas.js';
import { USD_DECIMALS } from './dollar-amounts.js';

/** A token's price in US dollars per whole token, with the token's decimals: `{ usd: 1, decimals: 6 }` for a stablecoin. */
export interface UsdPrice {
  usd: number | string;
  decimals: number;
}

/** Where the HBAR↔USD rate comes from: a source of the user's (an ExchangeRateSource), or a mirror node to read it from. */
export type ExchangeRateOption = Pick<ExchangeRateSource, 'current'> & Partial<Pick<ExchangeRateSource, 'fresh'>> | { mirrorUrl: string; maxAgeMs?: number };

/** The dollar options MaxTransferPolicy and SpendLimitPolicy share. */
export interface DollarOptions {
  /** Prices by token ID, e.g. `{ '0.0.5678': { usd: 1, decimals: 6 } }`; a price here wins over `price`. */
  prices?: Record<string, UsdPrice>;
  /** Prices of tokens not in `prices`, sync or async; `undefined` when it knows none. Code only. */
  price?: (tokenId: string) => UsdPrice | undefined | null | Promise<UsdPrice | undefined | null>;
  /** Where the HBAR rate comes from; default the kit's mirror node (`mirrorNodeUrl`). */
  exchangeRate?: ExchangeRateOption;
  /** Count a token nobody prices as $0 instead of refusing the call. Default false. */
  allowUnpriced?: boolean;
}

const PRICE_ACCEPTED = 'a price { usd, decimals }: US dollars per whole token (such as 1 or "0.25") and the token\'s decimal places (0 to 18)';

/** A price in dollars per whole token: a non-negative decimal (a worthless token may be priced 0). */
export const usdPriceOption = z
  .object(
    {
      usd: z.union([z.number(), z.string()], { error: 'US dollars per whole token, such as 1 or "0.25"' }).superRefine((value, ctx) => {
        if (decimalProblem(value, false) !== undefined) ctx.addIssue({ code: 'custom', message: 'US dollars per whole token, such as 1 or "0.25"', input: value });
      }),
      decimals: z.number({ error: "the token's decimal places, a whole number from 0 to 18" }).refine((n) => Number.isInteger(n) && n >= 0 && n <= 18, { error: "the token's decimal places, a whole number from 0 to 18" }),
    },
    { error: PRICE_ACCEPTED },
  )
  .strict();

/**
 * A dollar amount with at most 8 decimal places (the unit the policies count in, 10⁻⁸ USD);
 * `positive` refuses 0 (a budget of nothing), else 0 is a cap that lets nothing priced through.
 */
export function usdOption(positive: boolean, example: string) {
  const accepted = `${positive ? 'a positive' : 'an'} amount of US dollars with at most ${USD_DECIMALS} decimal places, such as ${example} or "0.5"`;
  return z.union([z.number(), z.string()], { error: accepted }).superRefine((value, ctx) => {
    const problem = decimalProblem(value, positive, USD_DECIMALS);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `${accepted}${problem}`, input: value });
  });
}

const RATE_ACCEPTED = 'an ExchangeRateSource (an object with current()) or { mirrorUrl, maxAgeMs? }';

function isRateSource(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { current?: unknown }).current === 'function';
}

/** `{ mirrorUrl: 'http://…', maxAgeMs? }` or an ExchangeRateSource (code only). */
export const exchangeRateOption = z.union(
  [
    z
      .object({
        mirrorUrl: z.string({ error: 'a mirror node URL such as https://testnet.mirrornode.hedera.com' }).url({ error: 'a mirror node URL such as https://testnet.mirrornode.hedera.com' }),
        maxAgeMs: z.number({ error: 'a whole number of ms, 0 or more' }).refine((ms) => Number.isSafeInteger(ms) && ms >= 0, { error: 'a whole number of ms, 0 or more' }).optional(),
      })
      .strict(),
    z.custom<Pick<ExchangeRateSource, 'current'>>(isRateSource, { error: RATE_ACCEPTED }),
  ],
  { error: RATE_ACCEPTED },
);

/** The zod fields of {@link DollarOptions}, for a policy's own object schema. */
export const dollarOptionFields = {
  prices: tokenMapOption(usdPriceOption, 'a map of token IDs to prices, e.g. { "0.0.5678": { "usd": 1, "decimals": 6 } }', true).optional(),
  price: functionOption<NonNullable<DollarOptions['price']>>('a function (tokenId) => { usd, decimals } | undefined, or a promise of one').optional(),
  exchangeRate: exchangeRateOption.optional(),
  allowUnpriced: z.boolean({ error: 'true or false' }).optional(),
};

/** A rate a source answered, checked: a source of the user's may answer anything. */
export function checkedRate(rate: unknown): HbarRate {
  const r = rate as Partial<HbarRate> | null | undefined;
  const positive = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  if (!r || !positive(r.hbarEquivalent) || !positive(r.centEquivalent) || typeof r.publishedAt !== 'string' || typeof r.readAt !== 'number') {
    throw new Error('the exchange rate source answered no rate { hbarEquivalent, centEquivalent, publishedAt, readAt } (positive integers and times)');
  }
  return r as HbarRate;
}

/** prices, price, exchangeRate and allowUnpriced only mean something with a dollar cap: alone, each would be ignored. */
export function refuseDollarOptionsWithoutUsd(owner: string, options: DollarOptions, usd: unknown): void {
  if (usd !== undefined) return;
  const given = (['prices', 'price', 'exchangeRate', 'allowUnpriced'] as const).find((key) => options[key] !== undefined);
  if (given) throw invalidArgument(`${owner}: '${given}' is for the dollar limit, 'usd', which is not given; add 'usd' (e.g. { usd: 50 }) or leave '${given}' out.`, [0, given]);
}

