import { expect } from 'chai';
import { AccountBalanceQuery, AccountDeleteTransaction, Hbar, type Client } from '@hiero-ledger/sdk';
import { AbstractHook, AgentMode, createAgentKit, type AgentKit } from '../../../src/index.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { TransferBuilderTool, pluginOf } from '../../support/noop-tools.js';

/** The AUTONOMOUS strategy and the post-execution rules against a real SDK and the embedded devnet. */
describe('AUTONOMOUS mode on the devnet', () => {
  let net: Devnet;
  let client: Client;
  let kit: AgentKit | undefined;
  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
  });
  after(async () => {
    await net.stop();
  });
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  });

  const balanceOf = async (accountId: string) => (await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toNumber();

  it('submits, waits for the receipt and moves the HBAR', async () => {
    const { accountId } = await net.createAccount({ hbar: 1 });
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new TransferBuilderTool())], context: { mode: AgentMode.AUTONOMOUS } });
    const result = await kit.execute('transfer_builder_tool', { to: accountId, hbar: 2 });
    expect(result.raw).to.include({ status: 'SUCCESS', receiptStatus: 'SUCCESS', submitted: true });
    expect(result.raw.transactionId).to.match(/^0\.0\.2@\d+\.\d+$/);
    expect(await balanceOf(accountId)).to.equal(new Hbar(3).toTinybars().toNumber());
  });

  it('reports a precheck refusal with the Hedera status as errorCode, as not submitted', async () => {
    const { accountId } = await net.createAccount({ hbar: 1 });
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new TransferBuilderTool())] });
    const result = await kit.execute('transfer_builder_tool', { to: accountId, hbar: 50_000_000_000 });
    expect(result.raw).to.include({ status: 'ERROR', errorCode: 'INSUFFICIENT_PAYER_BALANCE', submitted: false });
    expect(result.raw.transactionId).to.match(/^0\.0\.2@/);
    expect(await balanceOf(accountId)).to.equal(new Hbar(1).toTinybars().toNumber());
  });

  it('reports a failed receipt with its status as errorCode, keeping the transaction ID', async () => {
    const { accountId, privateKey } = await net.createAccount({ hbar: 1 });
    await (await (await new AccountDeleteTransaction().setAccountId(accountId).setTransferAccountId('0.0.2').freezeWith(client).sign(privateKey)).execute(client)).getReceipt(client);
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new TransferBuilderTool())] });
    const result = await kit.execute('transfer_builder_tool', { to: accountId, hbar: 1 });
    expect(result.raw, JSON.stringify(result.raw)).to.include({ status: 'ERROR', submitted: true });
    expect(result.raw.errorCode).to.equal('ACCOUNT_DELETED');
    expect(result.raw.transactionId).to.match(/^0\.0\.2@/);
  });

  it('never turns an executed transfer into an error when a post-execution hook fails', async () => {
    class FailingAuditHook extends AbstractHook {
      override relevantTools = ['*'];
      override async postToolExecutionHook(): Promise<void> {
        throw new Error('audit store unreachable');
      }
    }
    const { accountId } = await net.createAccount({ hbar: 1 });
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new TransferBuilderTool())], hooks: [new FailingAuditHook()] });
    const result = await kit.execute('transfer_builder_tool', { to: accountId, hbar: 1 });
    expect(result.raw.status).to.equal('SUCCESS');
    expect(result.raw.transactionId).to.be.a('string');
    expect(result.raw.warnings).to.deep.equal(['hook "FailingAuditHook" failed after the action ran: audit store unreachable']);
    expect(await balanceOf(accountId)).to.equal(new Hbar(2).toTinybars().toNumber());
  });

  it('still freezes and submits right after the only node answered UNAVAILABLE', async () => {
    // The SDK marks a node unhealthy after UNAVAILABLE and then picks no node at freeze time; the
    // strategy must name the nodes itself rather than hand an unfrozen transaction to execute().
    const { accountId } = await net.createAccount({ hbar: 1 });
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new TransferBuilderTool())] });
    const statuses: unknown[] = [];
    const fault = net.faults.inject({ rpc: '*', grpcError: 'UNAVAILABLE', probability: 0.3 });
    // Calls in flight together, so one call's UNAVAILABLE leaves the node unhealthy while another freezes.
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let i = 0; i < 5; i++) {
          const result = await kit!.execute('transfer_builder_tool', { to: accountId, hbar: 1 });
          statuses.push(result.raw.error ?? result.raw.status);
        }
      }),
    );
    fault.remove();
    expect(statuses).to.deep.equal(Array(30).fill('SUCCESS'));
    expect(await balanceOf(accountId)).to.equal(new Hbar(31).toTinybars().toNumber());
  });
});
