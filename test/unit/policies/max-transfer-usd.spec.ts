import { expect } from 'chai';
import sinon from 'sinon';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit, type ToolResult } from '../../../src/index.js';
import { ExchangeRateSource } from '../../../src/mirror/exchange-rate-source.js';
import type { MirrorExchangeRates } from '../../../src/mirror/mirror-types.js';
import { MaxTransferPolicy } from '../../../src/policies/max-transfer-policy.js';
import { offlineClient } from '../../support/offline-client.js';
import { pluginOf } from '../../support/noop-tools.js';
import { ScriptedMirror } from '../../support/scripted-mirror.js';
import { ShapeTool, callWith, hbarCredits, tokenCredits } from './value-policy-kit.js';

const READ_AT = Date.UTC(2025, 5, 1, 10, 2, 3, 456);
const PUBLISHED = `${Date.UTC(2025, 5, 1, 10) / 1000}.000000001`;
const rates = (hbar: number, cents: number): MirrorExchangeRates => ({
  current_rate: { hbar_equivalent: hbar, cent_equivalent: cents, expiration_time: Math.floor(READ_AT / 1000) + 3600 },
  next_rate: { hbar_equivalent: hbar, cent_equivalent: cents, expiration_time: Math.floor(READ_AT / 1000) + 7200 },
  timestamp: PUBLISHED,
});
const AT_12_CENTS = "12 ¢/HBAR (the network's rate published 2025-06-01T10:00:00.000Z, read 2025-06-01T10:02:03.456Z)";

function reasonOf(result: ToolResult): string {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
  return result.raw.blockedBy!.reason!;
}

describe('MaxTransferPolicy in US dollars', () => {
  const sandbox = sinon.createSandbox();
  let client: Client;
  let reader: { getExchangeRate: sinon.SinonStub };
  /** A rate source over a scripted read, at a fixed clock: 12 ¢ per HBAR unless a test says otherwise. */
  const at12 = () => new ExchangeRateSource(reader, { now: () => READ_AT });

  beforeEach(() => {
    client = offlineClient();
    reader = { getExchangeRate: sandbox.stub().resolves(rates(1, 12)) };
  });
  afterEach(() => {
    client.close();
    sandbox.restore();
  });

  describe('when a call moves HBAR', () => {
    it('lets 416.66666666 HBAR ($49.9999999992, counted as $50) through under a $50 cap and blocks a tinybar more, naming the dollars, the cap, the rate and its times', async () => {
      const policy = new MaxTransferPolicy({ usd: 50, exchangeRate: at12() });
      expect((await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', '416.66666666']]))).raw.status).to.equal('SUCCESS');
      const reason = reasonOf(await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', '416.66666667']])));
      expect(reason).to.equal(`transfer_hbar_tool moves 416.66666667 HBAR ($50.00000001) in this call, to 0.0.5, worth $50.00000001 (HBAR at ${AT_12_CENTS}); the cap is $50 per call`);
    });

    it('values the same HBAR at the rate in force: what passed at 12 ¢ is blocked at 13 ¢', async () => {
      let now = READ_AT;
      const source = new ExchangeRateSource(reader, { now: () => now, maxAgeMs: 60_000 });
      const policy = new MaxTransferPolicy({ usd: 50, exchangeRate: source });
      const transfer = hbarCredits([['0.0.5', 400]]);
      expect((await callWith(client, [policy], 'transfer_hbar_tool', transfer)).raw.status).to.equal('SUCCESS');
      reader.getExchangeRate.resolves(rates(1, 13));
      now += 60_000;
      expect(reasonOf(await callWith(client, [policy], 'transfer_hbar_tool', transfer))).to.contain('worth $52 (HBAR at 13 ¢/HBAR');
    });
  });

  describe('when dollar, HBAR and token caps are combined', () => {
    it('applies each: a call passes only when all pass, and a block names every cap it passes', async () => {
      const policy = new MaxTransferPolicy({ hbar: 100, usd: 50, tokens: { '0.0.900': 2 }, prices: { '0.0.900': { usd: 1, decimals: 2 } }, exchangeRate: at12() });
      expect((await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 100]]))).raw.status).to.equal('SUCCESS');
      expect(reasonOf(await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 101]])))).to.match(/^transfer_hbar_tool moves 101 HBAR \(10100000000 tinybars\) .*; the cap is 100 HBAR per call$/);
      const both = reasonOf(await callWith(client, [policy], 'transfer_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 300]])));
      expect(both).to.match(/the cap is 2 of 0\.0\.900 per call$/);
      const wide = new MaxTransferPolicy({ hbar: 1_000, usd: 50, exchangeRate: at12() });
      expect(reasonOf(await callWith(client, [wide], 'transfer_hbar_tool', hbarCredits([['0.0.5', 500]])))).to.contain('worth $60 (HBAR at 12 ¢/HBAR').and.to.not.contain('the cap is 1000 HBAR');
    });
  });

  describe('when a call moves tokens', () => {
    it('values a stablecoin at its configured price and decimals, and others through the price function, sync or async', async () => {
      const price = sandbox.stub().callsFake((token: string) => (token === '0.0.901' ? Promise.resolve({ usd: '0.25', decimals: 2 }) : undefined));
      const policy = new MaxTransferPolicy({ usd: 10, prices: { '0.0.900': { usd: 1, decimals: 2 } }, price });
      expect((await callWith(client, [policy], 'transfer_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 1_000]]))).raw.status).to.equal('SUCCESS');
      expect(reasonOf(await callWith(client, [policy], 'transfer_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 1_001]])))).to.equal(
        'transfer_fungible_token_tool moves 10.01 of 0.0.900 ($10.01) in this call, to 0.0.5, worth $10.01 (0.0.900 at $1 a token); the cap is $10 per call',
      );
      expect(price.called).to.equal(false);
      expect((await callWith(client, [policy], 'transfer_fungible_token_tool', tokenCredits('0.0.901', [['0.0.5', 4_000]]))).raw.status).to.equal('SUCCESS');
      expect(reasonOf(await callWith(client, [policy], 'transfer_fungible_token_tool', tokenCredits('0.0.901', [['0.0.5', 4_001]])))).to.contain('worth $10.0025 (0.0.901 at $0.25 a token)');
      expect(price.firstCall.args).to.deep.equal(['0.0.901']);
    });

    it('blocks a token nobody priced (fail closed), and with allowUnpriced counts it as $0', async () => {
      const unpriced = tokenCredits('0.0.902', [['0.0.5', 1]]);
      const reason = reasonOf(await callWith(client, [new MaxTransferPolicy({ usd: 10 })], 'transfer_fungible_token_tool', unpriced));
      expect(reason).to.equal(
        'token 0.0.902 has no known price, so what this call moves cannot be counted in US dollars; refused. Give it in prices (e.g. { "0.0.902": { "usd": 1, "decimals": 6 } }) or a price function, or allowUnpriced: true to count it as $0',
      );
      expect((await callWith(client, [new MaxTransferPolicy({ usd: 10, allowUnpriced: true })], 'transfer_fungible_token_tool', unpriced)).raw.status).to.equal('SUCCESS');
      expect(new MaxTransferPolicy({ usd: 10, allowUnpriced: true }).description).to.contain('unpriced tokens as $0');
    });

    it('blocks when the price’s decimals disagree with the call’s, or the price function fails or answers nonsense', async () => {
      const cases: [object, string][] = [
        [{ prices: { '0.0.900': { usd: 1, decimals: 6 } } }, 'the price of 0.0.900 is for a token of 6 decimals, but this call\'s movements of it have 2'],
        [{ price: () => { throw new Error('feed down'); } }, 'the price function failed for 0.0.900 (feed down)'],
        [{ price: () => Promise.reject(new Error('feed down')) }, 'the price function failed for 0.0.900 (feed down)'],
        [{ price: () => 1 }, 'the price function returned a number for 0.0.900, not a price { usd, decimals }'],
      ];
      for (const [options, message] of cases) {
        expect(reasonOf(await callWith(client, [new MaxTransferPolicy({ usd: 10, ...options })], 'transfer_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 1]]))), message).to.contain(message);
      }
    });
  });

  describe('when the rate cannot be had', () => {
    it('blocks when the mirror fails, saying so (fail closed)', async () => {
      reader.getExchangeRate.rejects(new Error('connect ECONNREFUSED 127.0.0.1:5551'));
      const reason = reasonOf(await callWith(client, [new MaxTransferPolicy({ usd: 50, exchangeRate: at12() })], 'transfer_hbar_tool', hbarCredits([['0.0.5', 1]])));
      expect(reason).to.equal(
        'The HBAR exchange rate could not be read from the mirror node: connect ECONNREFUSED 127.0.0.1:5551 (E_EXCHANGE_RATE_UNAVAILABLE); a dollar limit fails closed, so the call is refused',
      );
    });

    it('blocks with E_CONFIG’s reason when neither the kit nor the policy names a mirror, and needs no rate for tokens alone', async () => {
      const policy = new MaxTransferPolicy({ usd: 50, prices: { '0.0.900': { usd: 1, decimals: 2 } } });
      const reason = reasonOf(await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 1]])));
      expect(reason).to.match(/^MaxTransferPolicy counts HBAR in US dollars at the network's exchange rate, but there is no mirror node to read it from \(No mirror node is configured: .*\); give the kit mirrorNodeUrl, or the policy exchangeRate: \{ mirrorUrl \}$/);
      expect((await callWith(client, [policy], 'transfer_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 1]]))).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when the kit names a mirror node', () => {
    let mirror: ScriptedMirror;
    beforeEach(async () => {
      mirror = new ScriptedMirror();
      await mirror.start();
      const expires = Math.floor(Date.now() / 1000) + 3600;
      mirror.reply('/api/v1/network/exchangerate', { status: 200, body: { current_rate: { hbar_equivalent: 1, cent_equivalent: 12, expiration_time: expires }, next_rate: { hbar_equivalent: 1, cent_equivalent: 12, expiration_time: expires + 3600 }, timestamp: PUBLISHED } });
    });
    afterEach(() => mirror.stop());

    it('reads the rate there by default, once for many calls at the same time', async () => {
      const policy = new MaxTransferPolicy({ usd: 50 });
      const kit = await createAgentKit({ client, mirrorNodeUrl: mirror.url, pluginsDir: null, plugins: [pluginOf('shapes', new ShapeTool('transfer_hbar_tool', () => hbarCredits([['0.0.5', 500]])))], context: { hooks: [policy] } });
      try {
        const results = await Promise.all(Array.from({ length: 20 }, () => kit.execute('transfer_hbar_tool', {})));
        for (const result of results) expect(reasonOf(result)).to.contain('worth $60 (HBAR at 12 ¢/HBAR (the network\'s rate published 2025-06-01T10:00:00.000Z, read ');
        expect(mirror.requests.filter((url) => url.startsWith('/api/v1/network/exchangerate'))).to.have.length(1);
      } finally {
        await kit.close();
      }
    });
  });

  describe('when constructed', () => {
    it('refuses dollar options without a dollar cap, and dollar options it cannot keep, naming the field', () => {
      const cases: [unknown, string][] = [
        [{ hbar: 1, prices: { '0.0.5': { usd: 1, decimals: 6 } } }, "MaxTransferPolicy: 'prices' is for the dollar limit, 'usd', which is not given; add 'usd' (e.g. { usd: 50 }) or leave 'prices' out."],
        [{ hbar: 1, allowUnpriced: true }, "'allowUnpriced' is for the dollar limit, 'usd'"],
        [{ usd: -1 }, `MaxTransferPolicy: 'usd' must be an amount of US dollars with at most 8 decimal places, such as 50 or "0.5", got -1.`],
        [{ usd: '0.000000001' }, '(this one has 9 decimal places)'],
        [{ usd: 5, prices: { '0.0.5': { usd: 1 } } }, `'prices["0.0.5"].decimals' is required: the token's decimal places, a whole number from 0 to 18.`],
        [{ usd: 5, prices: { USDC: { usd: 1, decimals: 6 } } }, "'prices.USDC' must be keyed by token IDs such as 0.0.5678"],
        [{ usd: 5, price: 1 }, "'price' must be a function (tokenId) => { usd, decimals } | undefined, or a promise of one, got 1."],
        [{ usd: 5, exchangeRate: { mirrorUrl: 'mirror' } }, `'exchangeRate.mirrorUrl' must be a mirror node URL such as https://testnet.mirrornode.hedera.com, got "mirror".`],
        [{ usd: 5, exchangeRate: 12 }, "'exchangeRate' must be an ExchangeRateSource (an object with current()) or { mirrorUrl, maxAgeMs? }, got 12."],
      ];
      for (const [limits, message] of cases) expect(() => new MaxTransferPolicy(limits as never), JSON.stringify(limits)).to.throw(message);
    });

    it('describes the dollar cap and where prices come from', () => {
      expect(new MaxTransferPolicy({ hbar: 100, usd: 50, exchangeRate: { mirrorUrl: 'http://127.0.0.1:5551' } }).description).to.equal(
        "Caps what one call may move: 100 HBAR; $50 in US dollars (HBAR at the network's exchange rate, no token priced)",
      );
    });
  });
});
