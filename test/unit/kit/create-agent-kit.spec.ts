import { expect } from 'chai';
import sinon from 'sinon';
import { AccountId, LedgerId, Transaction, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { injectable } from 'tsyringe';
import { AbstractHook, AgentMode, HederaAgentAPI, Hook, createAgentKit, type AgentKit, type TransactionStrategy } from '../../../src/index.js';
import { RejectToolPolicy } from '../../../src/policies/index.js';
import { EchoTool, TransferBuilderTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

describe('createAgentKit', () => {
  const sandbox = sinon.createSandbox();
  let client: Client;
  const kits: AgentKit[] = [];
  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(async () => {
    sandbox.restore();
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    client.close();
  });
  async function make(options: Partial<Parameters<typeof createAgentKit>[0]> = {}) {
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool(), new TransferBuilderTool())], ...options });
    kits.push(kit);
    return kit;
  }

  describe('when two kits live in one process', () => {
    it('shares no listeners, observers or container registrations', async () => {
      const guarded = await make({ context: { hooks: [new RejectToolPolicy(['echo_tool'])] } });
      const open = await make();
      const observed = sandbox.spy();
      guarded.on('postToolExecution', observed);
      guarded.container.register('marker', { useValue: 1 });

      expect((await guarded.execute('echo_tool', { text: 'a' })).raw.status).to.equal('ERROR');
      expect((await open.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
      expect(observed.called).to.equal(false);
      expect(open.container.isRegistered('marker', true)).to.equal(false);
    });
  });

  describe('when hooks come from several places', () => {
    it('feeds seed instances, decorated classes and plugin hooks into one index, in that order', async () => {
      const order: string[] = [];
      class SeedHook extends AbstractHook {
        override relevantTools = ['echo_tool'];
        override async preToolExecutionHook() {
          order.push('context.hooks');
        }
      }
      @injectable()
      class Decorated {
        @Hook('preToolExecution', ['echo_tool'])
        seen() {
          order.push('hooks');
        }
      }
      class PluginHook extends AbstractHook {
        override relevantTools = ['*'];
        override async preToolExecutionHook() {
          order.push('plugin');
        }
      }
      const plugin = { ...pluginOf('with-hooks', new EchoTool()), hooks: [new PluginHook()] };
      const kit = await make({ plugins: [plugin], context: { hooks: [new SeedHook()] }, hooks: [Decorated] });
      await kit.execute('echo_tool', { text: 'a' });
      expect(order).to.deep.equal(['context.hooks', 'hooks', 'plugin']);
    });
  });

  describe('when the tool name is unknown', () => {
    it('returns an error listing the closest known names', async () => {
      const result = await (await make()).execute('echo_tol', { text: 'a' });
      expect(result.raw).to.include({ status: 'ERROR', errorCode: 'E_UNKNOWN_TOOL' });
      expect(result.raw.suggestions).to.deep.equal(['echo_tool']);
    });

    it('says so when no known tool is close, without claiming none are loaded', async () => {
      const result = await (await make()).execute('completely_different', {});
      expect(result.raw.error).to.equal('Unknown tool "completely_different". None of the 2 known tools is close; list them to choose one.');
      expect(result.humanMessage).to.match(/The tools available are: echo_tool, transfer_builder_tool\.$/);
    });
  });

  describe('tools', () => {
    it('lists tools with their plugin and schema', async () => {
      const tools = (await make()).listTools();
      expect(tools.map((tool) => [tool.method, tool.plugin])).to.deep.equal([
        ['echo_tool', 't'],
        ['transfer_builder_tool', 't'],
      ]);
      expect(tools[0]!.parameters.safeParse({ text: 'x' }).success).to.equal(true);
    });

    it('exposes only the tools asked for, and refuses an unknown one', async () => {
      expect((await make({ tools: ['echo_tool'] })).listTools().map((t) => t.method)).to.deep.equal(['echo_tool']);
      let error: unknown;
      await make({ tools: ['nope_tool'] }).catch((caught) => (error = caught));
      expect(String(error)).to.match(/Unknown tool "nope_tool"/);
    });

    it('refuses two plugins defining the same tool', async () => {
      let error: unknown;
      await make({ plugins: [pluginOf('first', new EchoTool()), pluginOf('second', new EchoTool())] }).catch((caught) => (error = caught));
      expect(String(error)).to.match(/Plugin "second" defines tool "echo_tool", which plugin "first" already defines/);
    });
  });

  describe('run', () => {
    it('returns the result as JSON, SDK values as strings', async () => {
      const kit = await make({ context: { mode: AgentMode.RETURN_BYTES, accountId: '0.0.1001' } });
      const parsed = JSON.parse(await kit.run('transfer_builder_tool', { to: '0.0.5', hbar: 2 }));
      expect(parsed.raw.status).to.equal('SUCCESS');
      expect(parsed.raw.bytes).to.be.a('string');
      const decoded = Transaction.fromBytes(Buffer.from(parsed.raw.bytes, 'base64'));
      expect(decoded.transactionId!.accountId!.toString()).to.equal('0.0.1001');
    });
  });

  describe('modes', () => {
    it('RETURN_BYTES freezes with context.accountId as payer, says when the bytes expire, submits nothing', async () => {
      const kit = await make({ context: { mode: AgentMode.RETURN_BYTES, accountId: '0.0.1001' } });
      const execute = sandbox.spy(Transaction.prototype, 'execute');
      const result = await kit.execute('transfer_builder_tool', { to: '0.0.5', hbar: 2 });
      expect(execute.called).to.equal(false);
      const decoded = Transaction.fromBytes(result.raw.bytes as Uint8Array) as TransferTransaction;
      expect(decoded).to.be.instanceOf(TransferTransaction);
      expect(decoded.hbarTransfers.get(AccountId.fromString('0.0.5'))!.toTinybars().toNumber()).to.equal(200_000_000);
      expect(result.raw.transactionId).to.match(/^0\.0\.1001@/);
      const validStart = decoded.transactionId!.validStart!.toDate().getTime();
      expect(Date.parse(result.raw.expiresAt as string) - validStart).to.equal(120_000);
      expect(result.humanMessage).to.match(/not submitted/);
    });

    it('RETURN_BYTES without context.accountId fails with a clear message', async () => {
      const result = await (await make({ context: { mode: AgentMode.RETURN_BYTES } })).execute('transfer_builder_tool', { to: '0.0.5', hbar: 2 });
      expect(result.raw).to.include({ status: 'ERROR', errorCode: 'E_MODE', stage: 'coreAction' });
      expect(result.raw.error).to.match(/needs context.accountId/);
    });

    it('CUSTOM_EXECUTE_TX hands the prepared transaction to context.strategy', async () => {
      const seen: Transaction[] = [];
      const strategy: TransactionStrategy = {
        prepare: (tx, c) => tx.freezeWith(c),
        finish: async (tx) => {
          seen.push(tx);
          return { status: 'SUCCESS', transactionId: 'custom' };
        },
      };
      const result = await (await make({ context: { mode: AgentMode.CUSTOM_EXECUTE_TX, strategy } })).execute('transfer_builder_tool', { to: '0.0.5', hbar: 1 });
      expect(result.raw.transactionId).to.equal('custom');
      expect(seen).to.have.length(1);
      expect(seen[0]!.isFrozen()).to.equal(true);
    });

    it('a custom mode without a strategy fails with a clear message', async () => {
      const result = await (await make({ context: { mode: AgentMode.CUSTOM_RETURN_BYTES } })).execute('transfer_builder_tool', { to: '0.0.5', hbar: 1 });
      expect(result.raw.error).to.match(/Mode customReturnBytes needs context.strategy/);
    });
  });

  describe('bad options', () => {
    for (const [label, options, message] of [
      ['no client', () => ({}), /'client' is required: a @hiero-ledger\/sdk Client/],
      ['a plain object as client', () => ({ client: { setOperator() {}, network: {} } }), /'client' must be a @hiero-ledger\/sdk Client.*, got a plain object/],
      ['a string as client', () => ({ client: 'testnet' }), /'client' must be a @hiero-ledger\/sdk Client.*, got "testnet"/],
      ['an unknown mode', () => ({ client, context: { mode: 'yolo' } }), /'context.mode' must be one of autonomous.*, got "yolo"/],
      ['a zero policy budget', () => ({ client, policyTimeoutMs: 0 }), /'policyTimeoutMs' must be a positive number.*, got 0/],
      ['a hook that is not one', () => ({ client, hooks: [{ hello: 1 }] }), /hooks\[0\]: a plain object is not a hook or policy/],
      ['a missing plugins folder', () => ({ client, pluginsDir: '/nonexistent/plugins' }), /Plugins folder "\/nonexistent\/plugins" does not exist/],
    ] as const) {
      it(`refuses ${label}`, async () => {
        let error: unknown;
        await createAgentKit({ pluginsDir: null, ...options() } as never).catch((caught) => (error = caught));
        expect(String(error)).to.match(message);
      });
    }
  });

  describe('close', () => {
    it('closes registered instances that have close() and refuses further calls', async () => {
      let closed = 0;
      const policy = new RejectToolPolicy(['nothing_tool']);
      (policy as unknown as { close: () => void }).close = () => void closed++;
      const kit = await make({ hooks: [policy], unloadedPolicyTools: ['nothing_tool'] });
      await kit.close();
      expect(closed).to.equal(1);
      let error: unknown;
      await kit.execute('echo_tool', { text: 'a' }).catch((caught) => (error = caught));
      expect(String(error)).to.match(/This agent kit is closed/);
    });
  });
});

describe('HederaAgentAPI (seed compatibility)', () => {
  it('runs tools with context.hooks and returns JSON', async () => {
    // As the Hedera Agent Kit, it refuses a client without a ledger ID.
    const client = offlineClient().setLedgerId(LedgerId.LOCAL_NODE);
    const api = new HederaAgentAPI(client, { hooks: [new RejectToolPolicy(['transfer_builder_tool'])] }, [new EchoTool(), new TransferBuilderTool()]);
    expect(JSON.parse(await api.run('echo_tool', { text: 'x' })).raw.data).to.deep.equal({ echoed: 'x', amount: 1 });
    expect(JSON.parse(await api.run('transfer_builder_tool', { to: '0.0.5', hbar: 1 })).raw.blockedBy.policy).to.equal('Reject Tool Call');
    expect(api.listTools().map((tool) => tool.method)).to.deep.equal(['echo_tool', 'transfer_builder_tool']);
    client.close();
  });
});
