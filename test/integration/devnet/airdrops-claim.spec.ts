import { expect } from 'chai';
import {
  AccountCreateTransaction, AccountId, CustomFixedFee, CustomRoyaltyFee, Hbar, NftId, PendingAirdropId, PrivateKey, TokenAirdropTransaction,
  TokenCancelAirdropTransaction, TokenClaimAirdropTransaction, TokenId, TokenNftInfoQuery, type TransactionRecord,
} from '@hiero-ledger/sdk';
import { sendTokens, TokenBench, type Holder } from '../../support/token-bench.js';

/** [sender, receiver, token or NFT, amount] of each pending airdrop a record lists. */
function pendingOf(record: TransactionRecord): Array<[string, string, string, number]> {
  return record.newPendingAirdrops.map(({ airdropId, amount }) => [
    String(airdropId.senderId), String(airdropId.receiverId), String(airdropId.tokenId ?? airdropId.nftId), amount.toNumber(),
  ]);
}

const fungibleId = (sender: string, receiver: string, tokenId: string) =>
  new PendingAirdropId({ senderId: AccountId.fromString(sender), receiverId: AccountId.fromString(receiver), tokenId: TokenId.fromString(tokenId) });
const nftAirdropId = (sender: string, receiver: string, tokenId: string, serial: number) =>
  new PendingAirdropId({ senderId: AccountId.fromString(sender), receiverId: AccountId.fromString(receiver), nftId: new NftId(TokenId.fromString(tokenId), serial) });

describe('devnet airdrops: pending records, claims and cancels', () => {
  let bench: TokenBench;

  before(async () => { bench = await TokenBench.start(); });
  after(async () => { await bench.stop(); });

  const airdrop = (tokenId: string, from: string, to: string, amount: number) =>
    new TokenAirdropTransaction().addTokenTransfer(tokenId, from, -amount).addTokenTransfer(tokenId, to, amount);
  const airdropNft = (tokenId: string, serial: number, from: string, to: string) => new TokenAirdropTransaction().addNftTransfer(tokenId, serial, from, to);
  const claim = (...ids: PendingAirdropId[]) => new TokenClaimAirdropTransaction().setPendingAirdropIds(ids);
  const cancel = (...ids: PendingAirdropId[]) => new TokenCancelAirdropTransaction().setPendingAirdropIds(ids);
  const pendingFor = async (holder: Holder) => (await bench.mirror(`/accounts/${holder.accountId}/airdrops/pending`)).airdrops;

  describe('when an airdrop cannot be delivered', () => {
    it('lists the pending airdrop in the record, with the amount now pending in total', async () => {
      const coin = await bench.fungible();
      const art = await bench.nft(undefined, 2);
      const receiver = await bench.holder();
      const first = await bench.record(airdrop(coin, bench.operator, receiver.accountId, 25));
      expect(pendingOf(first)).to.deep.equal([[bench.operator, receiver.accountId, coin, 25]]);
      expect(first.tokenTransfers.get(coin)).to.equal(null);
      const second = await bench.record(airdrop(coin, bench.operator, receiver.accountId, 5));
      expect(pendingOf(second)).to.deep.equal([[bench.operator, receiver.accountId, coin, 30]]);
      const nft = await bench.record(airdropNft(art, 2, bench.operator, receiver.accountId));
      expect(pendingOf(nft)).to.deep.equal([[bench.operator, receiver.accountId, `${art}/2`, 0]]);
      expect(await bench.failure(airdropNft(art, 2, bench.operator, receiver.accountId))).to.equal('PENDING_NFT_AIRDROP_ALREADY_EXISTS');
      expect((await pendingFor(receiver)).map((entry: any) => [entry.token_id, entry.amount, entry.serial_number])).to.deep.equal([[coin, 30, null], [art, 0, 2]]);
    });

    it('keeps it pending for a receiver that requires its signature and did not sign', async () => {
      const coin = await bench.fungible();
      const key = PrivateKey.generateED25519();
      const create = new AccountCreateTransaction().setKeyWithoutAlias(key.publicKey).setReceiverSignatureRequired(true).setMaxAutomaticTokenAssociations(-1);
      const guarded = (await bench.run(create, [key])).accountId!.toString();
      const record = await bench.record(airdrop(coin, bench.operator, guarded, 3));
      expect(pendingOf(record)).to.deep.equal([[bench.operator, guarded, coin, 3]]);
      expect(await bench.balance(guarded, coin)).to.equal(undefined);
      const signed = await bench.record(airdrop(coin, bench.operator, guarded, 4), [key]);
      expect(signed.newPendingAirdrops).to.deep.equal([]);
      expect(await bench.balance(guarded, coin)).to.equal(4);
    });
  });

  describe('when the receiver claims', () => {
    it('moves the tokens from the sender, associating the receiver, and forgets the pending airdrop', async () => {
      const coin = await bench.fungible(undefined, 1000);
      const art = await bench.nft(undefined, 1);
      const receiver = await bench.holder();
      await bench.run(airdrop(coin, bench.operator, receiver.accountId, 40));
      await bench.run(airdropNft(art, 1, bench.operator, receiver.accountId));
      const ids = [fungibleId(bench.operator, receiver.accountId, coin), nftAirdropId(bench.operator, receiver.accountId, art, 1)];
      expect(await bench.failure(claim(...ids))).to.equal('INVALID_SIGNATURE');
      const record = await bench.record(claim(...ids), [receiver.privateKey]);
      expect(record.tokenTransfers.get(coin)!.get(receiver.accountId)!.toNumber()).to.equal(40);
      expect(await bench.balance(receiver.accountId, coin)).to.equal(40);
      expect(await bench.balance(bench.operator, coin)).to.equal(960);
      const [nft] = await new TokenNftInfoQuery().setNftId(new NftId(TokenId.fromString(art), 1)).execute(bench.client);
      expect(nft.accountId.toString()).to.equal(receiver.accountId);
      expect(await pendingFor(receiver)).to.deep.equal([]);
      expect((await bench.mirror(`/accounts/${bench.operator}/airdrops/outstanding?receiver.id=${receiver.accountId}`)).airdrops).to.deep.equal([]);
      expect(await bench.failure(claim(ids[0]), [receiver.privateKey])).to.equal('INVALID_PENDING_AIRDROP_ID');
    });

    it('fails when the sender no longer holds what it airdropped', async () => {
      const coin = await bench.fungible();
      const sender = await bench.funded(10, coin);
      const receiver = await bench.holder();
      await bench.run(airdrop(coin, sender.accountId, receiver.accountId, 10), [sender.privateKey]);
      expect(await bench.balance(sender.accountId, coin)).to.equal(10);
      await bench.run(sendTokens(coin, sender.accountId, bench.operator, 6), [sender.privateKey]);
      expect(await bench.failure(claim(fungibleId(sender.accountId, receiver.accountId, coin)), [receiver.privateKey])).to.equal('INSUFFICIENT_TOKEN_BALANCE');
      expect(await pendingFor(receiver)).to.have.length(1);
    });

    it('pays no custom fee: the airdrop paid it up front', async () => {
      const collector = await bench.holder([], 1);
      const fee = new CustomFixedFee().setHbarAmount(Hbar.fromTinybars(500)).setFeeCollectorAccountId(collector.accountId);
      const coin = await bench.fungible((tx) => tx.setCustomFees([fee]).setFeeScheduleKey(bench.operatorKey.publicKey));
      const sender = await bench.funded(10, coin);
      const receiver = await bench.holder();
      const dropped = await bench.record(airdrop(coin, sender.accountId, receiver.accountId, 10), [sender.privateKey]);
      expect(dropped.assessedCustomFees.map((entry) => [entry.amount!.toNumber(), String(entry.payerAccountIds)])).to.deep.equal([[500, sender.accountId]]);
      const claimed = await bench.record(claim(fungibleId(sender.accountId, receiver.accountId, coin)), [receiver.privateKey]);
      expect(claimed.assessedCustomFees).to.deep.equal([]);
      expect(await bench.balance(receiver.accountId, coin)).to.equal(10);
      expect(await bench.tinybars(collector.accountId)).to.equal(100_000_000 + 500);
    });

    it('refuses airdrops of NFTs whose royalty has a fallback fee', async () => {
      const royalty = new CustomRoyaltyFee().setNumerator(1).setDenominator(20).setFallbackFee(new CustomFixedFee().setHbarAmount(Hbar.fromTinybars(1)))
        .setFeeCollectorAccountId(bench.operator);
      const art = await bench.nft((tx) => tx.setCustomFees([royalty]), 1);
      const receiver = await bench.holder();
      expect(await bench.failure(airdropNft(art, 1, bench.operator, receiver.accountId))).to.equal('TOKEN_AIRDROP_WITH_FALLBACK_ROYALTY');
    });
  });

  describe('when the sender cancels', () => {
    it('drops the pending airdrop without moving anything; only the sender can', async () => {
      const coin = await bench.fungible();
      const sender = await bench.funded(10, coin);
      const receiver = await bench.holder();
      await bench.run(airdrop(coin, sender.accountId, receiver.accountId, 7), [sender.privateKey]);
      const id = fungibleId(sender.accountId, receiver.accountId, coin);
      expect(await bench.failure(cancel(id), [receiver.privateKey])).to.equal('INVALID_SIGNATURE');
      await bench.run(cancel(id), [sender.privateKey]);
      expect(await pendingFor(receiver)).to.deep.equal([]);
      expect(await bench.balance(sender.accountId, coin)).to.equal(10);
      expect(await bench.failure(claim(id), [receiver.privateKey])).to.equal('INVALID_PENDING_AIRDROP_ID');
      expect(await bench.failure(cancel(id), [sender.privateKey])).to.equal('INVALID_PENDING_AIRDROP_ID');
      expect(await bench.precheck(cancel(id, id), [sender.privateKey])).to.equal('PENDING_AIRDROP_ID_REPEATED');
    });
  });
});
