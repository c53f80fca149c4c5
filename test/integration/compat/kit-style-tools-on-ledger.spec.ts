import { expect } from 'chai';
import sinon from 'sinon';
import { AccountDeleteTransaction, Hbar, TransactionId, TransactionReceiptQuery, TransferTransaction, type Client, type Transaction } from '@hiero-ledger/sdk';
import { BaseTool as KitBaseTool, BaseTransactionTool as KitBaseTransactionTool, handleTransaction, type RawTransactionResponse } from '@hashgraph/hedera-agent-kit';
import { BaseTool, BaseTransactionTool } from '../../../src/lifecycle/base-tool.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { kitZod } from '../../support/real-kit.js';

type AnyBase = abstract new () => any;
type Params = { to: string; tinybars: number };

const transferOf = (params: Params, client: Client): TransferTransaction =>
  new TransferTransaction()
    .addHbarTransfer(client.operatorAccountId!, Hbar.fromTinybars(-params.tinybars))
    .addHbarTransfer(params.to, Hbar.fromTinybars(params.tinybars));

/** A transfer tool written the Hedera Agent Kit's way: its secondaryAction returns the kit's handleTransaction. */
function kitStyleTransferOn(Base: AnyBase) {
  return class KitStyleTransfer extends (Base as unknown as new () => any) {
    method = 'kit_style_transfer_tool';
    name = 'Kit-style transfer';
    description = 'Moves tinybars from the operator.';
    parameters = kitZod.object({ to: kitZod.string(), tinybars: kitZod.number().int().positive() });
    async normalizeParams(params: Params) {
      return params;
    }
    async coreAction(params: Params, _context: unknown, client: Client) {
      return transferOf(params, client);
    }
    async secondaryAction(transaction: Transaction, client: Client, context: object) {
      return handleTransaction(transaction, client, context, (response: RawTransactionResponse) => `Moved in ${response.transactionId}.`);
    }
  };
}

/** A third-party tool that submits in its own core action and waits for the receipt there. */
function selfSubmittingOn(Base: AnyBase) {
  return class SelfSubmitting extends (Base as unknown as new () => any) {
    method = 'self_submitting_tool';
    name = 'Self submitting';
    description = 'Sends a transfer itself.';
    parameters = kitZod.object({ to: kitZod.string(), tinybars: kitZod.number().int().positive() });
    async normalizeParams(params: Params) {
      return params;
    }
    async coreAction(params: Params, _context: unknown, client: Client) {
      const response = await transferOf(params, client).execute(client);
      const receipt = await response.getReceipt(client);
      return { raw: { receiptStatus: receipt.status.toString() }, humanMessage: 'sent' };
    }
    async shouldSecondaryAction() {
      return false;
    }
  };
}

const pluginOf = (...tools: object[]): Plugin => ({ name: 'kit-style', tools: () => tools }) as Plugin;

describe('tools written the Hedera Agent Kit’s way, on the ledger', function () {
  this.timeout(30_000);
  const suite = devnetSuite();
  const sandbox = sinon.createSandbox();
  let deleted: string;
  let alive: string;
  let kit: AgentKit | undefined;

  before(async () => {
    const gone = await suite.net.createAccount({ hbar: 1 });
    const removal = new AccountDeleteTransaction().setAccountId(gone.accountId).setTransferAccountId(suite.net.operatorId).freezeWith(suite.client);
    await (await (await removal.sign(gone.privateKey)).execute(suite.client)).getReceipt(suite.client);
    deleted = gone.accountId;
    alive = (await suite.net.createAccount({ hbar: 1 })).accountId;
  });
  afterEach(async () => {
    sandbox.restore();
    await kit?.close();
    kit = undefined;
  });

  /** What the ledger recorded for a transaction ID, read back without letting the SDK throw on failure. */
  const ledgerStatusOf = async (transactionId: string): Promise<string> =>
    (await new TransactionReceiptQuery().setTransactionId(TransactionId.fromString(transactionId)).setValidateStatus(false).execute(suite.client)).status.toString();

  describe('when its secondaryAction throws the receipt status error of the kit’s handleTransaction', () => {
    it('carries the transaction ID and the ledger’s status, and says it was submitted', async () => {
      kit = await createAgentKit({ client: suite.client, pluginsDir: null, plugins: [pluginOf(new (kitStyleTransferOn(BaseTransactionTool))())] });
      const result = await kit.execute('kit_style_transfer_tool', { to: deleted, tinybars: 10 });
      expect(result.raw).to.deep.include({ status: 'ERROR', errorCode: 'ACCOUNT_DELETED', submitted: true, stage: 'secondaryAction' });
      expect(result.raw.transactionId).to.be.a('string');
      expect(await ledgerStatusOf(result.raw.transactionId!)).to.equal('ACCOUNT_DELETED');
      expect(result.humanMessage).to.contain(`transaction ${result.raw.transactionId} was submitted and reached consensus with the status ACCOUNT_DELETED`);
    });

    it('gives the fields the kit defines for it as the kit does: status, errorCode, the SDK’s message', async () => {
      sandbox.stub(console, 'error'); // the kit logs its failures
      const theirs = await new (kitStyleTransferOn(KitBaseTransactionTool))().execute(suite.client, {}, { to: deleted, tinybars: 10 });
      const ours = await new (kitStyleTransferOn(BaseTransactionTool))().execute(suite.client, {}, { to: deleted, tinybars: 10 });
      const defined = (raw: Record<string, any>) => ({ status: raw.status, errorCode: raw.errorCode, error: String(raw.error).replace(raw.transactionId, '<id>') });
      expect(Object.keys(theirs.raw)).to.include.members(['status', 'errorCode', 'transactionId', 'error']);
      expect(defined(ours.raw)).to.deep.equal(defined(theirs.raw));
      expect(ours.raw.transactionId).to.be.a('string').and.not.equal(theirs.raw.transactionId);
    });
  });

  describe('when it succeeds', () => {
    it('gives the same result shape as in the kit: its handleTransaction’s raw and its postProcess message', async () => {
      const theirs = await new (kitStyleTransferOn(KitBaseTransactionTool))().execute(suite.client, {}, { to: alive, tinybars: 10 });
      const ours = await new (kitStyleTransferOn(BaseTransactionTool))().execute(suite.client, {}, { to: alive, tinybars: 10 });
      const withoutId = (result: { raw: Record<string, unknown>; humanMessage: string }) => ({
        raw: { ...result.raw, transactionId: '<id>' },
        humanMessage: result.humanMessage.replace(String(result.raw.transactionId), '<id>'),
      });
      expect(theirs.raw.status).to.equal('SUCCESS');
      expect(withoutId(ours)).to.deep.equal(withoutId(theirs));
    });

    it('gives a core action’s own { raw, humanMessage } back as the kit does, raw.status defaulting to SUCCESS', async () => {
      const theirs = await new (selfSubmittingOn(KitBaseTool))().execute(suite.client, {}, { to: alive, tinybars: 10 });
      const ours = await new (selfSubmittingOn(BaseTool))().execute(suite.client, {}, { to: alive, tinybars: 10 });
      expect(ours).to.deep.equal({ raw: { receiptStatus: 'SUCCESS', status: 'SUCCESS' }, humanMessage: 'sent' });
      expect(ours).to.deep.equal(theirs);
    });
  });

  describe('when it submits in its own coreAction and the receipt fails', () => {
    for (const [base, Base] of [['this package’s BaseTool', BaseTool], ['the Hedera Agent Kit’s BaseTool', KitBaseTool]] as const) {
      it(`on ${base}: says the transaction was submitted, with its ID and status, never that nothing was`, async () => {
        sandbox.stub(console, 'error');
        kit = await createAgentKit({ client: suite.client, pluginsDir: null, plugins: [pluginOf(new (selfSubmittingOn(Base))())] });
        const result = await kit.execute('self_submitting_tool', { to: deleted, tinybars: 10 });
        expect(result.raw).to.deep.include({ status: 'ERROR', errorCode: 'ACCOUNT_DELETED', submitted: true, stage: 'coreAction' });
        expect(await ledgerStatusOf(result.raw.transactionId!)).to.equal('ACCOUNT_DELETED');
        expect(result.humanMessage).to.contain(String(result.raw.transactionId));
        expect(result.humanMessage.toLowerCase()).to.not.contain('nothing was submitted');
      });
    }
  });
});
