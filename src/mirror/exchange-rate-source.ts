import { z } from 'zod';
import { AgentHooksError, ErrorCode, describeValue, invalidArgument, messageOf, parseOptions } from '../errors/index.js';
import type { MirrorExchangeRate, MirrorExchangeRates } from './mirror-types.js';

/** The HBAR↔USD rate the network publishes, as one read of the mirror found it. */
export interface HbarRate {
  /** `hbarEquivalent` HBAR are worth `centEquivalent` US cents (the network's own two integers) */
  readonly hbarEquivalent: number;
  readonly centEquivalent: number;
  /** US dollars per HBAR, for display; convert amounts with the two equivalents, which are exact */
  readonly usdPerHbar: number;
  /** when the network published the rate: the mirror's `timestamp` (`seconds.nanos`, consensus time of the 0.0.112 update) */
  readonly publishedAt: string;
  /** when the rate stops being in force, in ms since the epoch (its `expiration_time`) */
  readonly expiresAt: number;
  /** when this process read it from the mirror, in ms since the epoch */
  readonly readAt: number;
}

/** The one read a source needs; a MirrorClient has it. */
export interface ExchangeRateReader {
  getExchangeRate(): Promise<MirrorExchangeRates>;
}

export interface ExchangeRateSourceOptions {
  /**
   * Reads again after this many ms even when the rate has not expired yet (default 300000, 5 minutes),
   * so a rate the network changes within the hour is seen soon. 0 reads on every call.
   */
  maxAgeMs?: number;
  /** The clock, in ms since the epoch (default Date.now); tests move it. */
  now?: () => number;
}

const DEFAULT_MAX_AGE_MS = 300_000;

/** The option check kept in one place, so it converts to a schema as the others do. */
/** ExchangeRateSource's options (argument 1). */
const exchangeRateSourceOptions = z.strictObject(
  {
    maxAgeMs: z.number({ error: 'a whole number of milliseconds, 0 or more' }).int({ error: 'a whole number of milliseconds, 0 or more' }).min(0, { error: 'a whole number of milliseconds, 0 or more' }).optional(),
    now: z.custom<() => number>((value) => typeof value === 'function', { error: 'a function returning ms since the epoch' }).optional(),
  },
  { error: 'options { maxAgeMs?, now? }' },
);

function checkOptions(options: ExchangeRateSourceOptions): { maxAgeMs: number; now: () => number } {
  const { maxAgeMs = DEFAULT_MAX_AGE_MS, now = Date.now } = parseOptions('ExchangeRateSource', exchangeRateSourceOptions, options, 1);
  return { maxAgeMs, now };
}

/**
 * The network's exchange rate, read through the mirror (with the MirrorClient's timeouts and retries),
 * kept until it expires or `maxAgeMs` passes, whichever comes first, then read again. It never makes a
 * rate up: when the mirror cannot answer, or answers only rates that have expired, {@link current}
 * rejects with E_EXCHANGE_RATE_UNAVAILABLE, so a dollar rule that needs a price fails closed.
 *
 * @example
 * const rates = new ExchangeRateSource(new MirrorClient(devnet.mirrorUrl));
 * const rate = await rates.current();
 * console.log(`1 HBAR = ${rate.usdPerHbar} USD, published ${rate.publishedAt}`);
 */
export class ExchangeRateSource {
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private cached: HbarRate | undefined;
  private reading: Promise<HbarRate> | undefined;

  constructor(private readonly mirror: ExchangeRateReader, options: ExchangeRateSourceOptions = {}) {
    if (typeof mirror?.getExchangeRate !== 'function') throw invalidArgument(`ExchangeRateSource: expected a MirrorClient (or an object with getExchangeRate()), got ${describeValue(mirror)}.`, [0]);
    ({ maxAgeMs: this.maxAgeMs, now: this.now } = checkOptions(options));
  }

  /** The rate in force now: the kept one while fresh, else one new read, shared by the calls that wait for it. */
  current(): Promise<HbarRate> {
    const cached = this.cached;
    if (cached && this.isFresh(cached, this.now())) return Promise.resolve(cached);
    this.reading ??= this.read().finally(() => { this.reading = undefined; });
    return this.reading;
  }

  /**
   * The kept rate while it is fresh, else undefined: no read, no promise. Dollar rules judge a call
   * with it at once and fall back to {@link current} when it is missing.
   */
  fresh(): HbarRate | undefined {
    const cached = this.cached;
    return cached && this.isFresh(cached, this.now()) ? cached : undefined;
  }

  /** Forgets the kept rate, so the next {@link current} reads the mirror. */
  invalidate(): void {
    this.cached = undefined;
  }

  private isFresh(rate: HbarRate, now: number): boolean {
    return now < rate.expiresAt && now - rate.readAt < this.maxAgeMs;
  }

  private async read(): Promise<HbarRate> {
    let body: MirrorExchangeRates;
    try {
      body = await this.mirror.getExchangeRate();
    } catch (error) {
      // A kept rate is not reused past its freshness: a stale price is worse than none for a spending rule.
      this.cached = undefined;
      throw new AgentHooksError(ErrorCode.EXCHANGE_RATE_UNAVAILABLE, `The HBAR exchange rate could not be read from the mirror node: ${messageOf(error)}`, { cause: error });
    }
    const readAt = this.now();
    const rate = rateInForce(body, readAt);
    this.cached = rate;
    return rate;
  }
}

/** The mirror's current rate, or its next one once the current has expired (as the network switches to it). */
function rateInForce(body: MirrorExchangeRates, readAt: number): HbarRate {
  const bad = (why: string) => new AgentHooksError(ErrorCode.EXCHANGE_RATE_UNAVAILABLE, `The mirror node's exchange rate answer cannot be used: ${why}.`);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad(`expected { current_rate, next_rate, timestamp }, got ${describeValue(body)}`);
  const publishedAt = body.timestamp;
  if (typeof publishedAt !== 'string' || !/^\d+\.\d{1,9}$/.test(publishedAt)) throw bad(`timestamp ${shown(publishedAt)} is not a mirror timestamp (seconds.nanos)`);
  const current = checkedRate(body.current_rate, 'current_rate', bad);
  const next = checkedRate(body.next_rate, 'next_rate', bad);
  const chosen = readAt < current.expiration_time * 1000 ? current : next;
  if (readAt >= chosen.expiration_time * 1000) {
    throw bad(`its newest rate expired at ${new Date(chosen.expiration_time * 1000).toISOString()} (published ${publishedAt}), so no rate is known to be in force now`);
  }
  return Object.freeze({
    hbarEquivalent: chosen.hbar_equivalent,
    centEquivalent: chosen.cent_equivalent,
    usdPerHbar: chosen.cent_equivalent / chosen.hbar_equivalent / 100,
    publishedAt,
    expiresAt: chosen.expiration_time * 1000,
    readAt,
  });
}

function checkedRate(rate: MirrorExchangeRate | undefined, field: string, bad: (why: string) => Error): MirrorExchangeRate {
  const positive = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  if (!rate || !positive(rate.hbar_equivalent) || !positive(rate.cent_equivalent) || !positive(rate.expiration_time)) {
    throw bad(`${field} must have positive integer hbar_equivalent, cent_equivalent and expiration_time, got ${shown(rate)}`);
  }
  return rate;
}

/** Option values and mirror answers hold nothing secret, so messages show them (bounded). */
function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'string' || (typeof value === 'object' && value !== null)) {
    try {
      return JSON.stringify(value).slice(0, 200);
    } catch {
      return describeValue(value);
    }
  }
  return describeValue(value);
}
