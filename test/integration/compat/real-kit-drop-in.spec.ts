import { expect } from 'chai';
import { Client as SdkClient, Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import * as RealKit from '@hashgraph/hedera-agent-kit';
import { coreAccountQueryPlugin, coreMiscQueriesPlugin, coreConsensusQueryPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { z } from 'zod';
import * as Ours from '../../../src/index.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';

/** What a thrown call says, or undefined when it did not throw. */
function thrownBy(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a program written against the Hedera Agent Kit, moved onto this kit', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;

  before(async () => {
    net = await startDevnet();
    client = net.client();
  });

  after(async () => {
    await net.stop();
  });

  describe('when its query plugins are loaded with only this kit’s mirrorNodeUrl, on a local network', () => {
    it('answers each query SUCCESS with its data, read from this kit’s mirror rather than the real kit’s local default', async () => {
      const plugins = [coreAccountQueryPlugin, coreMiscQueriesPlugin, coreConsensusQueryPlugin] as unknown as Plugin[];
      const kit = await Ours.createAgentKit({ client, pluginsDir: null, plugins, mirrorNodeUrl: net.mirrorUrl });
      try {
        const operator = net.operatorId;
        const rate = await kit.execute('get_exchange_rate_tool', {});
        expect(rate.raw.status, rate.humanMessage).to.equal('SUCCESS');
        expect(rate.raw).to.have.nested.property('current_rate.hbar_equivalent');
        const balance = await kit.execute('get_hbar_balance_query_tool', { accountId: operator });
        expect(balance.raw).to.deep.include({ status: 'SUCCESS', accountId: operator });
        expect(Number(balance.raw.hbarBalance)).to.be.greaterThan(0);
        const account = await kit.execute('get_account_query_tool', { accountId: operator });
        expect(account.raw.status, account.humanMessage).to.equal('SUCCESS');
      } finally {
        await kit.close();
      }
    });
  });

  describe('when a tool answers synchronously with a raw that has no status', () => {
    it('reports SUCCESS, as the real kit’s execute fills raw.status after the last step', async () => {
      const tool = {
        method: 'sync_note_tool',
        name: 'Sync note',
        description: 'Returns a note, every step synchronous.',
        parameters: z.object({ note: z.string() }).strict(),
        toolType: 'query' as const,
        normalizeParams: (params: { note: string }) => params,
        coreAction: (params: { note: string }) => ({ note: params.note }),
        shouldSecondaryAction: () => false,
        secondaryAction: async () => undefined,
        formatResult: (core: { note: string }) => ({ raw: { note: core.note }, humanMessage: `Noted: ${core.note}` }),
      };
      const kit = await Ours.createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'note-plugin', tools: () => [tool as never] }] });
      try {
        const result = await kit.execute('sync_note_tool', { note: 'hi' });
        expect(result).to.deep.equal({ raw: { note: 'hi', status: 'SUCCESS' }, humanMessage: 'Noted: hi' });
      } finally {
        await kit.close();
      }
    });
  });

  describe('when HederaAgentAPI is built beside the real kit’s', () => {
    const plainTool = { method: 'plain_tool', name: 'Plain', description: 'A plain tool with no toolType.', parameters: z.object({}), execute: async () => ({ raw: {}, humanMessage: 'ok' }) };

    it('lists the same entries, with no toolType where the tool declares none', () => {
      const tools = [...coreMiscQueriesPlugin.tools({}), plainTool as never];
      const real = new RealKit.HederaAgentAPI(client, {}, tools as never).listTools();
      const ours = new Ours.HederaAgentAPI(client, { mirrorNodeUrl: net.mirrorUrl }, tools as never).listTools();
      expect(ours).to.deep.equal(real);
      expect(ours[1]).to.deep.equal({ method: 'plain_tool', name: 'Plain', description: 'A plain tool with no toolType.', toolType: undefined });
    });

    it('refuses what the real kit refuses, starting with its sentences', async () => {
      const noLedger = SdkClient.forNetwork({ [net.grpcAddress]: '0.0.3' });
      try {
        const cases: [string, () => unknown, () => unknown][] = [
          ['no client', () => new RealKit.HederaAgentAPI(undefined as never), () => new Ours.HederaAgentAPI(undefined as never)],
          ['no ledger ID', () => new RealKit.HederaAgentAPI(noLedger), () => new Ours.HederaAgentAPI(noLedger)],
          [
            'a custom mode without a strategy',
            () => new RealKit.HederaAgentAPI(client, { mode: RealKit.AgentMode.CUSTOM_EXECUTE_TX }),
            () => new Ours.HederaAgentAPI(client, { mode: Ours.AgentMode.CUSTOM_EXECUTE_TX }),
          ],
        ];
        for (const [what, real, ours] of cases) {
          const realMessage = thrownBy(real);
          expect(realMessage, what).to.be.a('string');
          expect(thrownBy(ours), what).to.satisfy((message: unknown) => typeof message === 'string' && message.startsWith(realMessage!));
        }
        const realRun = await new RealKit.HederaAgentAPI(client, {}, []).run('no_such_tool', {}).then(() => undefined, (error: Error) => error.message);
        const ourRun = await new Ours.HederaAgentAPI(client, {}, []).run('no_such_tool', {}).then(() => undefined, (error: Error) => error.message);
        expect(realRun).to.equal('Invalid method no_such_tool');
        expect(ourRun?.startsWith(realRun!), ourRun).to.equal(true);
      } finally {
        noLedger.close();
      }
    });
  });

  describe('when a tool author imports the real kit’s helpers from this kit’s root', () => {
    it('has TOOL_STATUS, isReturnBytesMode and isCustomMode with the same answers', () => {
      expect({ ...Ours.TOOL_STATUS }).to.deep.equal({ ...RealKit.TOOL_STATUS });
      for (const mode of [...Object.values(RealKit.AgentMode), 'autonomous ', '', undefined, null, 7]) {
        expect(Ours.isReturnBytesMode(mode), String(mode)).to.equal(RealKit.isReturnBytesMode(mode as never));
        expect(Ours.isCustomMode(mode), String(mode)).to.equal(RealKit.isCustomMode(mode as never));
      }
    });

    it('classifies tool outputs as the real kit does', () => {
      const outputs: { raw?: unknown; humanMessage?: unknown }[] = [
        { raw: { status: 'SUCCESS', transactionId: '0.0.2@1.2', accountId: '0.0.5' }, humanMessage: 'done' },
        { raw: { status: 'SUCCESS', transactionId: 42 }, humanMessage: 'done' },
        { raw: { status: 'ERROR', error: 'boom' }, humanMessage: 'failed' },
        { raw: { status: 'ERROR', errorCode: 'INSUFFICIENT_PAYER_BALANCE', error: 'broke', transactionId: '0.0.2@3.4' }, humanMessage: 'failed' },
        { raw: { status: 'ERROR' }, humanMessage: 'failed without text' },
        { raw: { error: 'no status' }, humanMessage: 'x' },
        { raw: { status: 'PARSE_ERROR', originalOutput: '{oops' }, humanMessage: 'bad' },
        { raw: { status: 'PARSE_ERROR' }, humanMessage: 'bad' },
        { raw: null, humanMessage: 'n' },
        { raw: 'text' },
        {},
        { raw: { status: 'PENDING_APPROVAL' }, humanMessage: 'held' },
        { raw: { status: 'BLOCKED', error: 'policy said no' }, humanMessage: 'blocked' },
      ];
      for (const output of outputs) {
        expect(Ours.classifyToolResult(output), JSON.stringify(output)).to.deep.equal(RealKit.classifyToolResult(output as never));
      }
    });

    it('never classifies this kit’s UNKNOWN outcome as a failure: the transaction may have run', () => {
      const unknown = { raw: { status: 'UNKNOWN', error: 'no receipt', transactionId: '0.0.2@5.6' }, humanMessage: 'Outcome unknown' };
      expect(Ours.classifyToolResult(unknown)).to.deep.equal({ kind: 'unknown', humanMessage: 'Outcome unknown' });
    });

    it('hands a custom mode’s transaction to context.transactionStrategy as the real kit does, and refuses one without it', async () => {
      const seen: unknown[][] = [];
      const strategy = { handle: async (...args: unknown[]) => (seen.push(args), { raw: { status: 'SUCCESS', via: 'strategy' }, humanMessage: 'handled' }) };
      const postProcess = () => 'worded';
      const context = { mode: Ours.AgentMode.CUSTOM_EXECUTE_TX, transactionStrategy: strategy };
      const tx = new TransferTransaction();
      const real = await RealKit.handleTransaction(tx, client, context as never, postProcess);
      const ours = await Ours.handleTransaction(tx, client, context, postProcess);
      expect(ours).to.deep.equal(real);
      expect(seen[1]).to.deep.equal(seen[0]);
      const realRefusal = await RealKit.handleTransaction(tx, client, { mode: RealKit.AgentMode.CUSTOM_RETURN_BYTES }).then(() => undefined, (error: Error) => error.message);
      const ourRefusal = await Ours.handleTransaction(tx, client, { mode: Ours.AgentMode.CUSTOM_RETURN_BYTES }).then(() => undefined, (error: Error) => error.message);
      expect(ourRefusal?.startsWith(realRefusal!), ourRefusal).to.equal(true);
    });

    it('submits in autonomous mode and words the receipt with the tool’s postProcess, as the real kit does', async () => {
      const { accountId: recipient } = await net.createAccount({ hbar: 1 });
      const transfer = () => new TransferTransaction().addHbarTransfer(net.operatorId, new Hbar(-1)).addHbarTransfer(recipient, new Hbar(1));
      const views: Record<string, unknown>[] = [];
      const postProcess = (view: unknown) => (views.push(view as Record<string, unknown>), `Sent ${(view as { transactionId: string }).transactionId}`);
      const real = (await RealKit.handleTransaction(transfer(), client, {}, postProcess)) as { raw: Record<string, unknown>; humanMessage: string };
      const ours = (await Ours.handleTransaction(transfer(), client, {}, postProcess)) as { raw: Record<string, unknown>; humanMessage: string };
      expect(real.raw.status).to.equal('SUCCESS');
      expect(ours.raw.status).to.equal('SUCCESS');
      expect(ours.humanMessage).to.equal(`Sent ${ours.raw.transactionId}`);
      expect(Object.keys(views[1]!).sort()).to.deep.equal(Object.keys(views[0]!).sort());
    });
  });
});
