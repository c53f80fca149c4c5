import { expect } from 'chai';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { ErrorCode } from '../../../src/errors/index.js';
import { ExchangeRateSource } from '../../../src/mirror/exchange-rate-source.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';

describe('ExchangeRateSource against the devnet mirror', function () {
  this.timeout(30_000);
  let net: Devnet;

  before(async () => { net = await startDevnet({ exchangeRate: { hbarEquiv: 1, centEquiv: 10 } }); });
  after(async () => { await net.stop(); });

  describe('when the network changes its rate', () => {
    it('reports the old rate until it reads again, then the new one with its publication time', async () => {
      let clock = Date.now();
      const source = new ExchangeRateSource(new MirrorClient(net.mirrorUrl), { maxAgeMs: 60_000, now: () => clock });
      const before = await source.current();
      expect([before.hbarEquivalent, before.centEquivalent, before.usdPerHbar]).to.deep.equal([1, 10, 0.1]);
      net.setExchangeRate({ hbarEquiv: 1, centEquiv: 15 });
      expect((await source.current()).centEquivalent).to.equal(10);
      clock += 60_000;
      const after = await source.current();
      expect([after.centEquivalent, after.usdPerHbar, after.readAt]).to.deep.equal([15, 0.15, clock]);
      expect(after.publishedAt > before.publishedAt).to.equal(true);
      expect(after.expiresAt).to.be.greaterThan(Date.now());
    });
  });

  describe('when the mirror stops answering', () => {
    it('fails closed with E_EXCHANGE_RATE_UNAVAILABLE instead of a rate', async () => {
      const stopped = await startDevnet();
      const source = new ExchangeRateSource(new MirrorClient(stopped.mirrorUrl, { retries: 0, timeoutMs: 2000 }), { maxAgeMs: 0 });
      expect((await source.current()).centEquivalent).to.equal(300_000);
      await stopped.stop();
      const error = await source.current().then(() => undefined, (thrown: Error & { code?: string }) => thrown);
      expect(error?.code).to.equal(ErrorCode.EXCHANGE_RATE_UNAVAILABLE);
      expect(error?.message).to.contain('could not be reached');
    });
  });
});
