import { expect } from 'chai';
import sinon from 'sinon';
import { ErrorCode } from '../../../src/errors/index.js';
import { ExchangeRateSource, type ExchangeRateReader } from '../../../src/mirror/exchange-rate-source.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import type { MirrorExchangeRates } from '../../../src/mirror/mirror-types.js';
import { ScriptedMirror } from '../../support/scripted-mirror.js';

const HOUR = 3_600_000;
const T0 = 1_700_000_000_000 - (1_700_000_000_000 % HOUR); // on the hour
const rates = (cents: number, expiresSec = T0 / 1000 + 3600, timestamp = '1699999990.000000001', next = cents): MirrorExchangeRates => ({
  current_rate: { hbar_equivalent: 30_000, cent_equivalent: cents, expiration_time: expiresSec },
  next_rate: { hbar_equivalent: 30_000, cent_equivalent: next, expiration_time: expiresSec + 3600 },
  timestamp,
});

describe('ExchangeRateSource', () => {
  const sandbox = sinon.createSandbox();
  let clock: number;
  let reader: ExchangeRateReader & { getExchangeRate: sinon.SinonStub };
  const source = (maxAgeMs?: number) => new ExchangeRateSource(reader, { now: () => clock, ...(maxAgeMs === undefined ? {} : { maxAgeMs }) });

  beforeEach(() => {
    clock = T0 + 1000;
    reader = { getExchangeRate: sandbox.stub() };
  });
  afterEach(() => sandbox.restore());

  describe('when the mirror answers', () => {
    it('reports the rate, its publication time and when it was read', async () => {
      reader.getExchangeRate.resolves(rates(360_000));
      const rate = await source().current();
      expect(rate).to.deep.equal({
        hbarEquivalent: 30_000, centEquivalent: 360_000, usdPerHbar: 0.12, publishedAt: '1699999990.000000001', expiresAt: T0 + HOUR, readAt: T0 + 1000,
      });
    });

    it('keeps the rate until the max age passes, then reads again', async () => {
      reader.getExchangeRate.onFirstCall().resolves(rates(300_000)).onSecondCall().resolves(rates(330_000));
      const rates$ = source(60_000);
      expect((await rates$.current()).centEquivalent).to.equal(300_000);
      clock += 59_999;
      expect((await rates$.current()).centEquivalent).to.equal(300_000);
      expect(reader.getExchangeRate.callCount).to.equal(1);
      clock += 1;
      expect((await rates$.current()).centEquivalent).to.equal(330_000);
      expect(reader.getExchangeRate.callCount).to.equal(2);
    });

    it('reads again at the expiration time even when the max age has not passed', async () => {
      reader.getExchangeRate.onFirstCall().resolves(rates(300_000)).onSecondCall().resolves(rates(270_000, T0 / 1000 + 7200));
      const rates$ = source(10 * HOUR);
      await rates$.current();
      clock = T0 + HOUR;
      const rate = await rates$.current();
      expect([rate.centEquivalent, rate.expiresAt, reader.getExchangeRate.callCount]).to.deep.equal([270_000, T0 + 2 * HOUR, 2]);
    });

    it('shares one read among calls that wait at the same time', async () => {
      reader.getExchangeRate.resolves(rates(300_000));
      const rates$ = source();
      const [a, b] = await Promise.all([rates$.current(), rates$.current()]);
      expect(a).to.equal(b);
      expect(reader.getExchangeRate.callCount).to.equal(1);
    });

    it('hands the kept rate over at once while it is fresh (fresh()), and nothing before the first read or once it is stale', async () => {
      reader.getExchangeRate.resolves(rates(300_000));
      const rates$ = source(60_000);
      expect(rates$.fresh()).to.equal(undefined);
      const read = await rates$.current();
      expect(rates$.fresh()).to.equal(read);
      clock += 60_000;
      expect(rates$.fresh()).to.equal(undefined);
      expect(reader.getExchangeRate.callCount).to.equal(1);
    });

    it('uses the next rate once the current one has expired, as the network does', async () => {
      reader.getExchangeRate.resolves(rates(300_000, T0 / 1000, '1699999990.000000001', 450_000));
      const rate = await source().current();
      expect([rate.centEquivalent, rate.expiresAt]).to.deep.equal([450_000, T0 + HOUR]);
    });
  });

  describe('when no rate in force can be known', () => {
    it('fails closed when both published rates have expired, naming when', async () => {
      reader.getExchangeRate.resolves(rates(300_000, T0 / 1000 - 3600));
      const error = await source().current().then(() => undefined, (thrown: Error & { code?: string }) => thrown);
      expect(error?.code).to.equal(ErrorCode.EXCHANGE_RATE_UNAVAILABLE);
      expect(error?.message).to.contain(`expired at ${new Date(T0).toISOString()}`);
    });

    it('fails closed on an answer without usable rates, saying what is wrong', async () => {
      for (const [body, words] of [
        [{ ...rates(300_000), current_rate: { hbar_equivalent: 0, cent_equivalent: 1, expiration_time: 1 } }, 'current_rate must have positive integer'],
        [{ ...rates(300_000), timestamp: 'now' }, 'timestamp "now" is not a mirror timestamp'],
        [[], 'expected { current_rate, next_rate, timestamp }'],
      ] as const) {
        reader.getExchangeRate.resolves(body);
        const error = await source().current().then(() => undefined, (thrown: Error & { code?: string }) => thrown);
        expect(error?.code).to.equal(ErrorCode.EXCHANGE_RATE_UNAVAILABLE);
        expect(error?.message).to.contain(words);
      }
    });

    it('fails closed when the mirror cannot be read, after its retries, and never falls back to the rate it had', async () => {
      const mirror = new ScriptedMirror();
      await mirror.start();
      try {
        mirror.reply('/api/v1/network/exchangerate', { status: 200, body: rates(300_000) }, { status: 503 });
        const rates$ = new ExchangeRateSource(new MirrorClient(mirror.url, { retries: 1, retryDelayMs: 1 }), { now: () => clock, maxAgeMs: 1000 });
        expect((await rates$.current()).centEquivalent).to.equal(300_000);
        clock += 1000;
        const error = await rates$.current().then(() => undefined, (thrown: Error & { code?: string; cause?: { code?: string } }) => thrown);
        expect(error?.code).to.equal(ErrorCode.EXCHANGE_RATE_UNAVAILABLE);
        expect(error?.cause?.code).to.equal(ErrorCode.MIRROR_UNAVAILABLE);
        expect(error?.message).to.contain('The HBAR exchange rate could not be read from the mirror node').and.contain('HTTP 503');
        expect(mirror.requests).to.have.length(3);
      } finally {
        await mirror.stop();
      }
    });
  });

  describe('when given bad options', () => {
    it('refuses them naming the option and what is accepted', () => {
      expect(() => new ExchangeRateSource(reader, { maxAgeMs: -1 })).to.throw("ExchangeRateSource: 'maxAgeMs' must be a whole number of milliseconds, 0 or more, got -1.");
      expect(() => new ExchangeRateSource(reader, { maxAge: 5 } as never)).to.throw("ExchangeRateSource: unknown option 'maxAge'; accepted: maxAgeMs, now.");
      expect(() => new ExchangeRateSource({} as never)).to.throw('expected a MirrorClient');
    });
  });
});
