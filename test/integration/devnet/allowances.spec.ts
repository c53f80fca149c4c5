import { expect } from 'chai';
import {
  AccountAllowanceApproveTransaction, AccountAllowanceDeleteTransaction, AccountBalanceQuery, Hbar, NftId, ReceiptStatusError, Status,
  TokenAssociateTransaction, TokenCreateTransaction, TokenId, TokenMintTransaction, TokenType, TransactionId, TransferTransaction,
  type Client, type PrivateKey, type Transaction, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

describe('devnet allowances', () => {
  let net: Devnet;
  let client: Client;
  let owner: { accountId: string; privateKey: PrivateKey };
  let spender: { accountId: string; privateKey: PrivateKey };
  let spenderClient: Client;

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
    owner = await net.createAccount({ hbar: 50 });
    spender = await net.createAccount({ hbar: 10 });
    spenderClient = net.client().setOperator(spender.accountId, spender.privateKey);
  });
  after(async () => { await net.stop(); });

  /** Runs a transaction paid by `payer` (a client) after adding extra signatures. */
  async function run(payer: Client, tx: Transaction, ...signers: PrivateKey[]): Promise<TransactionReceipt> {
    tx.freezeWith(payer);
    for (const key of signers) await tx.sign(key);
    return (await tx.execute(payer)).getReceipt(payer);
  }

  async function status(payer: Client, tx: Transaction, ...signers: PrivateKey[]): Promise<Status> {
    const result = await run(payer, tx, ...signers).catch((e: unknown) => e);
    if (result instanceof ReceiptStatusError) return result.status;
    return (result as TransactionReceipt).status;
  }

  const spendHbar = (tinybars: number) => new TransferTransaction()
    .addApprovedHbarTransfer(owner.accountId, Hbar.fromTinybars(-tinybars)).addHbarTransfer(spender.accountId, Hbar.fromTinybars(tinybars))
    .setTransactionId(TransactionId.generate(spender.accountId));

  describe('when an HBAR allowance is approved', () => {
    it('lets the spender move up to the amount without the owner signing, then tracks what is left', async () => {
      expect(await status(spenderClient, spendHbar(10))).to.equal(Status.SpenderDoesNotHaveAllowance);
      await run(client, new AccountAllowanceApproveTransaction().approveHbarAllowance(owner.accountId, spender.accountId, Hbar.fromTinybars(1000)), owner.privateKey);
      expect(await status(spenderClient, spendHbar(600))).to.equal(Status.Success);
      const mirror = await (await fetch(`${net.mirrorUrl}/api/v1/accounts/${owner.accountId}/allowances/crypto`)).json() as any;
      expect(mirror.allowances).to.have.length(1);
      expect(mirror.allowances[0]).to.include({ amount: 400, amount_granted: 1000, owner: owner.accountId, spender: spender.accountId });
      expect(await status(spenderClient, spendHbar(401))).to.equal(Status.AmountExceedsAllowance);
      expect(await status(spenderClient, spendHbar(400))).to.equal(Status.Success);
      expect(await status(spenderClient, spendHbar(1))).to.equal(Status.SpenderDoesNotHaveAllowance);
    });

    it('needs the owner signature to approve, and amount 0 removes the allowance', async () => {
      const approve = (amount: number) => new AccountAllowanceApproveTransaction().approveHbarAllowance(owner.accountId, spender.accountId, Hbar.fromTinybars(amount));
      expect(await status(client, approve(5))).to.equal(Status.InvalidSignature);
      await run(client, approve(5), owner.privateKey);
      await run(client, approve(0), owner.privateKey);
      expect(await status(spenderClient, spendHbar(1))).to.equal(Status.SpenderDoesNotHaveAllowance);
    });
  });

  describe('when a token allowance is approved', () => {
    it('lets the spender move owner tokens with isApproval and counts down the amount', async () => {
      const tokenId = (await run(client, new TokenCreateTransaction().setTokenName('T').setTokenSymbol('T').setTreasuryAccountId(net.operatorId).setInitialSupply(1000))).tokenId!.toString();
      for (const account of [owner, spender]) await run(client, new TokenAssociateTransaction().setAccountId(account.accountId).setTokenIds([tokenId]), account.privateKey);
      await run(client, new TransferTransaction().addTokenTransfer(tokenId, net.operatorId, -100).addTokenTransfer(tokenId, owner.accountId, 100));
      await run(client, new AccountAllowanceApproveTransaction().approveTokenAllowance(tokenId, owner.accountId, spender.accountId, 30), owner.privateKey);
      const spend = (amount: number) => new TransferTransaction().addApprovedTokenTransfer(tokenId, owner.accountId, -amount).addTokenTransfer(tokenId, spender.accountId, amount);
      expect(await status(spenderClient, spend(20))).to.equal(Status.Success);
      expect(await status(spenderClient, spend(11))).to.equal(Status.AmountExceedsAllowance);
      const balance = await new AccountBalanceQuery().setAccountId(spender.accountId).execute(client);
      expect(balance.tokens!.get(tokenId)!.toNumber()).to.equal(20);
      const url = `${net.mirrorUrl}/api/v1/accounts/${owner.accountId}/allowances/tokens?spender.id=${spender.accountId}&token.id=${tokenId}`;
      const mirror = await (await fetch(url)).json() as any;
      expect(mirror.allowances).to.deep.equal([{ amount: 10, amount_granted: 30, owner: owner.accountId, spender: spender.accountId,
        timestamp: mirror.allowances[0].timestamp, token_id: tokenId }]);
    });
  });

  describe('when an NFT allowance is approved and deleted', () => {
    it('lets the spender move that serial until the allowance is deleted', async () => {
      const tokenId = (await run(client, new TokenCreateTransaction().setTokenName('N').setTokenSymbol('N').setTokenType(TokenType.NonFungibleUnique)
        .setTreasuryAccountId(net.operatorId).setSupplyKey(net.operatorKey.publicKey))).tokenId!.toString();
      await run(client, new TokenMintTransaction().setTokenId(tokenId).setMetadata([Buffer.from('1'), Buffer.from('2')]));
      for (const account of [owner, spender]) await run(client, new TokenAssociateTransaction().setAccountId(account.accountId).setTokenIds([tokenId]), account.privateKey);
      await run(client, new TransferTransaction().addNftTransfer(tokenId, 1, net.operatorId, owner.accountId).addNftTransfer(tokenId, 2, net.operatorId, owner.accountId));
      const approve = new AccountAllowanceApproveTransaction().approveTokenNftAllowance(new NftId(TokenId.fromString(tokenId), 1), owner.accountId, spender.accountId)
        .approveTokenNftAllowance(new NftId(TokenId.fromString(tokenId), 2), owner.accountId, spender.accountId);
      await run(client, approve, owner.privateKey);
      const take = (serial: number) => new TransferTransaction().addApprovedNftTransfer(new NftId(TokenId.fromString(tokenId), serial), owner.accountId, spender.accountId);
      expect(await status(spenderClient, take(1))).to.equal(Status.Success);
      await run(client, new AccountAllowanceDeleteTransaction().deleteAllTokenNftAllowances(new NftId(TokenId.fromString(tokenId), 2), owner.accountId), owner.privateKey);
      expect(await status(spenderClient, take(2))).to.equal(Status.SpenderDoesNotHaveAllowance);
    });
  });
});
