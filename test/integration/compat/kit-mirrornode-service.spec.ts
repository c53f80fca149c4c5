import { expect } from 'chai';
import sinon from 'sinon';
import {
  AccountBalanceQuery, Hbar, TokenAirdropTransaction, TokenAssociateTransaction, TokenCreateTransaction, TopicCreateTransaction,
  TopicMessageSubmitTransaction, TransferTransaction, type Client, type PrivateKey, type Transaction, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import type { Context as KitContext, IHederaMirrornodeService, Tool as KitTool } from '@hashgraph/hedera-agent-kit';
import {
  coreAccountQueryPlugin, coreConsensusQueryPlugin, coreEVMQueryPlugin, coreMiscQueriesPlugin, coreTokenQueryPlugin, coreTransactionQueryPlugin,
} from '@hashgraph/hedera-agent-kit/plugins';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { mirrornodeServiceFor } from '../../../src/compat/kit-mirrornode-service.js';

type KitResult = { raw: Record<string, any>; humanMessage: string };

const QUERY_PLUGINS = [coreAccountQueryPlugin, coreConsensusQueryPlugin, coreTokenQueryPlugin, coreTransactionQueryPlugin, coreMiscQueriesPlugin, coreEVMQueryPlugin];

/**
 * The real Hedera Agent Kit's query tools, unchanged, against the embedded devnet's mirror: each tool
 * runs its own execute (normalise, core action, no hooks) with our service as the kit's
 * `context.mirrornodeService`. The devnet client has no ledger ID; the kit only needs one to pick
 * its default service, which it never builds when a service is given.
 */
describe("the Hedera Agent Kit's query tools on the devnet through mirrornodeServiceFor", () => {
  let net: Devnet;
  let client: Client;
  let context: KitContext;
  let tools: Map<string, KitTool>;
  let alice: { accountId: string; privateKey: PrivateKey };
  let dave: { accountId: string; privateKey: PrivateKey };
  let tokenId: string;
  let topicId: string;
  let tipId: string;
  const sandbox = sinon.createSandbox();

  async function run(tx: Transaction, ...signers: PrivateKey[]): Promise<TransactionReceipt> {
    tx.freezeWith(client);
    for (const key of signers) await tx.sign(key);
    return (await tx.execute(client)).getReceipt(client);
  }

  async function query(method: string, params: Record<string, unknown>): Promise<KitResult> {
    const tool = tools.get(method);
    expect(tool, `the kit has a tool ${method}`).to.not.equal(undefined);
    return (await tool!.execute(client, context, params)) as KitResult;
  }

  async function succeeded(method: string, params: Record<string, unknown>): Promise<KitResult> {
    const result = await query(method, params);
    expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    return result;
  }

  /** A failed kit tool also logs through console.error; keep the test output clean and return the result. */
  async function failed(method: string, params: Record<string, unknown>): Promise<KitResult> {
    sandbox.stub(console, 'error');
    const result = await query(method, params);
    expect(result.raw.status, result.humanMessage).to.equal('ERROR');
    return result;
  }

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
    // The kit declares the account balance a BigNumber and every token balance with a symbol; its
    // own service returns the mirror's numbers, as ours does, so the declared types differ.
    context = { mirrornodeService: mirrornodeServiceFor(net.mirrorUrl) as unknown as IHederaMirrornodeService };
    tools = new Map(QUERY_PLUGINS.flatMap((plugin) => plugin.tools(context)).map((tool) => [tool.method, tool]));

    alice = await net.createAccount({ hbar: 12 });
    dave = await net.createAccount({ hbar: 1 });
    const created = await run(new TokenCreateTransaction().setTokenName('Copper').setTokenSymbol('CU').setDecimals(2).setInitialSupply(100_000)
      .setTreasuryAccountId(net.operatorId).setAdminKey(net.operatorKey.publicKey).setSupplyKey(net.operatorKey.publicKey));
    tokenId = created.tokenId!.toString();
    await run(new TokenAssociateTransaction().setAccountId(alice.accountId).setTokenIds([tokenId]), alice.privateKey);
    await run(new TransferTransaction().addTokenTransfer(tokenId, net.operatorId, -1234).addTokenTransfer(tokenId, alice.accountId, 1234));
    // dave has no association and no automatic slots, so the airdrop waits for him to claim it.
    await run(new TokenAirdropTransaction().addTokenTransfer(tokenId, net.operatorId, -20).addTokenTransfer(tokenId, dave.accountId, 20));

    topicId = (await run(new TopicCreateTransaction().setTopicMemo('news').setSubmitKey(net.operatorKey.publicKey))).topicId!.toString();
    for (const message of ['one', 'two', 'three']) await run(new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(message));

    const tip = new TransferTransaction().addHbarTransfer(net.operatorId, Hbar.fromTinybars(-50_000_000)).addHbarTransfer(alice.accountId, Hbar.fromTinybars(50_000_000))
      .setTransactionMemo('tip');
    await run(tip);
    tipId = tip.transactionId!.toString();
  });
  afterEach(() => sandbox.restore());
  after(async () => { await net.stop(); });

  it('covers every tool of the six query plugins below', () => {
    expect([...tools.keys()]).to.have.members([
      'get_hbar_balance_query_tool', 'get_account_query_tool', 'get_account_token_balances_query_tool',
      'get_topic_messages_query_tool', 'get_topic_info_query_tool',
      'get_token_info_query_tool', 'get_pending_airdrop_tool',
      'get_transaction_record_query_tool', 'get_exchange_rate_tool', 'get_contract_info_query_tool',
    ]);
  });

  describe('when the kit is given no mirror node service', () => {
    it('fails: its default service picks a mirror by ledger ID, and none of its mirrors is the devnet', async () => {
      sandbox.stub(console, 'error');
      const bare: KitContext = {};
      const [balanceTool] = coreAccountQueryPlugin.tools(bare);
      const result = (await balanceTool.execute(client, bare, { accountId: alice.accountId })) as KitResult;
      expect(result.raw.status).to.equal('ERROR');
    });
  });

  describe('when reading accounts (core-account-query-plugin)', () => {
    it('get_hbar_balance_query_tool returns the balance an SDK balance query sees, in HBAR', async () => {
      const result = await succeeded('get_hbar_balance_query_tool', { accountId: alice.accountId });
      const balance = await new AccountBalanceQuery().setAccountId(alice.accountId).execute(client);
      expect(result.raw.hbarBalance).to.equal(balance.hbars.toBigNumber().toString());
      expect(result.raw.hbarBalance).to.equal('12.5');
      expect(result.humanMessage).to.equal(`Account ${alice.accountId} has a balance of 12.5 HBAR`);
    });

    it("get_hbar_balance_query_tool defaults to the client's operator", async () => {
      const result = await succeeded('get_hbar_balance_query_tool', {});
      const balance = await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(result.raw.accountId).to.equal(net.operatorId);
      expect(result.raw.hbarBalance).to.equal(balance.hbars.toBigNumber().toString());
    });

    it('get_account_query_tool returns the account ID, public key, EVM address and balance', async () => {
      const { raw } = await succeeded('get_account_query_tool', { accountId: alice.accountId });
      expect(raw.account).to.include({ accountId: alice.accountId, accountPublicKey: alice.privateKey.publicKey.toStringRaw(), hbarBalance: '12.5', deleted: false });
      expect(raw.account.evmAddress).to.match(/^0x[0-9a-f]{40}$/);
      expect(raw.account.balance.balance).to.equal('12.5');
    });

    it('get_account_token_balances_query_tool lists each token with its symbol and decimals', async () => {
      const result = await succeeded('get_account_token_balances_query_tool', { accountId: alice.accountId });
      expect(result.raw.tokenBalances.tokens).to.have.length(1);
      expect(result.raw.tokenBalances.tokens[0]).to.include({ token_id: tokenId, balance: 1234, decimals: 2, symbol: 'CU' });
      expect(result.humanMessage).to.contain(`Token: ${tokenId}, Symbol: CU  Balance: 12.34, Decimals: 2`);
    });

    it('get_account_token_balances_query_tool filters by token', async () => {
      const result = await succeeded('get_account_token_balances_query_tool', { accountId: dave.accountId, tokenId });
      expect(result.raw.tokenBalances.tokens).to.deep.equal([]);
      expect(result.humanMessage).to.equal(`No token balances found for account ${dave.accountId}`);
    });

    it('get_account_query_tool reports an unknown account naming it, the path and the 404', async () => {
      const result = await failed('get_account_query_tool', { accountId: '0.0.424242' });
      expect(result.raw.error).to.contain('Account 0.0.424242 was not found on the mirror node');
      expect(result.raw.error).to.contain('GET /api/v1/accounts/0.0.424242 answered HTTP 404');
    });
  });

  describe('when reading topics (core-consensus-query-plugin)', () => {
    it('get_topic_messages_query_tool returns the submitted messages decoded, newest first', async () => {
      const { raw } = await succeeded('get_topic_messages_query_tool', { topicId });
      expect(raw.topicId).to.equal(topicId);
      expect(raw.messages.map((m: { message: string }) => m.message)).to.deep.equal(['three', 'two', 'one']);
      expect(raw.messages[0]).to.include({ sequence_number: 3, topic_id: topicId });
    });

    it('get_topic_messages_query_tool honours the limit and the time window', async () => {
      const newest = await succeeded('get_topic_messages_query_tool', { topicId, limit: 2 });
      expect(newest.raw.messages.map((m: { message: string }) => m.message)).to.deep.equal(['three', 'two']);
      const before = await succeeded('get_topic_messages_query_tool', { topicId, endTime: '2020-01-01T00:00:00.000Z' });
      expect(before.raw.messages).to.deep.equal([]);
      expect(before.humanMessage).to.equal(`No messages found for topic ${topicId}.`);
      const since = await succeeded('get_topic_messages_query_tool', { topicId, startTime: '2020-01-01T00:00:00.000Z' });
      expect(since.raw.messages).to.have.length(3);
    });

    it("get_topic_info_query_tool returns the topic's memo and submit key", async () => {
      const result = await succeeded('get_topic_info_query_tool', { topicId });
      expect(result.raw.topicInfo).to.include({ topic_id: topicId, memo: 'news', deleted: false, admin_key: null });
      expect(result.raw.topicInfo.submit_key).to.deep.equal({ _type: 'ED25519', key: net.operatorKey.publicKey.toStringRaw() });
      expect(result.humanMessage).to.contain(`Submit Key: ${net.operatorKey.publicKey.toStringRaw()}`);
    });
  });

  describe('when reading tokens (core-token-query-plugin)', () => {
    it("get_token_info_query_tool returns the token's name, symbol, decimals and treasury", async () => {
      const result = await succeeded('get_token_info_query_tool', { tokenId });
      expect(result.raw.tokenInfo).to.include({ token_id: tokenId, name: 'Copper', symbol: 'CU', decimals: '2', treasury_account_id: net.operatorId, total_supply: '100000' });
      expect(result.humanMessage).to.contain('**Token Symbol**: CU');
    });

    it('get_pending_airdrop_tool lists the unclaimed airdrop with its symbol', async () => {
      const result = await succeeded('get_pending_airdrop_tool', { accountId: dave.accountId });
      expect(result.raw.pendingAirdrops.airdrops).to.have.length(1);
      expect(result.raw.pendingAirdrops.airdrops[0]).to.include({ amount: 20, token_id: tokenId, sender_id: net.operatorId, receiver_id: dave.accountId, symbol: 'CU', decimals: 2 });
      expect(result.humanMessage).to.contain('- 0.20 **CU**');
    });

    it('get_pending_airdrop_tool reports none for an account without any', async () => {
      const result = await succeeded('get_pending_airdrop_tool', { accountId: alice.accountId });
      expect(result.raw.pendingAirdrops.airdrops).to.deep.equal([]);
      expect(result.humanMessage).to.equal(`No pending airdrops found for account ${alice.accountId}`);
    });
  });

  describe('when reading a transaction (core-transaction-query-plugin)', () => {
    it('get_transaction_record_query_tool returns the record of a transfer made with the SDK', async () => {
      const { raw, humanMessage } = await succeeded('get_transaction_record_query_tool', { transactionId: tipId });
      const [record] = raw.transactionRecord.transactions;
      expect(record).to.include({ result: 'SUCCESS', name: 'CRYPTOTRANSFER', memo_base64: Buffer.from('tip').toString('base64') });
      expect(record.transfers).to.deep.include({ account: alice.accountId, amount: 50_000_000, is_approval: false });
      expect(record.transaction_id).to.equal(raw.transactionId);
      expect(humanMessage).to.contain(`Account: ${alice.accountId}, Amount: 0.5`);
    });

    it('get_transaction_record_query_tool reports a transaction the network never saw', async () => {
      const result = await failed('get_transaction_record_query_tool', { transactionId: '0.0.2-1600000000-000000001' });
      expect(result.raw.error).to.contain('Transaction 0.0.2-1600000000-000000001 was not found');
      expect(result.raw.error).to.contain('GET /api/v1/transactions/0.0.2-1600000000-000000001 answered HTTP 404');
    });
  });

  describe('when reading the exchange rate (core-misc-query-plugin)', () => {
    it("get_exchange_rate_tool returns the devnet's current and next rate", async () => {
      const result = await succeeded('get_exchange_rate_tool', {});
      expect(result.raw.current_rate).to.include({ hbar_equivalent: 30_000, cent_equivalent: 300_000 });
      expect(result.raw.next_rate.expiration_time).to.equal(result.raw.current_rate.expiration_time + 3600);
      expect(result.humanMessage).to.contain('Current exchange rate: 0.1');
    });
  });

  describe('when reading a contract (core-evm-query-plugin)', () => {
    it('get_contract_info_query_tool reads the devnet\'s ERC-20 factory', async () => {
      const result = await succeeded('get_contract_info_query_tool', { contractId: '0.0.1012' });
      expect(result.raw.contractId).to.equal('0.0.1012');
      expect(result.raw.contractInfo.evm_address).to.equal(`0x${'3f4'.padStart(40, '0')}`);
    });

    it('get_contract_info_query_tool fails naming the contract, path and 404 for an ID that is no contract', async () => {
      const result = await failed('get_contract_info_query_tool', { contractId: '0.0.1001' });
      expect(result.raw.error).to.contain('Contract 0.0.1001 was not found on the mirror node');
      expect(result.raw.error).to.contain('GET /api/v1/contracts/0.0.1001 answered HTTP 404');
    });
  });
});
