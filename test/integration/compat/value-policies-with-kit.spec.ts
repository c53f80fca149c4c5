import { expect } from 'chai';
import { AccountBalanceQuery, LedgerId, type Client } from '@hiero-ledger/sdk';
import { HederaAgentAPI as KitHederaAgentAPI } from '@hashgraph/hedera-agent-kit';
import { allCorePlugins, coreAccountPlugin, coreConsensusPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import { ExpressionPolicy, MaxTransferPolicy, RecipientAllowlistPolicy, SpendLimitPolicy, anyOf } from '../../../src/policies/index.js';

type KitResult = { raw: Record<string, any>; humanMessage: string };

describe('value policies with the Hedera Agent Kit', function () {
  this.timeout(30_000);
  let net: Devnet;
  let client: Client;
  let recipient: string;

  const tinybarsOf = async (accountId: string): Promise<bigint> =>
    BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());

  before(async () => {
    net = await startDevnet();
    client = net.client().setLedgerId(LedgerId.LOCAL_NODE);
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });
  after(async () => {
    await net.stop();
  });

  describe('when this project’s value policies run inside that kit', () => {
    it('read its tools’ normalised params themselves, block with the numbers, and nothing moves', async () => {
      const tools = [...coreAccountPlugin.tools({})];
      const oneRecipient = new ExpressionPolicy({ expression: "method == 'transfer_hbar_tool' && movements.size() == 1", message: 'one recipient per transfer' });
      const hooks = [oneRecipient, new MaxTransferPolicy({ hbar: 2 }), anyOf(new RecipientAllowlistPolicy([recipient]))];
      const api = new KitHederaAgentAPI(client, { hooks: hooks as never }, tools);
      const before = await tinybarsOf(recipient);
      const over = JSON.parse(await api.run('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 2.5 }] })) as KitResult;
      expect(over.raw.status).to.equal('ERROR');
      expect(over.raw.error).to.contain('Action transfer_hbar_tool blocked by policy: Max Transfer Policy');
      expect(over.raw.error).to.contain(`moves 2.5 HBAR (250000000 tinybars) in this call, to ${recipient}; the cap is 2 HBAR per call`);
      expect(await tinybarsOf(recipient)).to.equal(before);
      const stranger = (await net.createAccount({ hbar: 0 })).accountId;
      const elsewhere = JSON.parse(await api.run('transfer_hbar_tool', { transfers: [{ accountId: stranger, amount: 1 }] })) as KitResult;
      expect(elsewhere.raw.error).to.contain('anyOf(Recipient Allowlist Policy)');
      const fine = JSON.parse(await api.run('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] })) as KitResult;
      expect(fine.raw.status, fine.humanMessage).to.equal('SUCCESS');
      expect(await tinybarsOf(recipient)).to.equal(before + 100_000_000n);
      const two = JSON.parse(await api.run('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.5 }, { accountId: stranger, amount: 0.5 }] })) as KitResult;
      expect(two.raw.error).to.contain('one recipient per transfer');
    });
  });

  describe('when SpendLimitPolicy runs inside that kit', () => {
    it('counts its transfers against the budget, refuses the one that does not fit with the numbers, and nothing more moves', async () => {
      const spend = new SpendLimitPolicy({ hbar: 1.5, windowMs: 3_600_000 });
      const api = new KitHederaAgentAPI(client, { hooks: [spend] as never }, [...coreAccountPlugin.tools({})]);
      const before = await tinybarsOf(recipient);
      const first = JSON.parse(await api.run('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] })) as KitResult;
      expect(first.raw.status, first.humanMessage).to.equal('SUCCESS');
      const second = JSON.parse(await api.run('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] })) as KitResult;
      expect(second.raw.status).to.equal('ERROR');
      expect(second.raw.error).to.contain('Action transfer_hbar_tool blocked by policy: Spend Limit Policy');
      expect(second.raw.error).to.contain('1 HBAR is spent or reserved in the window, 0.5 HBAR left');
      expect(await tinybarsOf(recipient)).to.equal(before + 100_000_000n);
      // That kit reports no outcomes: what the first call reserved counts as spent until it leaves the window.
      const operator = client.operatorAccountId!.toString();
      expect(await spend.usage(operator)).to.deep.equal({ committed: 0n, pending: 100_000_000n });
    });
  });

  describe('when that kit’s plugins load in this kit', () => {
    it('starts with a value policy on every tool of its topic plugin, whose tools move no value', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreConsensusPlugin as Plugin], context: { hooks: [new MaxTransferPolicy({ hbar: 1 })] } });
      await kit.close();
    });

    it('refuses to start a value policy on every tool when a tool could move anything (signing a scheduled transaction)', async () => {
      const error = await createAgentKit({ client, pluginsDir: null, plugins: [coreAccountPlugin as Plugin], context: { hooks: [new MaxTransferPolicy({ hbar: 1 })] } }).then(
        (kit) => kit.close().then(() => undefined),
        (thrown: Error) => thrown,
      );
      expect(error?.message).to.contain('Policy "Max Transfer Policy" judges what calls move').and.to.contain('"sign_schedule_transaction_tool"');
    });

    it('judges its transfer tools through the built-in views of their shapes, and nothing moves when blocked', async () => {
      const kit = await createAgentKit({
        client,
        pluginsDir: null,
        plugins: allCorePlugins as Plugin[],
        mirrorNodeUrl: net.mirrorUrl,
        context: { hooks: [new MaxTransferPolicy({ hbar: 1, tools: ['transfer_hbar_tool', 'transfer_fungible_token_tool'] })] },
      });
      try {
        const before = await tinybarsOf(recipient);
        const over = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1.5 }] });
        expect(over.raw.blockedBy?.reason).to.contain('moves 1.5 HBAR');
        expect(await tinybarsOf(recipient)).to.equal(before);
        const fine = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.5 }] });
        expect(fine.raw.status, fine.humanMessage).to.equal('SUCCESS');
      } finally {
        await kit.close();
      }
    });

    it('refuses a display-unit token cap its token tools cannot serve (no decimals in their params), and applies a base-unit cap', async () => {
      const hooks = (cap: unknown) => [new MaxTransferPolicy({ tokens: { [tokenId]: cap as never }, tools: ['transfer_fungible_token_tool'] })];
      const setup = await createAgentKit({ client, pluginsDir: null, plugins: allCorePlugins as Plugin[], mirrorNodeUrl: net.mirrorUrl });
      const token = await setup.execute('create_fungible_token_tool', { tokenName: 'Copper', tokenSymbol: 'CU', initialSupply: 1000, decimals: 2 });
      const tokenId = String(token.raw.tokenId);
      const holder = await net.createAccount({ hbar: 1 });
      await setup.close();
      const display = await createAgentKit({ client, pluginsDir: null, plugins: allCorePlugins as Plugin[], mirrorNodeUrl: net.mirrorUrl, context: { hooks: hooks(5) } });
      const refused = await display.execute('transfer_fungible_token_tool', { tokenId, transfers: [{ accountId: holder.accountId, amount: 1 }] });
      expect(refused.raw.blockedBy?.reason).to.contain(`the decimals of token ${tokenId} are not known for this call`);
      await display.close();
      const base = await createAgentKit({ client, pluginsDir: null, plugins: allCorePlugins as Plugin[], mirrorNodeUrl: net.mirrorUrl, context: { hooks: hooks({ baseUnits: 100 }) } });
      const over = await base.execute('transfer_fungible_token_tool', { tokenId, transfers: [{ accountId: holder.accountId, amount: 1.01 }] });
      expect(over.raw.blockedBy?.reason).to.contain(`moves 101 base units of ${tokenId}`);
      await base.close();
    });
  });
});
