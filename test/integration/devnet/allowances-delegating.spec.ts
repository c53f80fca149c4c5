import { expect } from 'chai';
import {
  AccountAllowanceApproveTransaction, NftId, TokenId, TokenNftInfoQuery, TransactionId, TransferTransaction,
} from '@hiero-ledger/sdk';
import { sendNft, TokenBench, type Holder } from '../../support/token-bench.js';

describe('devnet NFT allowances granted by a delegating spender', () => {
  let bench: TokenBench;
  let tokenId: string;
  let owner: Holder;
  let delegate: Holder;
  let spender: Holder;

  before(async () => {
    bench = await TokenBench.start();
    tokenId = await bench.nft(undefined, 3);
    owner = await bench.holder([tokenId]);
    delegate = await bench.holder([tokenId]);
    spender = await bench.holder([tokenId]);
    for (const serial of [1, 2]) await bench.run(sendNft(tokenId, serial, bench.operator, owner.accountId));
    await bench.run(new AccountAllowanceApproveTransaction().approveTokenNftAllowanceAllSerials(tokenId, owner.accountId, delegate.accountId), [owner.privateKey]);
  });
  after(async () => { await bench.stop(); });

  const nftId = (serial: number) => new NftId(TokenId.fromString(tokenId), serial);
  const delegated = (serial: number, by: Holder) =>
    new AccountAllowanceApproveTransaction().approveTokenNftAllowanceWithDelegatingSpender(nftId(serial), owner.accountId, spender.accountId, by.accountId);

  it('lets an approve-for-all spender grant one serial, signing instead of the owner', async () => {
    await bench.run(delegated(1, delegate), [delegate.privateKey]);
    const [info] = await new TokenNftInfoQuery().setNftId(nftId(1)).execute(bench.client);
    expect(info.spenderId!.toString()).to.equal(spender.accountId);
    expect(await bench.mirror(`/tokens/${tokenId}/nfts/1`)).to.include({ spender: spender.accountId, delegating_spender: delegate.accountId });
    const spenderClient = bench.net.client().setOperator(spender.accountId, spender.privateKey);
    const move = new TransferTransaction().addApprovedNftTransfer(nftId(1), owner.accountId, spender.accountId).setTransactionId(TransactionId.generate(spender.accountId));
    await bench.run(move, [], spenderClient);
    const [moved] = await new TokenNftInfoQuery().setNftId(nftId(1)).execute(bench.client);
    expect([moved.accountId.toString(), moved.spenderId]).to.deep.equal([spender.accountId, null]);
  });

  it('needs the delegating spender to sign and to hold an approve-for-all allowance', async () => {
    expect(await bench.failure(delegated(2, delegate))).to.equal('INVALID_SIGNATURE');
    expect(await bench.failure(delegated(2, spender), [spender.privateKey])).to.equal('DELEGATING_SPENDER_DOES_NOT_HAVE_APPROVE_FOR_ALL');
    const [info] = await new TokenNftInfoQuery().setNftId(nftId(2)).execute(bench.client);
    expect(info.spenderId).to.equal(null);
  });
});
