import { AgentHooksError, ErrorCode, describeValue, messageOf } from '../errors/index.js';
import { isThenable } from '../lifecycle/policy-judge.js';
import { ExchangeRateSource, type HbarRate } from '../mirror/exchange-rate-source.js';
import { MirrorClient, mirrorFor } from '../mirror/mirror-client.js';
import { canonicalTokenId } from './account-ids.js';
import { hbarToUsd, rateText, tokenPrice, tokenToUsd, type TokenPrice } from './dollar-amounts.js';
import { checkedRate, usdPriceOption, type DollarOptions, type ExchangeRateOption } from './dollar-options.js';

/** What one asset of a call adds up to: HBAR in tinybars, a token in base units. */
export interface AssetSum {
  readonly asset: string;
  readonly amount: bigint;
  /** The decimals the call's movements carry for the asset, when they say. */
  readonly decimals?: number;
}

/** A call's sums in dollars: one value per sum (0 for an unpriced token let through), the rate used. */
export interface Valuation {
  readonly values: readonly bigint[];
  /** The rate HBAR was valued at, when the call moves HBAR. */
  readonly rate?: HbarRate;
  /** Each token's price used, in dollars per whole token (`"1"`, `"0.25"`). */
  readonly priced: ReadonlyMap<string, string>;
  /** Tokens nobody priced, counted as $0 because `allowUnpriced` says so. */
  readonly unpriced: readonly string[];
}

/** Shared empties for a call that moves HBAR alone: nothing is added to them. */
const NO_PRICES = new Map<string, never>();
const NO_PRICED: ReadonlyMap<string, string> = new Map<string, string>();
const NONE: readonly string[] = Object.freeze([]);

type RateSource = Pick<ExchangeRateSource, 'current'> & Partial<Pick<ExchangeRateSource, 'fresh'>>;
type CallSide = { context?: { mirrorNodeUrl?: unknown }; client?: unknown };

/**
 * Values what a call moves in US dollars for a policy's `usd` cap: HBAR at the network's exchange
 * rate, tokens at the prices the user gave. Synchronous when it can be (a fresh kept rate, prices
 * from the map or a function that answers at once), so a dollar cap costs a call no promise; a
 * price that is not known, a rate that cannot be read or a price function that fails blocks the call
 * (fail closed), unless `allowUnpriced` lets an unpriced token count as $0.
 */
export class DollarValuer {
  private readonly prices: ReadonlyMap<string, TokenPrice>;
  private readonly price: DollarOptions['price'];
  readonly allowUnpriced: boolean;
  private readonly source: RateSource | undefined;
  /** Sources for the kits' mirrors, one per mirror client, so one read serves every call. */
  private readonly kitSources = new WeakMap<MirrorClient, ExchangeRateSource>();

  constructor(private readonly owner: string, options: DollarOptions) {
    const prices = new Map<string, TokenPrice>();
    for (const [key, value] of Object.entries(options.prices ?? {})) prices.set(canonicalTokenId(key, `prices["${key}"]`), tokenPrice(value.usd, value.decimals));
    this.prices = prices;
    this.price = options.price;
    this.allowUnpriced = options.allowUnpriced === true;
    this.source = sourceOf(options.exchangeRate);
  }

  /** Where prices come from, for a policy's description. */
  describe(): string {
    const tokens = this.prices.size || this.price ? 'tokens at the prices given' : 'no token priced';
    return `HBAR at the network's exchange rate, ${tokens}${this.allowUnpriced ? ', unpriced tokens as $0' : ''}`;
  }

  /** Each sum in dollar units, with the rate used; a promise only when a rate or a price must be waited for. */
  value(sums: readonly AssetSum[], call: CallSide): Valuation | Promise<Valuation> {
    let rate: HbarRate | Promise<HbarRate> | undefined;
    let waits = false;
    if (sums.some((sum) => sum.asset === 'HBAR')) waits = isThenable((rate = this.rateFor(call)));
    // HBAR alone (the common call) needs no price map.
    const prices: Map<string, TokenPrice | undefined | Promise<TokenPrice | undefined>> = sums.every((sum) => sum.asset === 'HBAR') ? NO_PRICES : new Map();
    for (const sum of sums) {
      if (sum.asset === 'HBAR' || prices.has(sum.asset)) continue;
      const price = this.priceOf(sum.asset);
      prices.set(sum.asset, price);
      waits ||= isThenable(price);
    }
    if (!waits) return this.valued(sums, rate as HbarRate | undefined, prices as Map<string, TokenPrice | undefined>);
    const tokens = [...prices.keys()];
    return Promise.all([rate, ...prices.values()]).then(([read, ...found]) =>
      this.valued(sums, read as HbarRate | undefined, new Map(tokens.map((token, at) => [token, found[at] as TokenPrice | undefined]))),
    );
  }

  private valued(sums: readonly AssetSum[], rate: HbarRate | undefined, prices: ReadonlyMap<string, TokenPrice | undefined>): Valuation {
    if (prices.size === 0 && rate) return { values: sums.map((sum) => hbarToUsd(sum.amount, rate)), rate, priced: NO_PRICED, unpriced: NONE };
    const unpriced: string[] = [];
    const priced = new Map<string, string>();
    const values = sums.map((sum) => {
      if (sum.asset === 'HBAR') return hbarToUsd(sum.amount, rate!);
      const price = prices.get(sum.asset);
      if (!price) {
        if (!this.allowUnpriced) {
          throw new Error(
            `token ${sum.asset} has no known price, so what this call moves cannot be counted in US dollars; refused. ` +
              `Give it in prices (e.g. { "${sum.asset}": { "usd": 1, "decimals": 6 } }) or a price function, or allowUnpriced: true to count it as $0`,
          );
        }
        unpriced.push(sum.asset);
        return 0n;
      }
      if (typeof sum.decimals === 'number' && sum.decimals !== price.decimals) {
        throw new Error(`the price of ${sum.asset} is for a token of ${price.decimals} decimals, but this call's movements of it have ${sum.decimals}, so its value cannot be told; refused`);
      }
      priced.set(sum.asset, price.text);
      return tokenToUsd(sum.amount, price);
    });
    return { values, ...(rate ? { rate } : {}), priced, unpriced };
  }

  /** Names what a valuation rests on, for a block reason: the rate and its times, the prices used. */
  static basis(valuation: Valuation): string {
    const parts: string[] = [];
    if (valuation.rate) parts.push(`HBAR at ${rateText(valuation.rate)}`);
    for (const [token, price] of valuation.priced) parts.push(`${token} at $${price} a token`);
    for (const token of valuation.unpriced) parts.push(`${token} unpriced, counted as $0`);
    return parts.join('; ');
  }

  private priceOf(token: string): TokenPrice | undefined | Promise<TokenPrice | undefined> {
    const configured = this.prices.get(token);
    if (configured || !this.price) return configured;
    let answer: unknown;
    try {
      answer = this.price(token);
    } catch (error) {
      throw new Error(`the price function failed for ${token} (${messageOf(error)}), so what this call moves cannot be counted in US dollars; refused`);
    }
    if (!isThenable(answer)) return this.checkedPrice(token, answer);
    return Promise.resolve(answer).then(
      (value) => this.checkedPrice(token, value),
      (error: unknown) => {
        throw new Error(`the price function failed for ${token} (${messageOf(error)}), so what this call moves cannot be counted in US dollars; refused`);
      },
    );
  }

  private checkedPrice(token: string, answer: unknown): TokenPrice | undefined {
    if (answer === undefined || answer === null) return undefined;
    const parsed = usdPriceOption.safeParse(answer);
    if (!parsed.success) {
      throw new Error(`the price function returned ${describeValue(answer)} for ${token}, not a price { usd, decimals } (or undefined when it knows none); refused`);
    }
    return tokenPrice(parsed.data.usd, parsed.data.decimals);
  }

  /** The rate now: the kept one at once while fresh, else one read of the source (shared by concurrent calls). */
  private rateFor(call: CallSide): HbarRate | Promise<HbarRate> {
    const source = this.source ?? this.kitSource(call);
    const fresh = typeof source.fresh === 'function' ? source.fresh() : undefined;
    if (fresh) return fresh;
    return Promise.resolve()
      .then(() => source.current())
      .then(checkedRate, (error: unknown) => {
        const code = (error as { code?: unknown })?.code;
        throw new Error(`${messageOf(error).replace(/\.$/, '')}${typeof code === 'string' ? ` (${code})` : ''}; a dollar limit fails closed, so the call is refused`);
      });
  }

  /** The source for the kit's mirror node (`mirrorNodeUrl`, or the public mirror of a testnet/mainnet client). */
  private kitSource(call: CallSide): ExchangeRateSource {
    let mirror: MirrorClient;
    try {
      mirror = mirrorFor(call.context ?? {}, call.client as never);
    } catch (error) {
      throw new AgentHooksError(
        ErrorCode.CONFIG,
        `${this.owner} counts HBAR in US dollars at the network's exchange rate, but there is no mirror node to read it from (${messageOf(error)}); ` +
          'give the kit mirrorNodeUrl, or the policy exchangeRate: { mirrorUrl }',
      );
    }
    let source = this.kitSources.get(mirror);
    if (!source) this.kitSources.set(mirror, (source = new ExchangeRateSource(mirror)));
    return source;
  }
}

function sourceOf(option: ExchangeRateOption | undefined): RateSource | undefined {
  if (option === undefined) return undefined;
  if ('mirrorUrl' in option && typeof option.mirrorUrl === 'string') {
    return new ExchangeRateSource(new MirrorClient(option.mirrorUrl), option.maxAgeMs === undefined ? {} : { maxAgeMs: option.maxAgeMs });
  }
  return option as RateSource;
}
