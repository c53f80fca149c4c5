import { expect } from 'chai';
import {
  AccountCreateTransaction, AccountId, AccountInfoQuery, Hbar, KeyList, PrecheckStatusError, PrivateKey, ReceiptStatusError, Status,
  TokenCreateTransaction, TokenMintTransaction, TokenNftInfoQuery, TokenType, TopicCreateTransaction, TransactionId, TransactionReceiptQuery,
  TransactionRecordQuery, TransferTransaction, NftId,
} from '@hiero-ledger/sdk';
import { devnetSuite } from '../../support/devnet-suite.js';

describe('devnet hollow accounts and EVM-address aliases (HIP-583)', () => {
  const suite = devnetSuite();

  /** Sends HBAR to the EVM address of a fresh ECDSA key; returns the key and the hollow account's ID. */
  async function hollowAccount(tinybars = 50_000_000): Promise<{ key: PrivateKey; accountId: AccountId }> {
    const key = PrivateKey.generateECDSA();
    const response = await new TransferTransaction().addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(-tinybars))
      .addHbarTransfer(key.publicKey.toEvmAddress(), Hbar.fromTinybars(tinybars)).execute(suite.client);
    const receipt = await new TransactionReceiptQuery().setTransactionId(response.transactionId).setIncludeChildren(true).execute(suite.client);
    return { key, accountId: receipt.children[0].accountId! };
  }

  const topicPaidBy = (payer: AccountId) => new TopicCreateTransaction().setTransactionId(TransactionId.generate(payer)).freezeWith(suite.client);

  describe('when HBAR goes to an unused EVM address', () => {
    it('creates a hollow account: an empty key list, the address as its EVM address, no alias key', async () => {
      const { key, accountId } = await hollowAccount(1234);
      const info = await new AccountInfoQuery().setAccountId(accountId).execute(suite.client);
      expect(info.key).to.be.instanceOf(KeyList);
      expect((info.key as KeyList).toArray()).to.have.length(0);
      expect(info.aliasKey).to.equal(null);
      expect(info.contractAccountId).to.equal(key.publicKey.toEvmAddress());
      expect(info.balance.toTinybars().toNumber()).to.equal(1234);
      const byAddress = await new AccountInfoQuery().setAccountId(AccountId.fromEvmAddress(0, 0, key.publicKey.toEvmAddress())).execute(suite.client);
      expect(byAddress.accountId.toString()).to.equal(accountId.toString());
    });

    it('credits an NFT to a new hollow account', async () => {
      const supply = PrivateKey.generateED25519();
      const create = await new TokenCreateTransaction().setTokenName('Hollow').setTokenSymbol('HOL').setTokenType(TokenType.NonFungibleUnique)
        .setTreasuryAccountId(suite.net.operatorId).setSupplyKey(supply).freezeWith(suite.client).sign(supply);
      const token = await (await create.execute(suite.client)).getReceipt(suite.client);
      const mint = await new TokenMintTransaction().setTokenId(token.tokenId!).setMetadata([Buffer.from('a')]).freezeWith(suite.client).sign(supply);
      await (await mint.execute(suite.client)).getReceipt(suite.client);
      const address = PrivateKey.generateECDSA().publicKey.toEvmAddress();
      const moved = await new TransferTransaction().addNftTransfer(token.tokenId!, 1, suite.net.operatorId, AccountId.fromEvmAddress(0, 0, address)).execute(suite.client);
      expect((await moved.getReceipt(suite.client)).status).to.equal(Status.Success);
      const [nft] = await new TokenNftInfoQuery().setNftId(new NftId(token.tokenId!, 1)).execute(suite.client);
      const owner = await new AccountInfoQuery().setAccountId(nft.accountId).execute(suite.client);
      expect(owner.contractAccountId).to.equal(address);
    });
  });

  describe('when a hollow account pays for a transaction', () => {
    it('accepts the signature of the ECDSA key behind the address and makes that key the account key', async () => {
      const { key, accountId } = await hollowAccount();
      const tx = await topicPaidBy(accountId).sign(key);
      const response = await tx.execute(suite.client);
      expect((await response.getReceipt(suite.client)).status).to.equal(Status.Success);
      const info = await new AccountInfoQuery().setAccountId(accountId).execute(suite.client);
      expect(info.key.toString()).to.equal(key.publicKey.toString());
      const record = await new TransactionRecordQuery().setTransactionId(response.transactionId).setIncludeChildren(true).execute(suite.client);
      expect(record.children).to.have.length(1);
      expect(record.children[0].transactionId.nonce?.toNumber()).to.equal(1);
      expect(record.children[0].receipt.status).to.equal(Status.Success);
    });

    it('refuses at precheck a signature of any other key with INVALID_SIGNATURE, and the account stays hollow', async () => {
      const { accountId } = await hollowAccount();
      const tx = await topicPaidBy(accountId).sign(PrivateKey.generateECDSA());
      const error = await tx.execute(suite.client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.InvalidSignature);
      const info = await new AccountInfoQuery().setAccountId(accountId).execute(suite.client);
      expect((info.key as KeyList).toArray()).to.have.length(0);
    });
  });

  describe('when a hollow account is debited by someone else\'s transaction', () => {
    it('needs the ECDSA key behind the address, which then becomes its key', async () => {
      const { key, accountId } = await hollowAccount();
      const unsigned = new TransferTransaction().addHbarTransfer(accountId, Hbar.fromTinybars(-10)).addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(10)).execute(suite.client);
      const error = await (await unsigned).getReceipt(suite.client).catch((e: unknown) => e);
      expect((error as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
      const signed = await new TransferTransaction().addHbarTransfer(accountId, Hbar.fromTinybars(-10)).addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(10))
        .freezeWith(suite.client).sign(key);
      expect((await (await signed.execute(suite.client)).getReceipt(suite.client)).status).to.equal(Status.Success);
      expect((await new AccountInfoQuery().setAccountId(accountId).execute(suite.client)).key.toString()).to.equal(key.publicKey.toString());
    });
  });

  describe('when an AccountCreate sets an EVM-address alias', () => {
    it('needs the signature of the key behind the address unless the account key is that key', async () => {
      const aliasKey = PrivateKey.generateECDSA();
      const accountKey = PrivateKey.generateED25519();
      const create = () => new AccountCreateTransaction().setKeyWithAlias(accountKey.publicKey, aliasKey).setInitialBalance(Hbar.fromTinybars(1)).freezeWith(suite.client);
      const unsigned = await (await create().execute(suite.client)).getReceipt(suite.client).catch((e: unknown) => e);
      expect((unsigned as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
      const receipt = await (await (await create().sign(aliasKey)).execute(suite.client)).getReceipt(suite.client);
      const info = await new AccountInfoQuery().setAccountId(receipt.accountId!).execute(suite.client);
      expect(info.contractAccountId).to.equal(aliasKey.publicKey.toEvmAddress());
      expect(info.aliasKey).to.equal(null);
      expect(info.key.toString()).to.equal(accountKey.publicKey.toString());
      const own = PrivateKey.generateECDSA();
      const direct = await (await new AccountCreateTransaction().setECDSAKeyWithAlias(own.publicKey).execute(suite.client)).getReceipt(suite.client);
      expect((await new AccountInfoQuery().setAccountId(direct.accountId!).execute(suite.client)).contractAccountId).to.equal(own.publicKey.toEvmAddress());
    });

    it('refuses an address another account already has with ALIAS_ALREADY_ASSIGNED', async () => {
      const key = PrivateKey.generateECDSA();
      await (await new AccountCreateTransaction().setECDSAKeyWithAlias(key.publicKey).execute(suite.client)).getReceipt(suite.client);
      const again = await (await new AccountCreateTransaction().setECDSAKeyWithAlias(key.publicKey).execute(suite.client)).getReceipt(suite.client).catch((e: unknown) => e);
      expect((again as ReceiptStatusError).status).to.equal(Status.AliasAlreadyAssigned);
    });
  });
});
