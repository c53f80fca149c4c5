import type { Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseQueryTool,
  mirrorFor,
  strictInput,
  type Context,
  type MirrorExchangeRate,
  type ToolResult,
} from '../../src/authoring/index.js';
import { isoOf, queryResult } from './query-result.js';

export const GET_EXCHANGE_RATE_TOOL = 'get_exchange_rate_tool';

/**
 * What the mirror's `timestamp` filter takes: seconds since the epoch with up to 9 decimals, optionally
 * after an operator (`lte:` and the like; the mirror refuses `ne:`). The Hedera Agent Kit passes the
 * text through, so these are the inputs that work there.
 */
const MIRROR_TIMESTAMP = /^((eq|gt|gte|lt|lte):)?\d{1,10}(\.\d{1,9})?$/;

const parameters = strictInput({
  timestamp: z
    .string({ error: 'must be a string of seconds since the epoch, e.g. "1726000000.123456789"' })
    .trim()
    .regex(MIRROR_TIMESTAMP, { error: 'must be seconds since the epoch with up to 9 decimals (nanoseconds), e.g. "1726000000" or "1726000000.123456789"' })
    .optional()
    .describe('Read the rates in force at this time, in seconds since the epoch (up to 9 decimals), e.g. "1726000000.123456789"; the latest rates when omitted.'),
});

export type GetExchangeRateInput = z.infer<typeof parameters>;
export interface GetExchangeRateNormalised {
  timestamp?: string;
}
export interface ExchangeRateLine {
  /** the rate is a ratio: `hbarEquivalent` HBAR are worth `centEquivalent` US cents */
  hbarEquivalent: number;
  centEquivalent: number;
  /** US dollars per HBAR, as a number for display */
  usdPerHbar: number;
  /** seconds since the epoch */
  expirationTime: number;
  expiresAt: string;
}
export interface ExchangeRates {
  /** mirror timestamp "seconds.nanos" the rates are as of */
  timestamp: string;
  asOf: string | null;
  currentRate: ExchangeRateLine;
  nextRate: ExchangeRateLine;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_exchange_rate_tool: { raw: GetExchangeRateInput; normalised: GetExchangeRateNormalised; coreActionResult: ExchangeRates };
  }
}

/**
 * Reads the network's HBAR exchange rate (the one fees are converted with) from the mirror node.
 *
 * @example
 * const { raw } = await kit.execute('get_exchange_rate_tool', {});
 * raw.currentRate.usdPerHbar; // 0.1
 */
export class GetExchangeRateTool extends BaseQueryTool<GetExchangeRateInput, GetExchangeRateNormalised, ExchangeRates> {
  readonly method = GET_EXCHANGE_RATE_TOOL;
  readonly name = 'Get exchange rate';
  readonly description = 'Returns the current and next HBAR exchange rate (US dollars per HBAR and when each expires), now or at a given time.';
  readonly parameters = parameters;

  normalizeParams(params: GetExchangeRateInput, _context: Context, _client: Client): GetExchangeRateNormalised {
    return params.timestamp === undefined ? {} : { timestamp: params.timestamp };
  }

  async coreAction(params: GetExchangeRateNormalised, context: Context, client: Client): Promise<ExchangeRates> {
    const rates = await mirrorFor(context, client).getExchangeRate(params.timestamp);
    return { timestamp: rates.timestamp, asOf: isoOf(rates.timestamp), currentRate: rateLine(rates.current_rate), nextRate: rateLine(rates.next_rate) };
  }

  override formatResult(rates: ExchangeRates): ToolResult {
    const { currentRate: current, nextRate: next } = rates;
    return queryResult(
      rates,
      `As of ${rates.asOf ?? rates.timestamp}, 1 HBAR is ${current.usdPerHbar} USD (${current.centEquivalent} cents per ${current.hbarEquivalent} HBAR) until ${current.expiresAt}; ` +
        `the next rate is ${next.usdPerHbar} USD, until ${next.expiresAt}.`,
    );
  }
}

function rateLine(rate: MirrorExchangeRate): ExchangeRateLine {
  return {
    hbarEquivalent: rate.hbar_equivalent,
    centEquivalent: rate.cent_equivalent,
    usdPerHbar: rate.cent_equivalent / 100 / rate.hbar_equivalent,
    expirationTime: rate.expiration_time,
    expiresAt: new Date(rate.expiration_time * 1000).toISOString(),
  };
}
