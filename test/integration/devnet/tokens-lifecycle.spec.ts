import { expect } from 'chai';
import {
  AccountId, NftId, PrecheckStatusError, PrivateKey, TokenAssociateTransaction, TokenBurnTransaction, TokenDeleteTransaction, TokenFreezeTransaction,
  TokenGrantKycTransaction, TokenId, TokenInfoQuery, TokenMintTransaction, TokenNftInfoQuery, TokenPauseTransaction, TokenRejectTransaction,
  TokenRevokeKycTransaction, TokenUnfreezeTransaction, TokenUnpauseTransaction, TokenWipeTransaction,
} from '@hiero-ledger/sdk';
import { sendNft, sendTokens, TokenBench } from '../../support/token-bench.js';

describe('devnet token lifecycle: burn, wipe, freeze, KYC, pause, delete, reject', () => {
  let bench: TokenBench;

  before(async () => { bench = await TokenBench.start(); });
  after(async () => { await bench.stop(); });

  const nftInfo = (tokenId: string, serial: number) => new TokenNftInfoQuery().setNftId(new NftId(TokenId.fromString(tokenId), serial)).execute(bench.client);
  const info = (tokenId: string) => new TokenInfoQuery().setTokenId(tokenId).execute(bench.client);

  async function nftQueryStatus(tokenId: string, serial: number): Promise<string> {
    const error = await nftInfo(tokenId, serial).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(PrecheckStatusError);
    return (error as PrecheckStatusError).status.toString();
  }

  describe('when burning', () => {
    it('takes fungible units out of the treasury and the total supply', async () => {
      const tokenId = await bench.fungible(undefined, 1000);
      const receipt = await bench.run(new TokenBurnTransaction().setTokenId(tokenId).setAmount(300));
      expect(receipt.totalSupply!.toNumber()).to.equal(700);
      expect((await info(tokenId)).totalSupply.toNumber()).to.equal(700);
      expect(await bench.balance(bench.operator, tokenId)).to.equal(700);
      expect(await bench.mirror(`/tokens/${tokenId}`)).to.include({ total_supply: '700', initial_supply: '1000' });
      expect(await bench.failure(new TokenBurnTransaction().setTokenId(tokenId).setAmount(701))).to.equal('INVALID_TOKEN_BURN_AMOUNT');
    });

    it('burns NFT serials the treasury owns and refuses others', async () => {
      const tokenId = await bench.nft(undefined, 3);
      const holder = await bench.holder([tokenId]);
      await bench.run(sendNft(tokenId, 1, bench.operator, holder.accountId));
      const record = await bench.record(new TokenBurnTransaction().setTokenId(tokenId).setSerials([2]));
      expect(record.receipt.totalSupply!.toNumber()).to.equal(2);
      expect(await nftQueryStatus(tokenId, 2)).to.equal('INVALID_NFT_ID');
      expect((await nftInfo(tokenId, 3))[0].accountId.toString()).to.equal(bench.operator);
      expect(await bench.failure(new TokenBurnTransaction().setTokenId(tokenId).setSerials([1]))).to.equal('TREASURY_MUST_OWN_BURNED_NFT');
      expect(await bench.failure(new TokenBurnTransaction().setTokenId(tokenId).setSerials([99]))).to.equal('INVALID_NFT_ID');
      const burned = await bench.mirror(`/tokens/${tokenId}/nfts/2`);
      expect(burned).to.include({ account_id: null, deleted: true, serial_number: 2, token_id: tokenId, spender: null });
      expect(burned.modified_timestamp).to.not.equal(burned.created_timestamp);
      const listed = (await bench.mirror(`/tokens/${tokenId}/nfts`)).nfts;
      expect(listed.map((nft: any) => [nft.serial_number, nft.deleted, nft.account_id])).to.deep.equal([[3, false, bench.operator], [2, true, null], [1, false, holder.accountId]]);
      expect((await bench.mirror(`/tokens/${tokenId}/nfts?account.id=${bench.operator}`)).nfts.map((nft: any) => nft.serial_number)).to.deep.equal([3]);
      expect((await bench.mirror(`/tokens/${tokenId}/nfts?account.id=ne:${bench.operator}`)).nfts.map((nft: any) => nft.serial_number)).to.deep.equal([1]);
      expect((await bench.mirror(`/accounts/${bench.operator}/nfts?token.id=${tokenId}`)).nfts.map((nft: any) => nft.serial_number)).to.deep.equal([3]);
      await bench.mirror(`/tokens/${tokenId}/nfts/4`, 404);
      const [payer, start] = record.transactionId.toString().split('@');
      const { transactions: [burn] } = await bench.mirror(`/transactions/${payer}-${start.replace('.', '-')}`);
      expect(burn).to.include({ name: 'TOKENBURN', result: 'SUCCESS' });
      expect(burn.nft_transfers).to.deep.equal([{ is_approval: false, receiver_account_id: null, sender_account_id: bench.operator, serial_number: 2, token_id: tokenId }]);
    });

    it('needs the supply key, which a token may not have', async () => {
      const supply = PrivateKey.generateED25519();
      const tokenId = await bench.fungible((tx) => tx.setSupplyKey(supply.publicKey));
      expect(await bench.failure(new TokenBurnTransaction().setTokenId(tokenId).setAmount(1))).to.equal('INVALID_SIGNATURE');
      expect((await bench.run(new TokenBurnTransaction().setTokenId(tokenId).setAmount(1), [supply])).status.toString()).to.equal('SUCCESS');
      const fixed = await bench.keylessFungible();
      expect(await bench.failure(new TokenBurnTransaction().setTokenId(fixed).setAmount(1))).to.equal('TOKEN_HAS_NO_SUPPLY_KEY');
      expect(await bench.precheck(new TokenBurnTransaction().setTokenId(tokenId).setAmount(1).setSerials([1]))).to.equal('INVALID_TRANSACTION_BODY');
    });
  });

  describe('when wiping', () => {
    it('takes units from a holder, never from the treasury and never more than it holds', async () => {
      const tokenId = await bench.fungible((tx) => tx.setWipeKey(bench.operatorKey.publicKey), 1000);
      const holder = await bench.funded(50, tokenId);
      const receipt = await bench.run(new TokenWipeTransaction().setTokenId(tokenId).setAccountId(holder.accountId).setAmount(20));
      expect(receipt.totalSupply!.toNumber()).to.equal(980);
      expect(await bench.balance(holder.accountId, tokenId)).to.equal(30);
      const wipe = (account: string, amount: number) => new TokenWipeTransaction().setTokenId(tokenId).setAccountId(account).setAmount(amount);
      expect(await bench.failure(wipe(holder.accountId, 31))).to.equal('INVALID_WIPING_AMOUNT');
      expect(await bench.failure(wipe(bench.operator, 1))).to.equal('CANNOT_WIPE_TOKEN_TREASURY_ACCOUNT');
      const other = await bench.holder();
      expect(await bench.failure(wipe(other.accountId, 1))).to.equal('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
      const noWipeKey = await bench.keylessFungible();
      await bench.associate(other, noWipeKey);
      expect(await bench.failure(new TokenWipeTransaction().setTokenId(noWipeKey).setAccountId(other.accountId).setAmount(1))).to.equal('TOKEN_HAS_NO_WIPE_KEY');
      const { balances } = await bench.mirror(`/tokens/${tokenId}/balances?account.id=${holder.accountId}`);
      expect(balances).to.deep.equal([{ account: holder.accountId, balance: 30, decimals: 0 }]);
    });

    it('wipes NFT serials the holder owns', async () => {
      const tokenId = await bench.nft((tx) => tx.setWipeKey(bench.operatorKey.publicKey), 3);
      const holder = await bench.holder([tokenId]);
      await bench.run(sendNft(tokenId, 1, bench.operator, holder.accountId));
      const wipe = (serial: number) => new TokenWipeTransaction().setTokenId(tokenId).setAccountId(holder.accountId).setSerials([serial]);
      expect(await bench.failure(wipe(2))).to.equal('ACCOUNT_DOES_NOT_OWN_WIPED_NFT');
      expect((await bench.run(wipe(1))).totalSupply!.toNumber()).to.equal(2);
      expect(await bench.balance(holder.accountId, tokenId)).to.equal(0);
      expect(await nftQueryStatus(tokenId, 1)).to.equal('INVALID_NFT_ID');
      expect((await bench.mirror(`/accounts/${holder.accountId}/nfts`)).nfts).to.deep.equal([]);
      expect(await bench.mirror(`/tokens/${tokenId}/nfts/1`)).to.include({ account_id: null, deleted: true, serial_number: 1 });
      const page = await bench.mirror(`/tokens/${tokenId}/nfts?order=asc&limit=1`);
      expect(page.nfts.map((nft: any) => [nft.serial_number, nft.deleted])).to.deep.equal([[1, true]]);
      expect(page.links.next).to.be.a('string');
    });
  });

  describe('when freezing', () => {
    it('stops a frozen account sending and receiving until it is unfrozen', async () => {
      const tokenId = await bench.fungible((tx) => tx.setFreezeKey(bench.operatorKey.publicKey));
      const holder = await bench.funded(10, tokenId);
      const freeze = () => new TokenFreezeTransaction().setTokenId(tokenId).setAccountId(holder.accountId);
      await bench.run(freeze());
      expect(await bench.failure(sendTokens(tokenId, bench.operator, holder.accountId, 1))).to.equal('ACCOUNT_FROZEN_FOR_TOKEN');
      expect(await bench.failure(sendTokens(tokenId, holder.accountId, bench.operator, 1), [holder.privateKey])).to.equal('ACCOUNT_FROZEN_FOR_TOKEN');
      expect(await bench.failure(freeze())).to.equal('ACCOUNT_FROZEN_FOR_TOKEN');
      expect((await bench.mirror(`/accounts/${holder.accountId}/tokens`)).tokens[0]).to.include({ freeze_status: 'FROZEN', kyc_status: 'NOT_APPLICABLE' });
      await bench.run(new TokenUnfreezeTransaction().setTokenId(tokenId).setAccountId(holder.accountId));
      await bench.run(sendTokens(tokenId, holder.accountId, bench.operator, 4), [holder.privateKey]);
      expect(await bench.balance(holder.accountId, tokenId)).to.equal(6);
      expect((await bench.mirror(`/accounts/${holder.accountId}/tokens`)).tokens[0]).to.include({ freeze_status: 'UNFROZEN' });
    });

    it('freezes new associations of a token that freezes by default, and needs the freeze key', async () => {
      const freezeKey = PrivateKey.generateED25519();
      const tokenId = await bench.fungible((tx) => tx.setFreezeKey(freezeKey.publicKey).setFreezeDefault(true));
      expect((await info(tokenId)).defaultFreezeStatus).to.equal(true);
      const holder = await bench.holder([tokenId]);
      expect(await bench.failure(sendTokens(tokenId, bench.operator, holder.accountId, 1))).to.equal('ACCOUNT_FROZEN_FOR_TOKEN');
      const unfreeze = () => new TokenUnfreezeTransaction().setTokenId(tokenId).setAccountId(holder.accountId);
      expect(await bench.failure(unfreeze())).to.equal('INVALID_SIGNATURE');
      await bench.run(unfreeze(), [freezeKey]);
      await bench.run(sendTokens(tokenId, bench.operator, holder.accountId, 1));
      expect(await bench.balance(holder.accountId, tokenId)).to.equal(1);
      const plain = await bench.keylessFungible();
      expect(await bench.failure(new TokenFreezeTransaction().setTokenId(plain).setAccountId(holder.accountId))).to.equal('TOKEN_HAS_NO_FREEZE_KEY');
    });
  });

  describe('when the token has a KYC key', () => {
    it('lets only KYC-granted accounts move it, and the treasury always', async () => {
      const tokenId = await bench.fungible((tx) => tx.setKycKey(bench.operatorKey.publicKey));
      expect((await info(tokenId)).defaultKycStatus).to.equal(false);
      const holder = await bench.holder([tokenId]);
      expect(await bench.failure(sendTokens(tokenId, bench.operator, holder.accountId, 5))).to.equal('ACCOUNT_KYC_NOT_GRANTED_FOR_TOKEN');
      expect((await bench.mirror(`/accounts/${holder.accountId}/tokens`)).tokens[0]).to.include({ kyc_status: 'REVOKED' });
      await bench.run(new TokenGrantKycTransaction().setTokenId(tokenId).setAccountId(holder.accountId));
      await bench.run(sendTokens(tokenId, bench.operator, holder.accountId, 5));
      expect((await bench.mirror(`/accounts/${holder.accountId}/tokens`)).tokens[0]).to.include({ kyc_status: 'GRANTED', balance: 5 });
      await bench.run(new TokenRevokeKycTransaction().setTokenId(tokenId).setAccountId(holder.accountId));
      expect(await bench.failure(sendTokens(tokenId, holder.accountId, bench.operator, 1), [holder.privateKey])).to.equal('ACCOUNT_KYC_NOT_GRANTED_FOR_TOKEN');
      const plain = await bench.keylessFungible();
      await bench.associate(holder, plain);
      expect(await bench.failure(new TokenGrantKycTransaction().setTokenId(plain).setAccountId(holder.accountId))).to.equal('TOKEN_HAS_NO_KYC_KEY');
    });
  });

  describe('when pausing', () => {
    it('refuses every operation on a paused token until it is unpaused', async () => {
      const tokenId = await bench.fungible((tx) => tx.setPauseKey(bench.operatorKey.publicKey));
      const holder = await bench.funded(10, tokenId);
      await bench.run(new TokenPauseTransaction().setTokenId(tokenId));
      expect((await info(tokenId)).pauseStatus).to.equal(true);
      expect(await bench.mirror(`/tokens/${tokenId}`)).to.include({ pause_status: 'PAUSED' });
      expect(await bench.failure(sendTokens(tokenId, bench.operator, holder.accountId, 1))).to.equal('TOKEN_IS_PAUSED');
      expect(await bench.failure(new TokenMintTransaction().setTokenId(tokenId).setAmount(1))).to.equal('TOKEN_IS_PAUSED');
      const late = await bench.holder();
      expect(await bench.failure(new TokenAssociateTransaction().setAccountId(late.accountId).setTokenIds([tokenId]), [late.privateKey])).to.equal('TOKEN_IS_PAUSED');
      await bench.run(new TokenUnpauseTransaction().setTokenId(tokenId));
      expect((await info(tokenId)).pauseStatus).to.equal(false);
      await bench.run(sendTokens(tokenId, bench.operator, holder.accountId, 1));
      expect(await bench.balance(holder.accountId, tokenId)).to.equal(11);
      expect(await bench.mirror(`/tokens/${tokenId}`)).to.include({ pause_status: 'UNPAUSED' });
      const plain = await bench.keylessFungible();
      expect(await bench.failure(new TokenPauseTransaction().setTokenId(plain))).to.equal('TOKEN_HAS_NO_PAUSE_KEY');
    });
  });

  describe('when deleting', () => {
    it('marks the token deleted and refuses it from then on; only the admin key can delete', async () => {
      const admin = PrivateKey.generateED25519();
      const tokenId = await bench.fungible((tx) => tx.setAdminKey(admin.publicKey), 100, [admin]);
      const holder = await bench.holder([tokenId]);
      const remove = () => new TokenDeleteTransaction().setTokenId(tokenId);
      expect(await bench.failure(remove())).to.equal('INVALID_SIGNATURE');
      await bench.run(remove(), [admin]);
      expect((await info(tokenId)).isDeleted).to.equal(true);
      expect(await bench.mirror(`/tokens/${tokenId}`)).to.include({ deleted: true });
      expect(await bench.failure(sendTokens(tokenId, bench.operator, holder.accountId, 1))).to.equal('TOKEN_WAS_DELETED');
      expect(await bench.failure(new TokenMintTransaction().setTokenId(tokenId).setAmount(1))).to.equal('TOKEN_WAS_DELETED');
      expect(await bench.failure(remove(), [admin])).to.equal('TOKEN_WAS_DELETED');
      expect(await bench.balance(bench.operator, tokenId)).to.equal(100);
      const immutable = await bench.keylessFungible();
      expect(await bench.failure(new TokenDeleteTransaction().setTokenId(immutable))).to.equal('TOKEN_IS_IMMUTABLE');
    });
  });

  describe('when rejecting tokens', () => {
    it('sends the whole fungible balance and chosen NFTs back to the treasury', async () => {
      const coin = await bench.fungible(undefined, 1000);
      const art = await bench.nft(undefined, 3);
      const holder = await bench.funded(40, coin);
      await bench.associate(holder, art);
      await bench.run(sendNft(art, 1, bench.operator, holder.accountId));
      await bench.run(sendNft(art, 2, bench.operator, holder.accountId));
      const reject = () => new TokenRejectTransaction().setOwnerId(AccountId.fromString(holder.accountId));
      expect(await bench.failure(reject().addTokenId(TokenId.fromString(coin)))).to.equal('INVALID_SIGNATURE');
      await bench.run(reject().addTokenId(TokenId.fromString(coin)).addNftId(new NftId(TokenId.fromString(art), 2)), [holder.privateKey]);
      expect(await bench.balance(holder.accountId, coin)).to.equal(0);
      expect(await bench.balance(bench.operator, coin)).to.equal(1000);
      expect((await nftInfo(art, 2))[0].accountId.toString()).to.equal(bench.operator);
      expect((await nftInfo(art, 1))[0].accountId.toString()).to.equal(holder.accountId);
      expect(await bench.failure(reject().addTokenId(TokenId.fromString(coin)), [holder.privateKey])).to.equal('INSUFFICIENT_TOKEN_BALANCE');
      expect(await bench.failure(reject().addNftId(new NftId(TokenId.fromString(art), 3)), [holder.privateKey])).to.equal('INVALID_OWNER_ID');
      expect(await bench.failure(new TokenRejectTransaction().addTokenId(TokenId.fromString(coin)))).to.equal('ACCOUNT_IS_TREASURY');
      const twice = reject().addTokenId(TokenId.fromString(coin)).addTokenId(TokenId.fromString(coin));
      expect(await bench.precheck(twice, [holder.privateKey])).to.equal('TOKEN_REFERENCE_REPEATED');
    });
  });
});
