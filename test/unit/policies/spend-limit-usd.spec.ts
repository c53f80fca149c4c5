import { expect } from 'chai';
import sinon from 'sinon';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit, type AgentKit, type ToolResult } from '../../../src/index.js';
import { ExchangeRateSource } from '../../../src/mirror/exchange-rate-source.js';
import type { MirrorExchangeRates } from '../../../src/mirror/mirror-types.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { listenerCatalog } from '../../../src/config/listener-catalog.js';
import { offlineClient } from '../../support/offline-client.js';
import { ScriptedTransferTool, scriptedTransferPlugin, type ScriptedTransferInput } from '../../support/scripted-transfer-tool.js';

const HBAR = 100_000_000n;
const USD = 100_000_000n; // the budget's unit: 10⁻⁸ USD
const HOUR = 3_600_000;
const READ_AT = Date.UTC(2025, 5, 1, 10, 2, 3, 456);
const rates = (cents: number): MirrorExchangeRates => ({
  current_rate: { hbar_equivalent: 1, cent_equivalent: cents, expiration_time: Math.floor(READ_AT / 1000) + 3600 },
  next_rate: { hbar_equivalent: 1, cent_equivalent: cents, expiration_time: Math.floor(READ_AT / 1000) + 7200 },
  timestamp: `${Date.UTC(2025, 5, 1, 10) / 1000}.000000001`,
});

const send = (hbar: number | bigint, extra: Partial<ScriptedTransferInput> = {}): ScriptedTransferInput => ({ to: '0.0.1001', tinybars: (BigInt(hbar) * HBAR).toString(), ...extra });

function reasonOf(result: ToolResult): string {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
  return result.raw.blockedBy!.reason!;
}

describe('SpendLimitPolicy in US dollars', () => {
  const sandbox = sinon.createSandbox();
  let client: Client;
  let kit: AgentKit | undefined;
  let tool: ScriptedTransferTool;
  let reader: { getExchangeRate: sinon.SinonStub };
  let now: number;
  /** 12 ¢ per HBAR unless a test scripts another rate; read again once a minute of the clock passes. */
  const rateSource = () => new ExchangeRateSource(reader, { now: () => now, maxAgeMs: 60_000 });

  beforeEach(() => {
    client = offlineClient();
    tool = new ScriptedTransferTool();
    now = READ_AT;
    reader = { getExchangeRate: sandbox.stub().resolves(rates(12)) };
  });
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
    client.close();
    sandbox.restore();
  });

  async function kitWith(...hooks: unknown[]): Promise<AgentKit> {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [scriptedTransferPlugin(tool)], context: { hooks } });
    return kit;
  }

  describe('when calls fit the dollar budget and then do not', () => {
    it('counts HBAR at the rate, blocks past the budget naming the dollars, the rate and its times, and keeps the budget in 10⁻⁸ USD', async () => {
      const policy = new SpendLimitPolicy({ usd: 10, windowMs: HOUR, exchangeRate: rateSource() });
      const k = await kitWith(policy);
      expect((await k.execute('transfer_hbar_tool', send(40))).raw.status).to.equal('SUCCESS');
      expect((await k.execute('transfer_hbar_tool', send(40))).raw.status).to.equal('SUCCESS');
      expect(reasonOf(await k.execute('transfer_hbar_tool', send(40)))).to.match(
        /^budget "spend-limit": 0\.0\.2 may spend \$10 per 1 h; this call moves \$4\.8 \(HBAR at 12 ¢\/HBAR \(the network's rate published 2025-06-01T10:00:00\.000Z, read 2025-06-01T10:02:03\.456Z\)\), but \$9\.6 is spent or reserved in the window, \$0\.4 left; room for it frees up in 1 h \(at [\dT:.Z-]+\)$/,
      );
      expect(await policy.usage('0.0.2', 'USD')).to.deep.equal({ committed: 960_000_000n, pending: 0n });
      expect(tool.executed).to.have.length(2);
    });

    it('values each call at the rate it was judged at: across a rate change the budget stays exact', async () => {
      reader.getExchangeRate.resolves(rates(10));
      const policy = new SpendLimitPolicy({ usd: 10, windowMs: HOUR, exchangeRate: rateSource() });
      const k = await kitWith(policy);
      expect((await k.execute('transfer_hbar_tool', send(50))).raw.status).to.equal('SUCCESS'); // $5 at 10 ¢
      reader.getExchangeRate.resolves(rates(20));
      now += 60_000;
      expect((await k.execute('transfer_hbar_tool', send(25))).raw.status).to.equal('SUCCESS'); // $5 at 20 ¢
      expect(reasonOf(await k.execute('transfer_hbar_tool', send(1)))).to.contain('this call moves $0.2 (HBAR at 20 ¢/HBAR');
      expect(await policy.usage('0.0.2', 'USD')).to.deep.equal({ committed: 10n * USD, pending: 0n });
    });

    it('reserves exactly under 100 concurrent calls: $50 at $1 a call lets exactly 50 out', async () => {
      reader.getExchangeRate.resolves(rates(10));
      const policy = new SpendLimitPolicy({ usd: 50, windowMs: HOUR, exchangeRate: rateSource() });
      const k = await kitWith(policy);
      const results = await Promise.all(Array.from({ length: 100 }, () => k.execute('transfer_hbar_tool', send(10))));
      expect(results.filter((result) => result.raw.status === 'SUCCESS')).to.have.length(50);
      expect(results.filter((result) => result.raw.errorCode === 'E_POLICY_BLOCKED')).to.have.length(50);
      expect(tool.executed).to.have.length(50);
      expect(await policy.usage('0.0.2', 'USD')).to.deep.equal({ committed: 50n * USD, pending: 0n });
      expect(reader.getExchangeRate.callCount).to.equal(1);
    });

    it('gives a call that did not execute its dollars back', async () => {
      const policy = new SpendLimitPolicy({ usd: 5, windowMs: HOUR, exchangeRate: rateSource() });
      const k = await kitWith(policy);
      expect((await k.execute('transfer_hbar_tool', send(40, { end: 'ERROR' }))).raw.status).to.equal('ERROR');
      expect(await policy.usage('0.0.2', 'USD')).to.deep.equal({ committed: 0n, pending: 0n });
      expect((await k.execute('transfer_hbar_tool', send(40))).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when dollar and HBAR budgets are combined', () => {
    it('applies each: the HBAR budget blocks what the dollar budget would allow, and the other way round', async () => {
      const policy = new SpendLimitPolicy({ hbar: 30, usd: 3, windowMs: HOUR, exchangeRate: rateSource() });
      const k = await kitWith(policy);
      expect(reasonOf(await k.execute('transfer_hbar_tool', send(31)))).to.match(/may spend 30 HBAR per 1 h; this call moves 31 HBAR, more than the whole budget$/);
      expect((await k.execute('transfer_hbar_tool', send(20))).raw.status).to.equal('SUCCESS'); // $2.4
      expect(reasonOf(await k.execute('transfer_hbar_tool', send(9)))).to.contain('may spend $3 per 1 h; this call moves $1.08 (HBAR at 12 ¢/HBAR');
      expect(await policy.usage('0.0.2')).to.deep.equal({ committed: 20n * HBAR, pending: 0n });
    });
  });

  describe('when the rate cannot be read', () => {
    it('refuses the call, saying why (fail closed), and reserves nothing', async () => {
      reader.getExchangeRate.rejects(new Error('HTTP 503'));
      const policy = new SpendLimitPolicy({ usd: 5, windowMs: HOUR, exchangeRate: rateSource() });
      const k = await kitWith(policy);
      expect(reasonOf(await k.execute('transfer_hbar_tool', send(1)))).to.equal(
        'The HBAR exchange rate could not be read from the mirror node: HTTP 503 (E_EXCHANGE_RATE_UNAVAILABLE); a dollar limit fails closed, so the call is refused',
      );
      expect(await policy.usage('0.0.2', 'USD')).to.deep.equal({ committed: 0n, pending: 0n });
    });
  });

  describe('when named in a configuration file', () => {
    it('takes the dollar budget with its prices as JSON', () => {
      const policy = listenerCatalog().get('SpendLimitPolicy')!.create([{ usd: 500, windowMs: 86_400_000, prices: { '0.0.5678': { usd: 1, decimals: 6 } } }]);
      expect((policy as SpendLimitPolicy).description).to.contain('$500 in US dollars');
      expect(listenerCatalog().get('MaxTransferPolicy')!.create([{ usd: 50 }])).to.have.property('description').that.contains('$50 in US dollars');
    });
  });

  describe('when constructed', () => {
    it('refuses dollar options it cannot keep, naming the field, and describes the dollar budget', () => {
      expect(() => new SpendLimitPolicy({ usd: 0, windowMs: HOUR })).to.throw(`SpendLimitPolicy: 'usd' must be a positive amount of US dollars with at most 8 decimal places, such as 500 or "0.5" (not 0), got 0.`);
      expect(() => new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, prices: { '0.0.5678': { usd: 1, decimals: 6 } } })).to.throw("SpendLimitPolicy: 'prices' is for the dollar limit, 'usd', which is not given");
      expect(() => new SpendLimitPolicy({ windowMs: HOUR })).to.throw("give 'hbar', 'tokens', 'usd' or several");
      expect(new SpendLimitPolicy({ usd: 500, windowMs: 86_400_000, prices: { '0.0.5678': { usd: 1, decimals: 6 } } }).description).to.equal(
        `Limits what each paying account spends to $500 in US dollars (HBAR at the network's exchange rate, tokens at the prices given) per 24 h (budget "spend-limit")`,
      );
    });
  });
});
