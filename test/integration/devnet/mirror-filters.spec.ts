import { expect } from 'chai';
import { AccountAllowanceApproveTransaction, Hbar, NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { checkedGet } from '../../support/mirror-checked.js';
import { buildMirrorWorld, NFT_SERIALS_EACH, type MirrorWorld } from '../../support/mirror-world.js';

type Item = Record<string, any>;
const num = (id: string) => Number(id.split('.')[2]);
const byNum = (ids: string[]) => [...ids].sort((a, b) => num(a) - num(b));

describe('devnet mirror: documented filters', function () {
  this.timeout(60_000);
  let w: MirrorWorld;
  const get = (path: string, status = 200) => checkedGet(w.net.mirrorUrl, `/api/v1${path}`, status);

  before(async () => {
    w = await buildMirrorWorld(30);
    // A single-serial NFT allowance (nft.spender) and a transfer that fails at consensus.
    await (await new AccountAllowanceApproveTransaction().approveTokenNftAllowance(new NftId(TokenId.fromString(w.nftTokens[0]), 3), w.operator, w.holders[1])
      .execute(w.client)).getReceipt(w.client);
    const failing = await new TransferTransaction().addHbarTransfer(w.holders[2], new Hbar(-5)).addHbarTransfer(w.operator, new Hbar(5))
      .freezeWith(w.client).sign(w.holderKey);
    await (await failing.execute(w.client)).getReceipt(w.client).catch(() => undefined);
  });
  after(async () => { await w?.stop(); });

  describe('when listing accounts and balances', () => {
    it('filters /accounts by account.id range, account.balance, account.publickey and balance=false', async () => {
      const sorted = byNum(w.holders);
      const range = await get(`/accounts?account.id=gte:${sorted[5]}&account.id=lte:${sorted[9]}`);
      expect(range.accounts.map((a: Item) => a.account)).to.deep.equal(sorted.slice(5, 10));
      // Above 1,000 HBAR: the fee collector (0.0.98) holds tens of HBAR of the world's fees and gas.
      const rich = await get('/accounts?account.balance=gt:100000000000');
      expect(rich.accounts.map((a: Item) => a.account)).to.deep.equal(['0.0.2']);
      const keyed = await get(`/accounts?account.publickey=${w.holderKey.publicKey.toStringRaw()}&limit=100`);
      expect(keyed.accounts.map((a: Item) => a.account)).to.deep.equal(sorted);
      const bare = await get('/accounts?balance=false&limit=3');
      expect(bare.accounts.map((a: Item) => a.balance)).to.deep.equal([null, null, null]);
    });

    it('filters /balances by account.id (also as EVM address), account.balance and public key', async () => {
      const one = await get(`/balances?account.id=${w.holders[4]}`);
      expect(one.balances).to.deep.equal([{ account: w.holders[4], balance: 100_000_000, tokens: [{ token_id: w.coin, balance: 10 }] }]);
      const evm = `0x${num(w.holders[4]).toString(16).padStart(40, '0')}`;
      expect((await get(`/balances?account.id=${evm}`)).balances).to.deep.equal(one.balances);
      const exact = await get('/balances?account.balance=gte:100000000&account.balance=lt:100000001&limit=100');
      expect(exact.balances.map((b: Item) => b.account)).to.have.members([...w.holders, w.receiver, w.receiver2]);
      const keyed = await get(`/balances?account.publickey=${w.holderKey.publicKey.toStringDer()}&limit=100`);
      expect(keyed.balances).to.have.length(w.holders.length);
    });

    it('answers /balances and /tokens/{id}/balances as of a timestamp', async () => {
      const created = (await get(`/accounts/${w.receiver2}`)).created_timestamp as string;
      const before = await get(`/balances?account.id=${w.receiver2}&timestamp=lt:${created}`);
      expect(before.balances).to.deep.equal([]);
      const at = await get(`/balances?account.id=${w.receiver2}&timestamp=${created}`);
      expect(at.timestamp).to.equal(created);
      expect(at.balances[0].balance).to.equal(100_000_000);
      const coinCreated = (await get(`/tokens/${w.coin}`)).created_timestamp as string;
      const early = await get(`/tokens/${w.coin}/balances?timestamp=lte:${coinCreated}`);
      expect(early.balances).to.deep.equal([{ account: w.operator, balance: 1_000_000, decimals: 2 }]);
      const now = await get(`/tokens/${w.coin}/balances?account.balance=gt:10`);
      expect(now.balances.map((b: Item) => b.account)).to.deep.equal([w.operator]);
      expect((await get(`/tokens/${w.coin}/balances?account.id=${w.holders[4]}`)).balances).to.deep.equal([{ account: w.holders[4], balance: 10, decimals: 2 }]);
    });
  });

  describe('when reading one account', () => {
    it('filters its transactions by transactiontype and timestamp, and leaves them out on request', async () => {
      const mints = await get(`/accounts/${w.operator}?transactiontype=tokenmint&limit=100`);
      expect(mints.transactions).to.have.length(3 + 9);
      expect(new Set(mints.transactions.map((t: Item) => t.name))).to.deep.equal(new Set(['TOKENMINT']));
      const none = await get(`/accounts/${w.operator}?transactions=false`);
      expect(none.transactions).to.deep.equal([]);
      expect(none.links.next).to.equal(null);
      const created = (await get(`/accounts/${w.receiver2}`)).created_timestamp as string;
      const earlier = await get(`/accounts/${w.operator}?timestamp=lt:${created}&limit=100`);
      expect(earlier.transactions.every((t: Item) => t.consensus_timestamp < created)).to.equal(true);
      expect(earlier.balance.balance).to.be.greaterThan(none.balance.balance);
      await get(`/accounts/${w.receiver2}?timestamp=lt:${created}`, 404);
    });

    it('filters its NFTs by token.id, the token.id + serialnumber pair and spender.id', async () => {
      expect((await get(`/accounts/${w.operator}/nfts?token.id=${w.nftTokens[1]}`)).nfts).to.have.length(NFT_SERIALS_EACH);
      const after = await get(`/accounts/${w.operator}/nfts?token.id=gte:${w.nftTokens[0]}&serialnumber=gt:25&order=asc&limit=100`);
      const larger = w.nftTokens.filter((t) => num(t) > num(w.nftTokens[0]));
      expect(after.nfts).to.have.length(5 + larger.length * NFT_SERIALS_EACH);
      expect(after.nfts.slice(0, 5).map((n: Item) => n.serial_number)).to.deep.equal([26, 27, 28, 29, 30]);
      const spent = await get(`/accounts/${w.operator}/nfts?spender.id=${w.holders[1]}`);
      expect(spent.nfts.map((n: Item) => [n.token_id, n.serial_number, n.spender])).to.deep.equal([[w.nftTokens[0], 3, w.holders[1]]]);
      expect(await get(`/accounts/${w.operator}/nfts?serialnumber=gt:3`, 400)).to.deep.equal({
        _status: { messages: [{ message: 'Invalid parameter: serialnumber', detail: 'a gt/gte serialnumber needs token.id with eq or gte' }] },
      });
    });

    it('filters its token relationships by token.id', async () => {
      const sorted = byNum([...w.fungibles, ...w.nftTokens]);
      const page = await get(`/accounts/${w.operator}/tokens?token.id=gt:${sorted[29]}&limit=100`);
      expect(page.tokens.map((t: Item) => t.token_id)).to.deep.equal(sorted.slice(30));
    });

    it('filters airdrops by sender.id, receiver.id, token.id and serialnumber', async () => {
      const fromHolder = await get(`/accounts/${w.receiver}/airdrops/pending?sender.id=${w.holders[0]}`);
      expect(fromHolder.airdrops).to.deep.equal([{
        amount: 2, receiver_id: w.receiver, sender_id: w.holders[0], serial_number: null, timestamp: fromHolder.airdrops[0].timestamp, token_id: w.coin,
      }]);
      const nft = await get(`/accounts/${w.receiver}/airdrops/pending?token.id=${w.nftTokens[1]}`);
      expect(nft.airdrops.map((a: Item) => [a.serial_number, a.amount])).to.deep.equal([[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]);
      const low = await get(`/accounts/${w.receiver}/airdrops/pending?token.id=${w.nftTokens[0]}&serialnumber=lte:4`);
      expect(low.airdrops.map((a: Item) => a.serial_number)).to.deep.equal([1, 2, 3, 4]);
      const second = await get(`/accounts/${w.operator}/airdrops/outstanding?receiver.id=${w.receiver2}`);
      expect(second.airdrops.map((a: Item) => a.token_id)).to.deep.equal(byNum(w.fungibles.slice(1, 11)));
    });

    it('filters allowances by spender.id, token.id, account.id and owner', async () => {
      const crypto = await get(`/accounts/${w.operator}/allowances/crypto?spender.id=${w.holders[2]}`);
      expect(crypto.allowances.map((a: Item) => [a.spender, a.amount])).to.have.length(1);
      const tokens = await get(`/accounts/${w.operator}/allowances/tokens?spender.id=${w.holders[0]}`);
      expect(tokens.allowances.map((a: Item) => a.token_id)).to.deep.equal(byNum(w.fungibles.slice(0, 10)));
      const sortedTen = byNum(w.fungibles.slice(0, 10));
      const tail = await get(`/accounts/${w.operator}/allowances/tokens?spender.id=${w.holders[0]}&token.id=gt:${sortedTen[6]}`);
      expect(tail.allowances.map((a: Item) => a.token_id)).to.deep.equal(sortedTen.slice(7));
      const nfts = await get(`/accounts/${w.operator}/allowances/nfts?account.id=${w.holders[0]}&token.id=${w.nftTokens[2]}`);
      expect(nfts.allowances.map((a: Item) => [a.owner, a.spender, a.token_id])).to.deep.equal([[w.operator, w.holders[0], w.nftTokens[2]]]);
      const granted = await get(`/accounts/${w.holders[0]}/allowances/nfts?owner=false`);
      expect(granted.allowances.map((a: Item) => a.token_id)).to.deep.equal(byNum(w.nftTokens));
      expect(new Set(granted.allowances.map((a: Item) => a.owner))).to.deep.equal(new Set([w.operator]));
    });
  });

  describe('when listing tokens, NFTs and messages', () => {
    it('filters /tokens by type, name, account.id and publickey', async () => {
      const nfts = await get('/tokens?type=NON_FUNGIBLE_UNIQUE');
      expect(nfts.tokens.map((t: Item) => t.token_id)).to.deep.equal(byNum(w.nftTokens));
      expect((await get('/tokens?type=fungible_common&limit=100')).tokens).to.have.length(w.fungibles.length);
      const named = await get('/tokens?name=collection&limit=3');
      expect(named.tokens).to.have.length(3);
      expect(named.links.next).to.equal(null);
      expect((await get(`/tokens?account.id=${w.holders[3]}`)).tokens.map((t: Item) => t.token_id)).to.deep.equal([w.coin]);
      const owned = await get(`/tokens?publickey=${w.net.operatorKey.publicKey.toStringRaw()}&limit=100`);
      expect(owned.tokens).to.have.length(w.fungibles.length + w.nftTokens.length);
      await get('/tokens?name=co', 400);
      await get(`/tokens?name=coll&token.id=${w.coin}`, 400);
    });

    it('hides a token before it was created and finds one NFT by serial', async () => {
      const created = (await get(`/tokens/${w.coin}`)).created_timestamp as string;
      await get(`/tokens/${w.coin}?timestamp=lt:${created}`, 404);
      expect((await get(`/tokens/${w.coin}?timestamp=lte:${created}`)).token_id).to.equal(w.coin);
      expect((await get(`/tokens/${w.nftTokens[0]}/nfts/3`)).spender).to.equal(w.holders[1]);
      await get(`/tokens/${w.nftTokens[0]}/nfts/999`, 404);
      await get(`/tokens/${w.nftTokens[0]}/nfts/0`, 400);
    });

    it('filters /tokens/{id}/nfts by account.id and serialnumber ranges', async () => {
      expect((await get(`/tokens/${w.nftTokens[0]}/nfts?account.id=${w.operator}&limit=100`)).nfts).to.have.length(30);
      expect((await get(`/tokens/${w.nftTokens[0]}/nfts?account.id=${w.receiver}`)).nfts).to.deep.equal([]);
      const window = await get(`/tokens/${w.nftTokens[0]}/nfts?serialnumber=gte:10&serialnumber=lt:20&order=asc`);
      expect(window.nfts.map((n: Item) => n.serial_number)).to.deep.equal([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    });

    it('filters topic messages by sequencenumber and timestamp and decodes utf-8 on request', async () => {
      const last = await get(`/topics/${w.topic}/messages?sequencenumber=gt:25`);
      expect(last.messages.map((m: Item) => m.sequence_number)).to.deep.equal([26, 27, 28, 29, 30]);
      const all = await get(`/topics/${w.topic}/messages?limit=100`);
      const [from, to] = [all.messages[9].consensus_timestamp, all.messages[11].consensus_timestamp];
      const window = await get(`/topics/${w.topic}/messages?timestamp=gte:${from}&timestamp=lte:${to}&encoding=utf-8`);
      expect(window.messages.map((m: Item) => m.sequence_number)).to.deep.equal([10, 11, 12]);
      expect(window.messages[0].message).to.match(/^message \d+$/);
    });
  });

  describe('when listing transactions and network data', () => {
    it('filters /transactions by account.id, type, transactiontype and result', async () => {
      const created = await get(`/transactions?account.id=${w.receiver2}`);
      expect(created.transactions.map((t: Item) => t.name)).to.deep.equal(['CRYPTOCREATEACCOUNT']);
      expect((await get(`/transactions?account.id=${w.receiver2}&type=credit`)).transactions).to.have.length(1);
      expect((await get(`/transactions?account.id=${w.receiver2}&type=debit`)).transactions).to.deep.equal([]);
      const airdrops = await get('/transactions?transactiontype=TOKENAIRDROP&limit=100');
      expect(airdrops.transactions.length).to.be.greaterThan(3);
      const failed = await get('/transactions?result=fail');
      expect(failed.transactions.map((t: Item) => t.result)).to.deep.equal(['INSUFFICIENT_ACCOUNT_BALANCE']);
    });

    it('filters /network/nodes by node.id and file.id, and answers supply, fees and schedules', async () => {
      expect((await get('/network/nodes?node.id=0')).nodes).to.have.length(1);
      expect((await get('/network/nodes?node.id=gt:0')).nodes).to.deep.equal([]);
      expect((await get('/network/nodes?file.id=0.0.101')).nodes[0].file_id).to.equal('0.0.101');
      expect((await get('/network/nodes?file.id=0.0.5')).nodes).to.deep.equal([]);
      const supply = await get('/network/supply');
      expect(supply).to.include({ total_supply: '5000000000000000', released_supply: '5000000000000000' });
      await get('/network/supply?timestamp=lt:1', 404);
      const fees = await get('/network/fees?order=desc');
      expect(fees.fees.map((f: Item) => f.transaction_type)).to.deep.equal(['EthereumTransaction', 'ContractCreate', 'ContractCall']);
      const schedules = byNum(w.schedules);
      const mine = await get(`/schedules?account.id=${w.operator}&schedule.id=gt:${schedules[0]}&limit=100`);
      expect(mine.schedules.map((s: Item) => s.schedule_id)).to.deep.equal(schedules.slice(1));
      expect(await get(`/schedules?account.id=${w.holders[0]}`)).to.deep.equal({ schedules: [], links: { next: null } });
      await get('/schedules/0.0.5', 404);
    });
  });
});
