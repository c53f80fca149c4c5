import { expect } from 'chai';
import { ExchangeRates, FileContentsQuery, Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { getJson } from '../../support/mirror-openapi.js';

interface MirrorRates {
  current_rate: { cent_equivalent: number; hbar_equivalent: number; expiration_time: number };
  next_rate: { cent_equivalent: number; hbar_equivalent: number; expiration_time: number };
  timestamp: string;
}

describe('devnet exchange rate: set at start, changed while running, followed by the file, the mirror and fees', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;

  const mirrorRates = async (query = '') => (await getJson(`${net.mirrorUrl}/api/v1/network/exchangerate${query}`)).body as MirrorRates;
  const fileRates = async () => ExchangeRates.fromBytes(await new FileContentsQuery().setFileId('0.0.112').execute(client));
  /** The fee the devnet charged for one small transfer, read from the mirror's record of it. */
  const transferFee = async () => {
    const response = await new TransferTransaction().addHbarTransfer(net.operatorId, new Hbar(-1)).addHbarTransfer('0.0.98', new Hbar(1)).execute(client);
    await response.getReceipt(client);
    const id = response.transactionId.toString().replace(/@(\d+)\.(\d+)$/, (_m, s: string, n: string) => `-${s}-${n.padStart(9, '0')}`);
    return ((await getJson(`${net.mirrorUrl}/api/v1/transactions/${id}`)).body as { transactions: Array<{ charged_tx_fee: number }> }).transactions[0].charged_tx_fee;
  };

  afterEach(async () => { await net?.stop(); });

  describe('when started at a chosen rate', () => {
    it('publishes that rate in 0.0.112 and on the mirror, and charges the configured fee at it', async () => {
      net = await startDevnet({ exchangeRate: { hbarEquiv: 1, centEquiv: 12 }, transactionFeeTinybars: 120_000 });
      client = net.client();
      const mirror = await mirrorRates();
      expect(mirror.current_rate).to.include({ hbar_equivalent: 1, cent_equivalent: 12 });
      expect(mirror.next_rate).to.include({ hbar_equivalent: 1, cent_equivalent: 12 });
      const file = await fileRates();
      expect([file.currentRate.hbars, file.currentRate.cents]).to.deep.equal([1, 12]);
      expect(await transferFee()).to.equal(120_000);
    });
  });

  describe('when the rate changes while it runs', () => {
    it('answers the new rate from then on, dated at the change, with fees priced at it, and the old rate for earlier times', async () => {
      net = await startDevnet();
      client = net.client();
      const before = await mirrorRates();
      expect(before.current_rate).to.include({ hbar_equivalent: 30_000, cent_equivalent: 300_000 });
      expect(await transferFee()).to.equal(100_000);

      net.setExchangeRate({ hbarEquiv: 1, centEquiv: 20 });
      const after = await mirrorRates();
      expect(after.current_rate).to.include({ hbar_equivalent: 1, cent_equivalent: 20 });
      expect(after.timestamp > before.timestamp).to.equal(true);
      expect((await fileRates()).currentRate.cents).to.equal(20);
      // The fee is fixed in cents: at 20 ¢ instead of 10 ¢ per HBAR it costs half the tinybars.
      expect(await transferFee()).to.equal(50_000);
      const earlier = await mirrorRates(`?timestamp=lte:${before.timestamp}`);
      expect(earlier.current_rate).to.include({ hbar_equivalent: 30_000, cent_equivalent: 300_000 });
      expect(earlier.timestamp).to.equal(before.timestamp);
      const later = await mirrorRates(`?timestamp=lte:${after.timestamp}`);
      expect(later.current_rate).to.include({ hbar_equivalent: 1, cent_equivalent: 20 });
    });

    it('prices paid queries at the new rate too', async () => {
      net = await startDevnet({ queryFeeTinybars: 10_000 });
      client = net.client();
      // The SDK's getCost adds its 10 % margin to what the node answers.
      const cost = async () => (await new FileContentsQuery().setFileId('0.0.112').getCost(client)).toTinybars().toNumber() / 1.1;
      expect(await cost()).to.be.closeTo(10_000, 1);
      net.setExchangeRate({ hbarEquiv: 30_000, centEquiv: 150_000 });
      expect(await cost()).to.be.closeTo(20_000, 1);
    });
  });

  describe('when given a rate it cannot publish', () => {
    it('refuses it at start and while running, naming the field and what is accepted', async () => {
      for (const [rate, field] of [
        [{ hbarEquiv: 0, centEquiv: 12 }, 'exchangeRate.hbarEquiv'],
        [{ hbarEquiv: 1, centEquiv: 1.5 }, 'exchangeRate.centEquiv'],
        [{ hbarEquiv: 1, centEquiv: 2 ** 31 }, 'exchangeRate.centEquiv'],
        [{ hbarEquiv: 1 }, 'exchangeRate.centEquiv'],
      ] as const) {
        await startDevnet({ exchangeRate: rate as never }).then(
          () => expect.fail(`accepted ${JSON.stringify(rate)}`),
          (error: Error) => expect(error.message).to.contain(`startDevnet: ${field} must be a positive integer`).and.contain('{ hbarEquiv, centEquiv }'),
        );
      }
      await startDevnet({ exchangeRate: { usdPerHbar: 0.12 } as never }).then(
        () => expect.fail('accepted usdPerHbar'),
        (error: Error) => expect(error.message).to.contain('startDevnet: exchangeRate: unknown field "usdPerHbar"'),
      );
      net = await startDevnet();
      expect(() => net.setExchangeRate({ hbarEquiv: -1, centEquiv: 5 })).to.throw('devnet.setExchangeRate.hbarEquiv must be a positive integer');
      expect(() => net.setExchangeRate('12' as never)).to.throw('devnet.setExchangeRate: expected { hbarEquiv, centEquiv }');
      expect((await mirrorRates()).current_rate).to.include({ hbar_equivalent: 30_000, cent_equivalent: 300_000 });
    });
  });
});
