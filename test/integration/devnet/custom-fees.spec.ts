import { expect } from 'chai';
import {
  CustomFixedFee, CustomFractionalFee, CustomRoyaltyFee, FeeAssessmentMethod, Hbar, PrivateKey, TokenFeeScheduleUpdateTransaction,
  TokenInfoQuery, TransferTransaction, type CustomFee, type TokenCreateTransaction, type TransactionRecord,
} from '@hiero-ledger/sdk';
import { sendNft, sendTokens, TokenBench, type Holder } from '../../support/token-bench.js';

/** [amount, token or 'HBAR', collector, payers] of each assessed fee in a record, in the record's order. */
function assessed(record: TransactionRecord): Array<[number, string, string, string[]]> {
  return record.assessedCustomFees.map((fee) => [
    fee.amount!.toNumber(), fee.tokenId?.toString() ?? 'HBAR', fee.feeCollectorAccountId!.toString(), (fee.payerAccountIds ?? []).map(String),
  ]);
}

describe('devnet custom fees: schedules, charging and assessed fees', () => {
  let bench: TokenBench;
  let collector: Holder;

  before(async () => {
    bench = await TokenBench.start();
    collector = await bench.holder([], 1);
  });
  after(async () => { await bench.stop(); });

  const hbarFee = (tinybars: number, to: Holder = collector) => new CustomFixedFee().setHbarAmount(Hbar.fromTinybars(tinybars)).setFeeCollectorAccountId(to.accountId);
  const withFees = (fees: CustomFee[]) => (tx: TokenCreateTransaction) => tx.setCustomFees(fees).setFeeScheduleKey(bench.operatorKey.publicKey);

  describe('when a fixed fee is charged', () => {
    it('takes HBAR from every sender but the treasury and records the fee', async () => {
      const tokenId = await bench.fungible(withFees([hbarFee(1_000)]));
      const alice = await bench.funded(100, tokenId);
      const bob = await bench.holder([tokenId]);
      const collectorBefore = await bench.tinybars(collector.accountId);
      const aliceBefore = await bench.tinybars(alice.accountId);
      const record = await bench.record(sendTokens(tokenId, alice.accountId, bob.accountId, 10), [alice.privateKey]);
      expect(assessed(record)).to.deep.equal([[1_000, 'HBAR', collector.accountId, [alice.accountId]]]);
      expect(await bench.tinybars(collector.accountId)).to.equal(collectorBefore + 1_000);
      expect(await bench.tinybars(alice.accountId)).to.equal(aliceBefore - 1_000);
      expect(await bench.balance(bob.accountId, tokenId)).to.equal(10);
      const fromTreasury = await bench.record(sendTokens(tokenId, bench.operator, bob.accountId, 5));
      expect(fromTreasury.assessedCustomFees).to.deep.equal([]);
      const [payer, start] = record.transactionId.toString().split('@');
      const { transactions: [detail] } = await bench.mirror(`/transactions/${payer}-${start.replace('.', '-')}`);
      expect(detail.assessed_custom_fees).to.deep.equal([{ amount: 1_000, collector_account_id: collector.accountId, effective_payer_account_ids: [alice.accountId], token_id: null }]);
      expect(detail.transfers).to.deep.include({ account: collector.accountId, amount: 1_000, is_approval: false });
    });

    it('takes a fee in another token from the sender, who must hold and be associated with it', async () => {
      const feeToken = await bench.fungible();
      await bench.associate(collector, feeToken);
      const tokenId = await bench.fungible(withFees([new CustomFixedFee().setAmount(7).setDenominatingTokenId(feeToken).setFeeCollectorAccountId(collector.accountId)]));
      const payer = await bench.funded(100, tokenId, feeToken);
      const receiver = await bench.holder([tokenId]);
      const record = await bench.record(sendTokens(tokenId, payer.accountId, receiver.accountId, 20), [payer.privateKey]);
      expect(assessed(record)).to.deep.equal([[7, feeToken, collector.accountId, [payer.accountId]]]);
      expect(await bench.balance(payer.accountId, feeToken)).to.equal(93);
      expect(await bench.balance(collector.accountId, feeToken)).to.equal(7);
      const unassociated = await bench.funded(100, tokenId);
      expect(await bench.failure(sendTokens(tokenId, unassociated.accountId, receiver.accountId, 1), [unassociated.privateKey])).to.equal('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
      const poor = await bench.funded(5, tokenId, feeToken);
      expect(await bench.failure(sendTokens(tokenId, poor.accountId, receiver.accountId, 1), [poor.privateKey])).to.equal('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
      expect(await bench.balance(poor.accountId, tokenId)).to.equal(5);
    });

    it('spares collectors, and with all_collectors_are_exempt every collector of the token', async () => {
      const second = await bench.holder([], 1);
      const tokenId = await bench.fungible(withFees([hbarFee(100), hbarFee(50, second).setAllCollectorsAreExempt(true)]));
      await bench.associate(collector, tokenId);
      await bench.run(sendTokens(tokenId, bench.operator, collector.accountId, 10));
      const record = await bench.record(sendTokens(tokenId, collector.accountId, bench.operator, 1), [collector.privateKey]);
      expect(record.assessedCustomFees).to.deep.equal([]);
      const alice = await bench.funded(10, tokenId);
      const paid = await bench.record(sendTokens(tokenId, alice.accountId, collector.accountId, 1), [alice.privateKey]);
      expect(assessed(paid)).to.deep.equal([[100, 'HBAR', collector.accountId, [alice.accountId]], [50, 'HBAR', second.accountId, [alice.accountId]]]);
    });

    it('fails when the sender cannot pay an HBAR fee', async () => {
      const tokenId = await bench.fungible(withFees([hbarFee(5 * 100_000_000)]));
      const broke = await bench.holder([tokenId], 1);
      await bench.run(sendTokens(tokenId, bench.operator, broke.accountId, 10));
      const receiver = await bench.holder([tokenId]);
      expect(await bench.failure(sendTokens(tokenId, broke.accountId, receiver.accountId, 1), [broke.privateKey])).to.equal('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
      expect(await bench.balance(receiver.accountId, tokenId)).to.equal(0);
    });
  });

  describe('when a fractional fee is charged', () => {
    it('takes the fraction out of what receivers get, bounded by its minimum and maximum', async () => {
      const fee = new CustomFractionalFee().setNumerator(1).setDenominator(10).setMin(2).setMax(5).setFeeCollectorAccountId(collector.accountId);
      const tokenId = await bench.fungible(withFees([fee]), 1_000_000, [collector.privateKey]);
      expect(await bench.balance(collector.accountId, tokenId)).to.equal(0);
      const alice = await bench.funded(1000, tokenId);
      const bob = await bench.holder([tokenId]);
      const record = await bench.record(sendTokens(tokenId, alice.accountId, bob.accountId, 30), [alice.privateKey]);
      expect(assessed(record)).to.deep.equal([[3, tokenId, collector.accountId, [bob.accountId]]]);
      expect(await bench.balance(bob.accountId, tokenId)).to.equal(27);
      await bench.run(sendTokens(tokenId, alice.accountId, bob.accountId, 100), [alice.privateKey]);
      expect(await bench.balance(bob.accountId, tokenId)).to.equal(27 + 95);
      await bench.run(sendTokens(tokenId, alice.accountId, bob.accountId, 10), [alice.privateKey]);
      expect(await bench.balance(bob.accountId, tokenId)).to.equal(27 + 95 + 8);
      expect(await bench.balance(collector.accountId, tokenId)).to.equal(3 + 5 + 2);
      expect(await bench.balance(alice.accountId, tokenId)).to.equal(1000 - 140);
    });

    it('charges the sender on top when the fee is net of transfers', async () => {
      const fee = new CustomFractionalFee().setNumerator(1).setDenominator(10).setAssessmentMethod(FeeAssessmentMethod.Exclusive)
        .setFeeCollectorAccountId(collector.accountId);
      const tokenId = await bench.fungible(withFees([fee]), 1_000_000, [collector.privateKey]);
      const alice = await bench.funded(100, tokenId);
      const bob = await bench.holder([tokenId]);
      const record = await bench.record(sendTokens(tokenId, alice.accountId, bob.accountId, 50), [alice.privateKey]);
      expect(assessed(record)).to.deep.equal([[5, tokenId, collector.accountId, [alice.accountId]]]);
      expect(await bench.balance(alice.accountId, tokenId)).to.equal(45);
      expect(await bench.balance(bob.accountId, tokenId)).to.equal(50);
      expect(await bench.failure(sendTokens(tokenId, alice.accountId, bob.accountId, 45), [alice.privateKey])).to.equal('INSUFFICIENT_TOKEN_BALANCE');
    });
  });

  describe('when an NFT with a royalty fee changes hands', () => {
    it('takes the royalty from what the seller is paid, or the fallback fee from a receiver who pays nothing', async () => {
      const royalty = new CustomRoyaltyFee().setNumerator(1).setDenominator(10).setFallbackFee(new CustomFixedFee().setHbarAmount(Hbar.fromTinybars(200)))
        .setFeeCollectorAccountId(collector.accountId);
      const tokenId = await bench.nft((tx) => tx.setCustomFees([royalty]).setFeeScheduleKey(bench.operatorKey.publicKey), 1);
      const seller = await bench.holder([tokenId]);
      const buyer = await bench.holder([tokenId]);
      const friend = await bench.holder([tokenId]);
      await bench.run(sendNft(tokenId, 1, bench.operator, seller.accountId));
      const collectorBefore = await bench.tinybars(collector.accountId);
      const sellerBefore = await bench.tinybars(seller.accountId);
      const sale = new TransferTransaction().addNftTransfer(tokenId, 1, seller.accountId, buyer.accountId)
        .addHbarTransfer(buyer.accountId, Hbar.fromTinybars(-1_000)).addHbarTransfer(seller.accountId, Hbar.fromTinybars(1_000));
      const record = await bench.record(sale, [seller.privateKey, buyer.privateKey]);
      expect(assessed(record)).to.deep.equal([[100, 'HBAR', collector.accountId, [seller.accountId]]]);
      expect(await bench.tinybars(seller.accountId)).to.equal(sellerBefore + 900);
      const gift = () => sendNft(tokenId, 1, buyer.accountId, friend.accountId);
      expect(await bench.failure(gift(), [buyer.privateKey])).to.equal('INVALID_SIGNATURE');
      const friendBefore = await bench.tinybars(friend.accountId);
      const fallback = await bench.record(gift(), [buyer.privateKey, friend.privateKey]);
      expect(assessed(fallback)).to.deep.equal([[200, 'HBAR', collector.accountId, [friend.accountId]]]);
      expect(await bench.tinybars(friend.accountId)).to.equal(friendBefore - 200);
      expect(await bench.tinybars(collector.accountId)).to.equal(collectorBefore + 300);
      const { royalty_fees: [listed] } = (await bench.mirror(`/tokens/${tokenId}`)).custom_fees;
      expect(listed).to.deep.equal({ all_collectors_are_exempt: false, amount: { numerator: 1, denominator: 10 }, collector_account_id: collector.accountId,
        fallback_fee: { amount: 200, denominating_token_id: null } });
    });
  });

  describe('when fees are paid in tokens that charge fees themselves', () => {
    it('charges them too, up to two levels deep, and refuses a deeper chain', async () => {
      const key = bench.operatorKey.publicKey;
      const feeIn = (denomination: string) => [new CustomFixedFee().setAmount(1).setDenominatingTokenId(denomination).setFeeCollectorAccountId(collector.accountId)];
      const d = await bench.fungible();
      await bench.associate(collector, d);
      const c = await bench.fungible((tx) => tx.setCustomFees(feeIn(d)).setFeeScheduleKey(key));
      await bench.associate(collector, c);
      const b = await bench.fungible((tx) => tx.setCustomFees(feeIn(c)).setFeeScheduleKey(key));
      await bench.associate(collector, b);
      const shallow = await bench.fungible((tx) => tx.setCustomFees(feeIn(c)).setFeeScheduleKey(key));
      const deep = await bench.fungible((tx) => tx.setCustomFees(feeIn(b)).setFeeScheduleKey(key));
      const sender = await bench.funded(10, shallow, deep, b, c, d);
      const receiver = await bench.holder([shallow, deep]);
      const record = await bench.record(sendTokens(shallow, sender.accountId, receiver.accountId, 1), [sender.privateKey]);
      expect(assessed(record)).to.deep.equal([[1, c, collector.accountId, [sender.accountId]], [1, d, collector.accountId, [sender.accountId]]]);
      expect(await bench.balance(sender.accountId, d)).to.equal(9);
      expect(await bench.failure(sendTokens(deep, sender.accountId, receiver.accountId, 1), [sender.privateKey])).to.equal('CUSTOM_FEE_CHARGING_EXCEEDED_MAX_RECURSION_DEPTH');
      expect(await bench.balance(receiver.accountId, deep)).to.equal(0);
    });
  });

  describe('when a fee schedule is updated', () => {
    it('replaces the fees, shown by TokenInfoQuery and the mirror, and charges the new ones', async () => {
      const tokenId = await bench.fungible(withFees([hbarFee(10)]));
      await bench.associate(collector, tokenId);
      const fractional = new CustomFractionalFee().setNumerator(1).setDenominator(4).setFeeCollectorAccountId(collector.accountId);
      await bench.run(new TokenFeeScheduleUpdateTransaction().setTokenId(tokenId).setCustomFees([fractional, hbarFee(20)]));
      const info = await new TokenInfoQuery().setTokenId(tokenId).execute(bench.client);
      expect(info.customFees[0]).to.be.instanceOf(CustomFractionalFee);
      expect((info.customFees[0] as CustomFractionalFee).denominator!.toNumber()).to.equal(4);
      const fixed = info.customFees[1] as CustomFixedFee;
      expect([fixed.amount!.toNumber(), fixed.denominatingTokenId]).to.deep.equal([20, null]);
      const { custom_fees: fees } = await bench.mirror(`/tokens/${tokenId}`);
      expect(fees.fixed_fees).to.deep.equal([{ all_collectors_are_exempt: false, amount: 20, collector_account_id: collector.accountId, denominating_token_id: null }]);
      expect(fees.fractional_fees).to.deep.equal([{ all_collectors_are_exempt: false, amount: { numerator: 1, denominator: 4 }, collector_account_id: collector.accountId,
        denominating_token_id: tokenId, maximum: null, minimum: 0, net_of_transfers: false }]);
      const alice = await bench.funded(100, tokenId);
      const bob = await bench.holder([tokenId]);
      const record = await bench.record(sendTokens(tokenId, alice.accountId, bob.accountId, 40), [alice.privateKey]);
      expect(assessed(record)).to.deep.equal([[20, 'HBAR', collector.accountId, [alice.accountId]], [10, tokenId, collector.accountId, [bob.accountId]]]);
      expect(await bench.balance(bob.accountId, tokenId)).to.equal(30);
      await bench.run(new TokenFeeScheduleUpdateTransaction().setTokenId(tokenId).setCustomFees([]));
      expect((await new TokenInfoQuery().setTokenId(tokenId).execute(bench.client)).customFees).to.deep.equal([]);
      expect(await bench.failure(new TokenFeeScheduleUpdateTransaction().setTokenId(tokenId).setCustomFees([]))).to.equal('CUSTOM_SCHEDULE_ALREADY_HAS_NO_FEES');
    });

    it('refuses schedules a node refuses, and needs the fee schedule key', async () => {
      const feeKey = PrivateKey.generateED25519();
      const tokenId = await bench.fungible((tx) => tx.setFeeScheduleKey(feeKey.publicKey));
      const update = (fees: CustomFee[]) => new TokenFeeScheduleUpdateTransaction().setTokenId(tokenId).setCustomFees(fees);
      const outsider = await bench.holder();
      expect(await bench.failure(update([hbarFee(1)]))).to.equal('INVALID_SIGNATURE');
      const cases: Array<[CustomFee, string]> = [
        [new CustomFractionalFee().setNumerator(1).setDenominator(10).setFeeCollectorAccountId(outsider.accountId), 'TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR'],
        [new CustomFractionalFee().setNumerator(1).setDenominator(0).setFeeCollectorAccountId(bench.operator), 'FRACTION_DIVIDES_BY_ZERO'],
        [new CustomFractionalFee().setNumerator(1).setDenominator(10).setMin(5).setMax(2).setFeeCollectorAccountId(bench.operator), 'FRACTIONAL_FEE_MAX_AMOUNT_LESS_THAN_MIN_AMOUNT'],
        [new CustomRoyaltyFee().setNumerator(1).setDenominator(10).setFeeCollectorAccountId(bench.operator), 'CUSTOM_ROYALTY_FEE_ONLY_ALLOWED_FOR_NON_FUNGIBLE_UNIQUE'],
        [new CustomFixedFee().setAmount(0).setFeeCollectorAccountId(bench.operator), 'CUSTOM_FEE_MUST_BE_POSITIVE'],
        [new CustomFixedFee().setAmount(1).setDenominatingTokenId('0.0.999999').setFeeCollectorAccountId(bench.operator), 'INVALID_TOKEN_ID_IN_CUSTOM_FEES'],
        [new CustomFixedFee().setAmount(1).setFeeCollectorAccountId('0.0.98'), 'INVALID_CUSTOM_FEE_COLLECTOR'],
      ];
      for (const [fee, status] of cases) expect(await bench.failure(update([fee]), [feeKey]), status).to.equal(status);
      expect(await bench.failure(update(Array.from({ length: 11 }, () => hbarFee(1))), [feeKey])).to.equal('CUSTOM_FEES_LIST_TOO_LONG');
      const keyless = await bench.keylessFungible();
      expect(await bench.failure(new TokenFeeScheduleUpdateTransaction().setTokenId(keyless).setCustomFees([hbarFee(1)]))).to.equal('TOKEN_HAS_NO_FEE_SCHEDULE_KEY');
      expect((await new TokenInfoQuery().setTokenId(tokenId).execute(bench.client)).customFees).to.deep.equal([]);
    });
  });
});
