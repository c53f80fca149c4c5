import { expect } from 'chai';
import { Hbar, TokenAirdropTransaction, TokenCreateTransaction, TokenMintTransaction, TokenType, TransferTransaction, type Transaction } from '@hiero-ledger/sdk';
import { AgentMode, startCoreWorld, succeeded, tinybarsOf, type Actor, type CoreWorld } from './core-plugins-world.js';

describe('core-queries tools on the devnet', () => {
  let world: CoreWorld;
  let alice: Actor;
  /** Holds airdrops she has not claimed: 20 CU (0.2) from alice and NFT serial 1 of minter's collection. */
  let carol: Actor;
  let minter: Actor;
  let tokenId: string;
  let nftId: string;
  let topicId: string;
  let transferId: string;

  before(async () => {
    world = await startCoreWorld();
    alice = await world.actor(12);
    const created = await (await new TokenCreateTransaction().setTokenName('Copper').setTokenSymbol('CU').setDecimals(2).setInitialSupply(123_456)
      .setTreasuryAccountId(alice.accountId).setAdminKey(alice.privateKey.publicKey).execute(alice.client)).getReceipt(alice.client);
    tokenId = created.tokenId!.toString();
    // Another account's collection, so neither alice's nor the operator's token holdings change.
    minter = await world.actor(5);
    const run = async (tx: Transaction, by: Actor) => (await tx.execute(by.client)).getReceipt(by.client);
    nftId = (await run(new TokenCreateTransaction().setTokenName('Moons').setTokenSymbol('MOON').setTokenType(TokenType.NonFungibleUnique)
      .setTreasuryAccountId(minter.accountId).setSupplyKey(minter.privateKey.publicKey), minter)).tokenId!.toString();
    await run(new TokenMintTransaction().setTokenId(nftId).setMetadata([Buffer.from('moon/1')]), minter);
    // carol has no association and no automatic slots, so both airdrops wait for her to claim them.
    carol = await world.actor(2);
    await run(new TokenAirdropTransaction().addTokenTransfer(tokenId, alice.accountId, -20).addTokenTransfer(tokenId, carol.accountId, 20), alice);
    await run(new TokenAirdropTransaction().addNftTransfer(nftId, 1, minter.accountId, carol.accountId), minter);
    topicId = String(succeeded(await world.kit.execute('create_topic_tool', { topicMemo: 'news', isSubmitKey: true })).topicId);
    for (const message of ['one', 'two', 'three']) succeeded(await world.kit.execute('submit_topic_message_tool', { topicId, message }));
    transferId = String(succeeded(await world.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: alice.accountId, amount: 0.5 }], transactionMemo: 'tip' })).transactionId);
  });
  after(async () => { await world.close(); });

  describe('when reading balances', () => {
    it('reports the same HBAR balance as an SDK balance query, in HBAR and tinybars', async () => {
      const result = await world.kit.execute('get_hbar_balance_query_tool', { accountId: alice.accountId });
      const raw = succeeded(result);
      const tinybars = await tinybarsOf(world.client, alice.accountId);
      expect(raw.tinybars).to.equal(tinybars.toString());
      expect(raw.hbarBalance).to.equal(Hbar.fromTinybars(tinybars.toString()).toBigNumber().toString());
      expect(result.humanMessage).to.equal(`Account ${alice.accountId} holds ${String(raw.hbarBalance)} HBAR (${tinybars} tinybars).`);
    });

    it("defaults to the agent's own account", async () => {
      const raw = succeeded(await alice.kit.execute('get_hbar_balance_query_tool', {}));
      expect(raw.accountId).to.equal(alice.accountId);
    });

    it('lists token balances in smallest and display units, optionally for one token', async () => {
      const raw = succeeded(await world.kit.execute('get_account_token_balances_query_tool', { accountId: alice.accountId, tokenId }));
      expect(raw.tokens).to.deep.equal([{ tokenId, balance: '123456', decimals: 2, displayBalance: '1234.56' }]);
      const none = await world.kit.execute('get_account_token_balances_query_tool', {});
      expect(succeeded(none).tokens).to.deep.equal([]);
      expect(none.humanMessage).to.contain('holds no tokens');
    });
  });

  describe('when reading an account', () => {
    it("returns the account's key, memo and balance", async () => {
      const result = await world.kit.execute('get_account_query_tool', { accountId: alice.accountId });
      const raw = succeeded(result);
      expect(raw.key).to.deep.equal({ _type: 'ED25519', key: alice.privateKey.publicKey.toStringRaw() });
      expect(raw.deleted).to.equal(false);
      expect(raw.tokenCount).to.equal(1);
      expect(result.humanMessage).to.contain(`${alice.accountId} is an account holding`);
    });

    it('reports an unknown account as not found', async () => {
      const result = await world.kit.execute('get_account_query_tool', { accountId: '0.0.424242' });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal('E_MIRROR_NOT_FOUND');
      expect(result.humanMessage).to.contain('account 0.0.424242 does not exist');
    });
  });

  describe('when reading topics', () => {
    it("returns the topic's memo and keys", async () => {
      const result = await world.kit.execute('get_topic_info_query_tool', { topicId });
      const raw = succeeded(result);
      expect(raw.memo).to.equal('news');
      expect((raw.submitKey as { key: string }).key).to.equal(world.net.operatorKey.publicKey.toStringRaw());
      expect(result.humanMessage).to.contain('only holders of its submit key may post');
    });

    it('returns decoded messages in order, newest first on request, limited', async () => {
      const all = succeeded(await world.kit.execute('get_topic_messages_query_tool', { topicId }));
      expect((all.messages as { message: string; sequenceNumber: number }[]).map((m) => [m.sequenceNumber, m.message])).to.deep.equal([[1, 'one'], [2, 'two'], [3, 'three']]);
      const newest = succeeded(await world.kit.execute('get_topic_messages_query_tool', { topicId, order: 'desc', limit: 2 }));
      expect((newest.messages as { message: string }[]).map((m) => m.message)).to.deep.equal(['three', 'two']);
    });

    it('filters messages by time', async () => {
      const all = succeeded(await world.kit.execute('get_topic_messages_query_tool', { topicId })).messages as { consensusTimestamp: string }[];
      const future = new Date(Date.now() + 3_600_000).toISOString();
      const later = succeeded(await world.kit.execute('get_topic_messages_query_tool', { topicId, startTime: future }));
      expect(later.messages).to.deep.equal([]);
      const seconds = Number(all[0].consensusTimestamp.split('.')[0]);
      const upTo = succeeded(await world.kit.execute('get_topic_messages_query_tool', { topicId, endTime: new Date((seconds - 1) * 1000).toISOString() }));
      expect(upTo.messages).to.deep.equal([]);
    });
  });

  describe('when reading a token', () => {
    it('returns its definition with decimals as a number and the supply in both units', async () => {
      const result = await world.kit.execute('get_token_info_query_tool', { tokenId });
      const raw = succeeded(result);
      expect(raw).to.include({ tokenId, name: 'Copper', symbol: 'CU', type: 'FUNGIBLE_COMMON', decimals: 2, totalSupply: '123456', displayTotalSupply: '1234.56', treasuryAccountId: alice.accountId });
      expect(result.humanMessage).to.contain('fungible token with 2 decimals');
    });
  });

  describe('when reading a transaction record', () => {
    it('returns status, memo and the HBAR moved, from the ID a tool returned', async () => {
      const result = await world.kit.execute('get_transaction_record_query_tool', { transactionId: transferId });
      const raw = succeeded(result);
      expect(raw).to.include({ type: 'CRYPTOTRANSFER', result: 'SUCCESS', memo: 'tip' });
      expect(raw.transfers).to.deep.include({ accountId: alice.accountId, amountHbar: '0.5', isApproval: false });
      expect(result.humanMessage).to.contain(`${alice.accountId} +0.5 HBAR`);
    });

    it('accepts the mirror form of the ID and reports failed transactions with their status', async () => {
      const poor = await world.actor(1);
      // The operator pays (so precheck passes); the poor account's debit fails at consensus.
      const tx = await new TransferTransaction().addHbarTransfer(poor.accountId, new Hbar(-5)).addHbarTransfer(alice.accountId, new Hbar(5))
        .freezeWith(world.client).sign(poor.privateKey);
      const response = await tx.execute(world.client);
      const failedId = response.transactionId.toString();
      const receipt = await response.getReceipt(world.client).then(() => 'SUCCESS', (error: { status?: unknown }) => String(error.status));
      expect(receipt).to.equal('INSUFFICIENT_ACCOUNT_BALANCE');
      const [account, time] = failedId.split('@');
      const [seconds, nanos] = time.split('.');
      const raw = succeeded(await world.kit.execute('get_transaction_record_query_tool', { transactionId: `${account}-${seconds}-${nanos}` }));
      expect(raw.result).to.equal('INSUFFICIENT_ACCOUNT_BALANCE');
    });
  });

  describe('when reading pending airdrops', () => {
    it('lists each unclaimed airdrop with its token symbol, the amount in both units or the NFT serial', async () => {
      const result = await world.kit.execute('get_pending_airdrop_tool', { accountId: carol.accountId });
      const raw = succeeded(result);
      expect(raw.accountId).to.equal(carol.accountId);
      expect(raw.complete).to.equal(true);
      const lines = raw.airdrops as { tokenId: string; sentAt: string }[];
      expect(lines.map(({ sentAt: _, ...line }) => line)).to.have.deep.members([
        { senderId: alice.accountId, tokenId, symbol: 'CU', decimals: 2, serialNumber: null, amount: '20', displayAmount: '0.2' },
        { senderId: minter.accountId, tokenId: nftId, symbol: 'MOON', decimals: 0, serialNumber: 1, amount: null, displayAmount: null },
      ]);
      // The airdrops the mirror lists, each sent when its airdrop transaction reached consensus (to the millisecond).
      const mirrored = await world.mirror.getJson<{ airdrops: { token_id: string; timestamp: { from: string } }[] }>(`/accounts/${carol.accountId}/airdrops/pending`, 'airdrops');
      expect(mirrored.airdrops.map((a) => a.token_id)).to.have.members([tokenId, nftId]);
      for (const line of lines) {
        const [seconds, nanos] = mirrored.airdrops.find((a) => a.token_id === line.tokenId)!.timestamp.from.split('.');
        expect(Date.parse(line.sentAt), line.tokenId).to.equal(Number(seconds) * 1000 + Number(nanos!.slice(0, 3)));
      }
      expect(result.humanMessage).to.contain(`has 2 pending airdrop(s) to claim`).and.contain(`0.2 CU (${tokenId}) from ${alice.accountId}`).and.contain(`NFT MOON (${nftId}) serial 1 from ${minter.accountId}`);
    });

    it("defaults to the agent's own account, and says when there are none", async () => {
      expect(succeeded(await carol.kit.execute('get_pending_airdrop_tool', {})).accountId).to.equal(carol.accountId);
      const none = await alice.kit.execute('get_pending_airdrop_tool', {});
      expect(succeeded(none).airdrops).to.deep.equal([]);
      expect(none.humanMessage).to.equal(`Account ${alice.accountId} has no pending airdrops.`);
    });

    it('reports an unknown account as not found', async () => {
      const result = await world.kit.execute('get_pending_airdrop_tool', { accountId: '0.0.424242' });
      expect(result.raw.errorCode).to.equal('E_MIRROR_NOT_FOUND');
    });
  });

  describe('when reading the exchange rate', () => {
    type MirrorRates = { current_rate: { cent_equivalent: number; hbar_equivalent: number; expiration_time: number }; next_rate: { expiration_time: number }; timestamp: string };
    const mirrorRates = (query = '') => world.mirror.getJson<MirrorRates>(`/network/exchangerate${query}`, 'rates');

    it('returns the current and next rate the mirror publishes, in US dollars per HBAR with their expiry', async () => {
      const result = await world.kit.execute('get_exchange_rate_tool', {});
      const raw = succeeded(result);
      const mirrored = await mirrorRates();
      const current = raw.currentRate as Record<string, unknown>;
      expect(current).to.deep.equal({
        hbarEquivalent: mirrored.current_rate.hbar_equivalent,
        centEquivalent: mirrored.current_rate.cent_equivalent,
        usdPerHbar: mirrored.current_rate.cent_equivalent / 100 / mirrored.current_rate.hbar_equivalent,
        expirationTime: mirrored.current_rate.expiration_time,
        expiresAt: new Date(mirrored.current_rate.expiration_time * 1000).toISOString(),
      });
      expect((raw.nextRate as { expirationTime: number }).expirationTime).to.equal(mirrored.next_rate.expiration_time);
      expect(result.humanMessage).to.contain(`1 HBAR is ${String(current.usdPerHbar)} USD`).and.contain(`until ${String(current.expiresAt)}`);
    });

    it('returns the rates in force at a past timestamp, bare or with an operator, as the mirror answers for it', async () => {
      const latest = succeeded(await world.kit.execute('get_exchange_rate_tool', {}));
      const past = succeeded(await world.kit.execute('get_exchange_rate_tool', { timestamp: '1700000000.5' }));
      const mirrored = await mirrorRates('?timestamp=1700000000.5');
      expect(past.timestamp).to.equal(mirrored.timestamp);
      expect(past.asOf).to.equal('2023-11-14T22:13:20.500Z');
      expect((past.currentRate as { expirationTime: number }).expirationTime).to.equal(mirrored.current_rate.expiration_time)
        .and.be.lessThan((latest.currentRate as { expirationTime: number }).expirationTime);
      const withOperator = succeeded(await world.kit.execute('get_exchange_rate_tool', { timestamp: 'lte:1700000000.5' }));
      expect(withOperator.currentRate).to.deep.equal(past.currentRate);
    });
  });

  describe('when the kit is in RETURN_BYTES mode', () => {
    it('still answers queries, since they submit nothing', async () => {
      const kit = await world.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: alice.accountId });
      const raw = succeeded(await kit.execute('get_hbar_balance_query_tool', {}));
      expect(raw.accountId).to.equal(alice.accountId);
      expect(raw.bytes).to.equal(undefined);
    });

    it('answers pending airdrops for the account it prepares for, and the exchange rate', async () => {
      const kit = await world.kitWith({ mode: AgentMode.RETURN_BYTES, accountId: carol.accountId });
      const airdrops = succeeded(await kit.execute('get_pending_airdrop_tool', {}));
      expect([airdrops.accountId, (airdrops.airdrops as unknown[]).length, airdrops.bytes]).to.deep.equal([carol.accountId, 2, undefined]);
      const rates = succeeded(await kit.execute('get_exchange_rate_tool', {}));
      expect([typeof (rates.currentRate as { usdPerHbar: unknown }).usdPerHbar, rates.bytes]).to.deep.equal(['number', undefined]);
    });
  });
});
