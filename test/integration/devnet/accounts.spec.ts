import { expect } from 'chai';
import {
  AccountBalanceQuery, AccountCreateTransaction, AccountDeleteTransaction, AccountId, AccountInfoQuery, AccountUpdateTransaction,
  Hbar, PrecheckStatusError, PrivateKey, ReceiptStatusError, Status, TransactionId, TransferTransaction, Timestamp, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

describe('devnet accounts and HBAR transfers', () => {
  let net: Devnet;
  let client: Client;

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
  });
  after(async () => { await net.stop(); });

  describe('when the devnet starts', () => {
    it('exposes a funded operator 0.0.2 on loopback', async () => {
      expect(net.operatorId).to.equal('0.0.2');
      expect(net.grpcAddress).to.match(/^127\.0\.0\.1:\d+$/);
      expect(net.mirrorUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      const balance = await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(balance.hbars.toTinybars().toString()).to.not.equal('0');
    });
  });

  describe('when creating accounts', () => {
    it('creates an ED25519 account with the requested balance', async () => {
      const key = PrivateKey.generateED25519();
      const receipt = await (await new AccountCreateTransaction().setKeyWithoutAlias(key.publicKey).setInitialBalance(new Hbar(5)).execute(client)).getReceipt(client);
      expect(receipt.status).to.equal(Status.Success);
      const info = await new AccountInfoQuery().setAccountId(receipt.accountId!).execute(client);
      expect(info.balance.toTinybars().toNumber()).to.equal(5e8);
      expect(info.key.toString()).to.equal(key.publicKey.toString());
    });

    it('creates an ECDSA account that can pay for its own transfers', async () => {
      const { accountId, privateKey } = await net.createAccount({ hbar: 3, key: PrivateKey.generateECDSA() });
      const tx = await new TransferTransaction().addHbarTransfer(accountId, new Hbar(-1)).addHbarTransfer(net.operatorId, new Hbar(1))
        .setTransactionId(TransactionId.generate(accountId)).freezeWith(client).sign(privateKey);
      const receipt = await (await tx.execute(client)).getReceipt(client);
      expect(receipt.status).to.equal(Status.Success);
      const balance = await new AccountBalanceQuery().setAccountId(accountId).execute(client);
      expect(balance.hbars.toTinybars().toNumber()).to.equal(2e8 - 100_000);
    });

    it('charges the fixed fee to the payer', async () => {
      const before = (await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client)).hbars.toTinybars();
      const { accountId } = await net.createAccount({ hbar: 1 });
      const after = (await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client)).hbars.toTinybars();
      expect(before.subtract(after).toNumber()).to.equal(1e8 + 100_000);
      expect(accountId).to.match(/^0\.0\.\d+$/);
    });
  });

  describe('when transferring HBAR', () => {
    it('moves tinybars between accounts', async () => {
      const a = await net.createAccount({ hbar: 10 });
      const b = await net.createAccount({ hbar: 0 });
      const tx = await new TransferTransaction().addHbarTransfer(a.accountId, Hbar.fromTinybars(-250)).addHbarTransfer(b.accountId, Hbar.fromTinybars(250))
        .freezeWith(client).sign(a.privateKey);
      const receipt = await (await tx.execute(client)).getReceipt(client);
      expect(receipt.status).to.equal(Status.Success);
      expect((await new AccountBalanceQuery().setAccountId(b.accountId).execute(client)).hbars.toTinybars().toNumber()).to.equal(250);
    });

    it('fails with INVALID_SIGNATURE in the receipt when the debited account did not sign', async () => {
      const a = await net.createAccount({ hbar: 10 });
      const response = await new TransferTransaction().addHbarTransfer(a.accountId, -1).addHbarTransfer(net.operatorId, 1).execute(client);
      const error = await response.getReceipt(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ReceiptStatusError);
      expect((error as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
    });

    it('fails with INVALID_SIGNATURE when the debited account signed with a wrong key', async () => {
      const a = await net.createAccount({ hbar: 10 });
      const tx = await new TransferTransaction().addHbarTransfer(a.accountId, -1).addHbarTransfer(net.operatorId, 1).freezeWith(client).sign(PrivateKey.generateED25519());
      const error = await (await tx.execute(client)).getReceipt(client).catch((e: unknown) => e);
      expect((error as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
    });

    it('rejects at precheck a payer signature made with the wrong key', async () => {
      const a = await net.createAccount({ hbar: 10 });
      const tx = new TransferTransaction().addHbarTransfer(a.accountId, -1).addHbarTransfer(net.operatorId, 1)
        .setTransactionId(TransactionId.generate(a.accountId)).freezeWith(client);
      await tx.sign(PrivateKey.generateED25519());
      const other = net.client().setOperator(a.accountId, PrivateKey.generateED25519());
      const error = await tx.execute(other).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.InvalidSignature);
    });

    it('fails with INSUFFICIENT_ACCOUNT_BALANCE when the sender lacks funds', async () => {
      const a = await net.createAccount({ hbar: 1 });
      const tx = await new TransferTransaction().addHbarTransfer(a.accountId, new Hbar(-2)).addHbarTransfer(net.operatorId, new Hbar(2)).freezeWith(client).sign(a.privateKey);
      const error = await (await tx.execute(client)).getReceipt(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ReceiptStatusError);
      expect((error as ReceiptStatusError).status).to.equal(Status.InsufficientAccountBalance);
    });

    it('rejects at precheck a payer that cannot cover the fee (INSUFFICIENT_PAYER_BALANCE)', async () => {
      const a = await net.createAccount({ hbar: 0 });
      const payerClient = net.client().setOperator(a.accountId, a.privateKey);
      const error = await new TransferTransaction().addHbarTransfer(net.operatorId, -1).addHbarTransfer(a.accountId, 1).execute(payerClient).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.InsufficientPayerBalance);
    });

    it('rejects at precheck a payer that sends more than it holds (INSUFFICIENT_PAYER_BALANCE)', async () => {
      const a = await net.createAccount({ hbar: 1 });
      const payerClient = net.client().setOperator(a.accountId, a.privateKey);
      const error = await new TransferTransaction().addHbarTransfer(a.accountId, new Hbar(-2)).addHbarTransfer(net.operatorId, new Hbar(2)).execute(payerClient).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.InsufficientPayerBalance);
    });

    it('rejects transfers that do not sum to zero (INVALID_ACCOUNT_AMOUNTS)', async () => {
      const error = await new TransferTransaction().addHbarTransfer(net.operatorId, -2).addHbarTransfer('0.0.98', 1).execute(client).catch((e: unknown) => e);
      expect((error as PrecheckStatusError).status).to.equal(Status.InvalidAccountAmounts);
    });
  });

  describe('when a transaction ID is reused or out of its validity window', () => {
    it('rejects the second submission with DUPLICATE_TRANSACTION', async () => {
      const tx = await new TransferTransaction().addHbarTransfer(net.operatorId, -1).addHbarTransfer('0.0.98', 1).freezeWith(client).signWithOperator(client);
      const bytes = tx.toBytes();
      await (await tx.execute(client)).getReceipt(client);
      const again = TransferTransaction.fromBytes(bytes);
      const error = await again.execute(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.DuplicateTransaction);
    });

    it('rejects a valid start in the future with INVALID_TRANSACTION_START', async () => {
      const start = Timestamp.fromDate(new Date(Date.now() + 60_000));
      const error = await new TransferTransaction().addHbarTransfer(net.operatorId, -1).addHbarTransfer('0.0.98', 1)
        .setTransactionId(TransactionId.withValidStart(AccountId.fromString(net.operatorId), start)).execute(client).catch((e: unknown) => e);
      expect((error as PrecheckStatusError).status).to.equal(Status.InvalidTransactionStart);
    });

    it('rejects an expired valid start with TRANSACTION_EXPIRED', async () => {
      const start = Timestamp.fromDate(new Date(Date.now() - 10 * 60_000));
      const error = await new TransferTransaction().addHbarTransfer(net.operatorId, -1).addHbarTransfer('0.0.98', 1)
        .setTransactionId(TransactionId.withValidStart(AccountId.fromString(net.operatorId), start)).execute(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.TransactionExpired);
    });
  });

  describe('when updating and deleting accounts', () => {
    it('updates the memo when the account key signs, and rejects it otherwise', async () => {
      const a = await net.createAccount({ hbar: 1 });
      const unsigned = await new AccountUpdateTransaction().setAccountId(a.accountId).setAccountMemo('no').execute(client);
      expect(((await unsigned.getReceipt(client).catch((e: unknown) => e)) as ReceiptStatusError).status).to.equal(Status.InvalidSignature);
      const signed = await new AccountUpdateTransaction().setAccountId(a.accountId).setAccountMemo('hello').freezeWith(client).sign(a.privateKey);
      await (await signed.execute(client)).getReceipt(client);
      expect((await new AccountInfoQuery().setAccountId(a.accountId).execute(client)).accountMemo).to.equal('hello');
    });

    it('deletes an account, sweeping its balance to the transfer account', async () => {
      const a = await net.createAccount({ hbar: 4 });
      const b = await net.createAccount({ hbar: 0 });
      const tx = await new AccountDeleteTransaction().setAccountId(a.accountId).setTransferAccountId(b.accountId).freezeWith(client).sign(a.privateKey);
      expect((await (await tx.execute(client)).getReceipt(client)).status).to.equal(Status.Success);
      expect((await new AccountBalanceQuery().setAccountId(b.accountId).execute(client)).hbars.toTinybars().toNumber()).to.equal(4e8);
      const error = await new AccountBalanceQuery().setAccountId(a.accountId).execute(client).catch((e: unknown) => e);
      expect((error as PrecheckStatusError).status).to.equal(Status.AccountDeleted);
    });

    it('reports INVALID_ACCOUNT_ID for an unknown account', async () => {
      const error = await new AccountInfoQuery().setAccountId('0.0.999999').execute(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(PrecheckStatusError);
      expect((error as PrecheckStatusError).status).to.equal(Status.InvalidAccountId);
    });
  });
});
