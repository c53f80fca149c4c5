import { expect } from 'chai';
import sinon from 'sinon';
import { AccountId, Hbar, PrecheckStatusError, ReceiptStatusError, Status, TransactionId, TransferTransaction, type Client, type TransactionReceipt } from '@hiero-ledger/sdk';
import { BaseTool as KitBaseTool, BaseTransactionTool as KitBaseTransactionTool } from '@hashgraph/hedera-agent-kit';
import { BaseTool, BaseTransactionTool } from '../../../src/lifecycle/base-tool.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import { offlineClient } from '../../support/offline-client.js';
import { kitZod } from '../../support/real-kit.js';

type AnyBase = abstract new () => any;

/** One tool source, written the Hedera Agent Kit's way, on whichever base class it is given. */
function echoToolOn(Base: AnyBase, raw: Record<string, unknown> = { n: 3 }) {
  return class EchoThree extends (Base as unknown as new () => any) {
    method = 'echo_three_tool';
    name = 'Echo three';
    description = 'Echoes 3.';
    parameters = kitZod.object({});
    async normalizeParams(params: unknown) {
      return params;
    }
    async coreAction() {
      return { raw: { ...raw }, humanMessage: 'echo 3' };
    }
    async shouldSecondaryAction() {
      return false;
    }
  };
}

function failingToolOn(Base: AnyBase) {
  return class Failing extends (Base as unknown as new () => any) {
    method = 'failing_tool';
    name = 'Failing';
    description = 'Fails.';
    parameters = kitZod.object({});
    async normalizeParams(params: unknown) {
      return params;
    }
    async coreAction(): Promise<never> {
      throw new Error('upstream down');
    }
  };
}

const transactionId = TransactionId.fromString('0.0.2@1700000000.000000001');

describe('BaseTool', () => {
  const sandbox = sinon.createSandbox();
  let client: Client;
  let kit: AgentKit | undefined;

  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(async () => {
    sandbox.restore();
    await kit?.close();
    kit = undefined;
    client.close();
  });

  describe('when a core action returns { raw, humanMessage } and asks for no secondary action', () => {
    it('returns that result, raw.status defaulting to SUCCESS, as the Hedera Agent Kit does', async () => {
      const theirs = await new (echoToolOn(KitBaseTool))().execute(client, {}, {});
      const ours = await new (echoToolOn(BaseTool))().execute(client, {}, {});
      expect(ours).to.deep.equal({ raw: { n: 3, status: 'SUCCESS' }, humanMessage: 'echo 3' });
      expect(ours).to.deep.equal(theirs);
    });

    it('returns it the same way through kit.execute', async () => {
      kit = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'echo', tools: () => [new (echoToolOn(BaseTool))()] } as Plugin] });
      expect(await kit.execute('echo_three_tool', {})).to.deep.equal({ raw: { n: 3, status: 'SUCCESS' }, humanMessage: 'echo 3' });
    });

    it('keeps a status the core action set', async () => {
      const ours = await new (echoToolOn(BaseTool, { n: 3, status: 'PARTIAL' }))().execute(client, {}, {});
      expect(ours.raw).to.deep.equal({ n: 3, status: 'PARTIAL' });
    });

    it('passes it through when listeners saw (and so froze) the core result, and later warnings still reach it', async () => {
      const hooks = [
        { name: 'watcher', relevantTools: ['echo_three_tool'], postCoreActionHook: () => undefined },
        { name: 'late', relevantTools: ['echo_three_tool'], postToolExecutionHook: () => { throw new Error('late hook down'); } },
      ];
      const ours = await new (echoToolOn(BaseTool))().execute(client, { hooks }, {});
      expect(ours.raw).to.deep.include({ n: 3, status: 'SUCCESS' });
      expect(ours.raw.warnings).to.have.length(1);
      expect(ours.raw.warnings![0]).to.contain('late hook down');
      expect(ours.humanMessage).to.equal('echo 3');
    });
  });

  describe('when a secondaryAction that was handed a transaction returns no result', () => {
    it('is UNKNOWN with the transaction ID: whether it was sent is not known, so it is never a SUCCESS', async () => {
      class Silent extends BaseTransactionTool<Record<string, never>, Record<string, never>, TransferTransaction> {
        readonly method = 'silent_transfer_tool';
        readonly name = 'Silent transfer';
        readonly description = 'Returns nothing from its secondary action.';
        readonly parameters = kitZod.object({});
        normalizeParams(params: Record<string, never>) {
          return params;
        }
        coreAction(_params: Record<string, never>, _context: object, c: Client) {
          return new TransferTransaction().addHbarTransfer(c.operatorAccountId!, Hbar.fromTinybars(-1)).addHbarTransfer('0.0.3', Hbar.fromTinybars(1));
        }
        override async secondaryAction(): Promise<undefined> {
          return undefined;
        }
      }
      const result = await new Silent().execute(client, {}, {});
      expect(result.raw.status).to.equal('UNKNOWN');
      expect(result.raw.transactionId).to.match(/^0\.0\.2@\d+\.\d+$/);
      expect(result.humanMessage).to.contain(`transaction ${result.raw.transactionId}`).and.contain('Do not retry');
    });
  });

  describe('handleError, its public default', () => {
    it('words any error as the Hedera Agent Kit’s BaseTool does', async () => {
      sandbox.stub(console, 'error'); // the kit logs its failures
      const error = new Error('upstream down');
      const ours = await new (failingToolOn(BaseTool))().handleError(error, {});
      const theirs = await new (failingToolOn(KitBaseTool))().handleError(error, {});
      expect(ours).to.deep.equal({ raw: { status: 'ERROR', error: 'Failed to execute Failing: upstream down' }, humanMessage: 'Failed to execute Failing: upstream down' });
      expect(ours).to.deep.equal(theirs);
    });

    for (const [kind, error] of [
      ['receipt', new ReceiptStatusError({ status: Status.AccountDeleted, transactionId, transactionReceipt: {} as TransactionReceipt })],
      ['precheck', new PrecheckStatusError({ status: Status.InsufficientPayerBalance, transactionId, nodeId: AccountId.fromString('0.0.3'), contractFunctionResult: null })],
    ] as const) {
      it(`gives a ${kind} status error's status, transaction ID and SDK message, as the kit’s BaseTransactionTool does`, async () => {
        sandbox.stub(console, 'error');
        const ours = await new (failingToolOn(BaseTransactionTool))().handleError(error, {});
        const theirs = await new (failingToolOn(KitBaseTransactionTool))().handleError(error, {});
        expect(ours.raw).to.deep.equal({ status: 'ERROR', errorCode: error.status.toString(), transactionId: '0.0.2@1700000000.000000001', error: error.message });
        expect(ours.humanMessage).to.equal(`Failed to execute Failing: ${error.message}`);
        expect(ours).to.deep.equal(theirs);
      });
    }

    it('is not what a kit reports for a tool that does not override it: the kit’s own result says more', async () => {
      const tool = new (failingToolOn(BaseTool))();
      expect(tool.handleError).to.be.a('function');
      const result = await tool.execute(client, {}, {});
      expect(result.raw).to.deep.include({ status: 'ERROR', errorCode: 'E_TOOL_FAILED', stage: 'coreAction', error: 'upstream down' });
      expect(result.humanMessage).to.equal('The failing_tool call failed during coreAction: upstream down. This kit submitted nothing for this call.');
    });

    it('is what a kit reports for a tool that overrides it, starting from the default', async () => {
      class Hinting extends failingToolOn(BaseTool) {
        // No `override`: the base is typed `any` here, so TypeScript sees nothing to override.
        async handleError(error: unknown, context: object) {
          const result = await super.handleError(error, context);
          return { ...result, humanMessage: `${result.humanMessage} Try later.` };
        }
      }
      const result = await new Hinting().execute(client, {}, {});
      expect(result.humanMessage).to.equal('Failed to execute Failing: upstream down Try later.');
      expect(result.raw).to.deep.include({ status: 'ERROR', error: 'Failed to execute Failing: upstream down', errorCode: 'E_TOOL_FAILED', stage: 'coreAction' });
    });
  });
});
