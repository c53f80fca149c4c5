import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { Client } from '@hiero-ledger/sdk';
import { AbstractPolicy, createAgentKit, type AgentKit, type ToolResult } from '../../../src/index.js';
import type { Movement } from '../../../src/values/movement.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import { RedisPolicyStore } from '../../../src/policies/state/redis-store.js';
import { offlineClient } from '../../support/offline-client.js';
import { ScriptedTransferTool, scriptedTransferPlugin, type ScriptedTransferInput } from '../../support/scripted-transfer-tool.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

const HBAR = 100_000_000n;
const HOUR = 3_600_000;

function send(hbar: number | bigint, extra: Partial<ScriptedTransferInput> = {}): ScriptedTransferInput {
  return { to: '0.0.1001', tinybars: (BigInt(hbar) * HBAR).toString(), ...extra };
}

function reasonOf(result: ToolResult): string {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
  expect(result.raw.blockedBy).to.include({ policy: 'Spend Limit Policy', stage: 'postParamsNormalization' });
  return result.raw.blockedBy!.reason!;
}

describe('SpendLimitPolicy', () => {
  let client: Client;
  let kit: AgentKit | undefined;
  let tool: ScriptedTransferTool;

  beforeEach(() => {
    client = offlineClient();
    tool = new ScriptedTransferTool();
  });
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
    client.close();
  });

  async function kitWith(hooks: unknown[], options: { mirrorNodeUrl?: string; policyTimeoutMs?: number } = {}) {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [scriptedTransferPlugin(tool)], context: { hooks }, ...options });
    return kit;
  }

  describe('when constructed', () => {
    it('refuses options it cannot keep, naming the field', () => {
      expect(() => new SpendLimitPolicy({ hbar: 5, windowMs: 0 })).to.throw(/'windowMs' must be a positive whole number of ms/);
      expect(() => new SpendLimitPolicy({ windowMs: HOUR })).to.throw(/give 'hbar', 'tokens', 'usd' or several/);
      expect(() => new SpendLimitPolicy({ hbar: 0, windowMs: HOUR })).to.throw(/'hbar' must be a positive amount/);
      expect(() => new SpendLimitPolicy({ hbar: '0.000000001', windowMs: HOUR })).to.throw(/'hbar' must be a positive amount of HBAR with at most 8 decimal places, such as 500 or "0\.5" \(this one has 9 decimal places\), got "0\.000000001"/);
      expect(() => new SpendLimitPolicy({ tokens: { USDC: 5 }, windowMs: HOUR })).to.throw(/'tokens\.USDC' must be keyed by token IDs such as 0\.0\.5678 \(shard\.realm\.num\), got "USDC"/);
      expect(() => new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, name: 'a b' })).to.throw(/'name' must be/);
      expect(() => new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, store: 'disk' as never })).to.throw(/'store' must be "memory"/);
    });

    it('needs a budget name with a shared store, so agents never share one by accident', () => {
      expect(() => new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, store: { redis: 'redis://127.0.0.1:6379' } })).to.throw(
        `SpendLimitPolicy: a shared store (Redis at 127.0.0.1:6379 (prefix "agent-hooks")) needs a budget 'name': agents that use the same store, prefix and name share one budget.`,
      );
      expect(new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, store: { redis: 'redis://127.0.0.1:6379' }, name: 'team-a' }).description).to.equal(
        'Limits what each paying account spends to 5 HBAR per 1 h (budget "team-a")',
      );
    });
  });

  describe('when calls fit the budget and then do not', () => {
    it('allows until the budget is used and blocks with the budget, the amount, what is left and when it frees up', async () => {
      const k = await kitWith([new SpendLimitPolicy({ hbar: 25, windowMs: HOUR })]);
      expect((await k.execute('transfer_hbar_tool', send(10))).raw.status).to.equal('SUCCESS');
      expect((await k.execute('transfer_hbar_tool', send(10))).raw.status).to.equal('SUCCESS');
      const reason = reasonOf(await k.execute('transfer_hbar_tool', send(10)));
      expect(reason).to.match(
        /^budget "spend-limit": 0\.0\.2 may spend 25 HBAR per 1 h; this call moves 10 HBAR, but 20 HBAR is spent or reserved in the window, 5 HBAR left; room for it frees up in 1 h \(at \d{4}-\d\d-\d\dT[\d:.]+Z\)$/,
      );
      expect((await k.execute('transfer_hbar_tool', send(5))).raw.status).to.equal('SUCCESS');
      expect(tool.executed.map((each) => each.tinybars)).to.deep.equal([10n * HBAR, 10n * HBAR, 5n * HBAR]);
    });

    it('says a call larger than the whole budget can never fit', async () => {
      const k = await kitWith([new SpendLimitPolicy({ hbar: 25, windowMs: HOUR })]);
      expect(reasonOf(await k.execute('transfer_hbar_tool', send(26)))).to.equal('budget "spend-limit": 0.0.2 may spend 25 HBAR per 1 h; this call moves 26 HBAR, more than the whole budget');
    });

    it('keeps one budget per paying account, whichever way the account is spelled', async () => {
      const policy = new SpendLimitPolicy({ hbar: 10, windowMs: HOUR });
      const k = await kitWith([policy]);
      expect((await k.execute('transfer_hbar_tool', send(10, { from: '0.0.000002' }))).raw.status).to.equal('SUCCESS');
      reasonOf(await k.execute('transfer_hbar_tool', send(1, { from: '0.0.2' })));
      expect((await k.execute('transfer_hbar_tool', send(10, { from: '0.0.3' }))).raw.status).to.equal('SUCCESS');
      expect(await policy.usage('0.0.2')).to.deep.equal({ committed: 10n * HBAR, pending: 0n });
    });
  });

  describe('when a call that was approved does not execute', () => {
    for (const [end, kept] of [['ERROR', false], ['UNKNOWN', true], ['throw', true]] as const) {
      it(`${kept ? 'keeps' : 'gives back'} the budget when it ends with ${end}`, async () => {
        const policy = new SpendLimitPolicy({ hbar: 10, windowMs: HOUR });
        const k = await kitWith([policy]);
        await k.execute('transfer_hbar_tool', send(10, { end }));
        expect(await policy.usage('0.0.2')).to.deep.equal({ committed: kept ? 10n * HBAR : 0n, pending: 0n });
        expect((await k.execute('transfer_hbar_tool', send(10))).raw.status).to.equal(kept ? 'ERROR' : 'SUCCESS');
      });
    }

    it('gives back the budget of a call another policy blocks later', async () => {
      class NoCore extends AbstractPolicy {
        override name = 'No Core';
        override relevantTools = ['transfer_hbar_tool'];
        blocks = true;
        protected override shouldBlockPostCoreAction() { return this.blocks; }
      }
      const later = new NoCore();
      const policy = new SpendLimitPolicy({ hbar: 10, windowMs: HOUR });
      const k = await kitWith([policy, later]);
      expect((await k.execute('transfer_hbar_tool', send(10))).raw.blockedBy?.policy).to.equal('No Core');
      later.blocks = false;
      expect((await k.execute('transfer_hbar_tool', send(10))).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when 100 calls of 10 HBAR race for 50 places', () => {
    it('executes exactly 50 and holds nothing afterwards', async () => {
      const policy = new SpendLimitPolicy({ hbar: 500, windowMs: HOUR });
      const k = await kitWith([policy]);
      const results = await Promise.all(Array.from({ length: 100 }, (_, at) => k.execute('transfer_hbar_tool', send(10, { delayMs: at % 7 }))));
      expect(results.filter((result) => result.raw.status === 'SUCCESS')).to.have.length(50);
      expect(tool.executed).to.have.length(50);
      expect(await policy.usage('0.0.2')).to.deep.equal({ committed: 500n * HBAR, pending: 0n });
    });
  });

  describe('when a tool has no view of what it moves', () => {
    it('refuses the call, saying why (fail closed)', async () => {
      const echo = new EchoTool('transfer_fungible_token_tool');
      kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', echo)], context: { hooks: [new SpendLimitPolicy({ hbar: 10, windowMs: HOUR })] } });
      const result = await kit.execute('transfer_fungible_token_tool', { text: 'x' });
      // The built-in view cannot read these params (they are not a token transfer's): fail closed.
      expect(reasonOf(result)).to.equal('cannot read what the call moves: the normalised params have no "tokenTransfers" list');
      expect(echo.calls.core).to.equal(0);
    });
  });

  describe("when a store of the user's has an atOnce that is not the promise-free operations", () => {
    it('keeps the budget through its promises instead', async () => {
      const inner = new MemoryPolicyStore();
      const store = {
        shared: false,
        description: 'wrapped memory',
        atOnce: { reserve: 'not a function' },
        reserve: inner.reserve.bind(inner),
        commit: inner.commit.bind(inner),
        release: inner.release.bind(inner),
        usage: inner.usage.bind(inner),
        counter: inner.counter.bind(inner),
        close: inner.close.bind(inner),
      } as unknown as MemoryPolicyStore;
      const policy = new SpendLimitPolicy({ hbar: 10, windowMs: HOUR, store });
      const k = await kitWith([policy]);
      expect((await k.execute('transfer_hbar_tool', send(10))).raw.status).to.equal('SUCCESS');
      expect((await k.execute('transfer_hbar_tool', send(1))).raw.status).to.equal('ERROR');
      expect(await policy.usage('0.0.2')).to.deep.equal({ committed: 10n * HBAR, pending: 0n });
    });
  });

  describe('when the store cannot be reached', () => {
    it('blocks, saying the store is unreachable, within the time budget', async () => {
      const store = new RedisPolicyStore({ url: 'redis://127.0.0.1:9', connectTimeoutMs: 200, commandTimeoutMs: 200 });
      const k = await kitWith([new SpendLimitPolicy({ hbar: 10, windowMs: HOUR, store, name: 'gone' })]);
      const reason = reasonOf(await k.execute('transfer_hbar_tool', send(1)));
      expect(reason).to.match(/^budget "gone": the policy store \(Redis at 127\.0\.0\.1:9 \(prefix "agent-hooks"\)\) is unreachable: .+; spending is refused until it answers$/);
      expect(tool.executed).to.deep.equal([]);
      await store.close();
    });

    it('settles what the store refused before the next reservation', async () => {
      const store = new MemoryPolicyStore();
      const release = store.release.bind(store);
      const releaseNow = store.atOnce.release;
      let fail = true;
      // Refuses whichever way it is asked: at once (as the policy settles on this store) or by promise (as it retries).
      store.release = (...args) => (fail ? Promise.reject(new Error('flaky')) : release(...args));
      store.atOnce.release = (...args) => {
        if (fail) throw new Error('flaky');
        releaseNow(...args);
      };
      const policy = new SpendLimitPolicy({ hbar: 10, windowMs: HOUR, store });
      const k = await kitWith([policy]);
      const failed = await k.execute('transfer_hbar_tool', send(10, { end: 'ERROR' }));
      expect(failed.raw.warnings).to.deep.equal(['policy "Spend Limit Policy" failed to settle the call: budget "spend-limit": could not release this call\'s reservation (flaky); retried before the next call']);
      fail = false;
      expect((await k.execute('transfer_hbar_tool', send(10))).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when budgets are in tokens', () => {
    let mirror: Server;
    let mirrorUrl: string;

    before(async () => {
      mirror = createServer((request, response) => {
        const decimals = request.url === '/api/v1/tokens/0.0.7' ? '2' : undefined;
        response.writeHead(decimals ? 200 : 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify(decimals ? { token_id: '0.0.7', decimals, type: 'FUNGIBLE_COMMON', symbol: 'T' } : { _status: { messages: [{ message: 'Not found' }] } }));
      });
      await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
      mirrorUrl = `http://127.0.0.1:${(mirror.address() as { port: number }).port}`;
    });
    after(() => new Promise<void>((resolve) => mirror.close(() => resolve())));

    /** A tool that declares what it moves, as a third-party tool joins the value policies. */
    class ViewEchoTool extends EchoTool {
      constructor(private readonly view: readonly Movement[]) {
        super();
      }
      override movements(): readonly Movement[] {
        return this.view;
      }
    }

    it('scales the limit by the token\'s decimals, read from the mirror node, and ignores assets it does not limit', async () => {
      const movements = [
        { asset: '0.0.7', from: '0.0.2', to: '0.0.5', amount: 1_500n, display: '15 of 0.0.7' },
        { asset: 'HBAR', from: '0.0.2', to: '0.0.5', amount: 10n ** 12n, display: '10000 HBAR' },
      ];
      const policy = new SpendLimitPolicy({ tokens: { '0.0.7': '20.5' }, windowMs: HOUR, tools: ['echo_tool'] });
      kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new ViewEchoTool(movements))], mirrorNodeUrl: mirrorUrl, context: { hooks: [policy] } });
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
      const result = await kit.execute('echo_tool', { text: 'b' });
      expect(result.raw.blockedBy?.reason).to.match(/^budget "spend-limit": 0\.0\.2 may spend 20\.5 of 0\.0\.7 per 1 h; this call moves 15 of 0\.0\.7, but 15 of 0\.0\.7 is spent or reserved in the window, 5\.5 of 0\.0\.7 left; /);
    });

    it('refuses when the decimals cannot be read', async () => {
      const movements = [{ asset: '0.0.8', from: '0.0.2', to: '0.0.5', amount: 1n, display: '1 of 0.0.8' }];
      kit = await createAgentKit({
        client,
        pluginsDir: null,
        plugins: [pluginOf('t', new ViewEchoTool(movements))],
        mirrorNodeUrl: mirrorUrl,
        context: { hooks: [new SpendLimitPolicy({ tokens: { '0.0.8': 1 }, windowMs: HOUR, tools: ['echo_tool'] })] },
      });
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.blockedBy?.reason).to.match(/^cannot read the decimals of 0\.0\.8 to apply its limit: /);
    });
  });
});
