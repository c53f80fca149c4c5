import { expect } from 'chai';
import {
  AccountBalanceQuery, AccountInfoQuery, Hbar, PrecheckStatusError, PrivateKey, ReceiptStatusError, ScheduleCreateTransaction, Status, TokenCreateTransaction,
  TransactionReceiptQuery, TransactionRecordQuery, TransferTransaction, type AccountId, type TransactionResponse,
} from '@hiero-ledger/sdk';
import { devnetSuite } from '../../support/devnet-suite.js';

describe('devnet accounts auto-created by a transfer to a key alias (HIP-32, HIP-542)', () => {
  const suite = devnetSuite();

  const sendHbar = (to: AccountId, tinybars: number) =>
    new TransferTransaction().addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(-tinybars)).addHbarTransfer(to, Hbar.fromTinybars(tinybars)).execute(suite.client);

  async function failure(response: Promise<TransactionResponse>): Promise<unknown> {
    return (await response).getReceipt(suite.client).catch((e: unknown) => e);
  }

  for (const [type, generate] of [['ECDSA(secp256k1)', () => PrivateKey.generateECDSA()], ['ED25519', () => PrivateKey.generateED25519()]] as const) {
    describe(`when HBAR goes to an unused ${type} key alias`, () => {
      it('creates an account with that key, credited and reachable through the alias', async () => {
        const key = generate();
        const alias = key.publicKey.toAccountId(0, 0);
        const response = await sendHbar(alias, 4_000);
        const receipt = await new TransactionReceiptQuery().setTransactionId(response.transactionId).setIncludeChildren(true).execute(suite.client);
        expect(receipt.status).to.equal(Status.Success);
        expect(receipt.children).to.have.length(1);
        const created = receipt.children[0].accountId!;
        const info = await new AccountInfoQuery().setAccountId(alias).execute(suite.client);
        expect(info.accountId.toString()).to.equal(created.toString());
        expect(info.key.toString()).to.equal(key.publicKey.toString());
        expect(info.aliasKey?.toString()).to.equal(key.publicKey.toString());
        expect(info.balance.toTinybars().toNumber()).to.equal(4_000);
        expect(info.maxAutomaticTokenAssociations.toNumber()).to.equal(-1);
        const balance = await new AccountBalanceQuery().setAccountId(alias).execute(suite.client);
        expect(balance.hbars.toTinybars().toNumber()).to.equal(4_000);
      });

      it('credits the existing account on a second transfer instead of creating another', async () => {
        const alias = generate().publicKey.toAccountId(0, 0);
        await (await sendHbar(alias, 10)).getReceipt(suite.client);
        const second = await sendHbar(alias, 15);
        const receipt = await new TransactionReceiptQuery().setTransactionId(second.transactionId).setIncludeChildren(true).execute(suite.client);
        expect(receipt.children).to.have.length(0);
        expect((await new AccountBalanceQuery().setAccountId(alias).execute(suite.client)).hbars.toTinybars().toNumber()).to.equal(25);
      });
    });
  }

  describe('when reading the records of an auto-creation', () => {
    it('lists a preceding child record with the next nonce, the alias and the EVM address of an ECDSA key', async () => {
      const key = PrivateKey.generateECDSA();
      const response = await sendHbar(key.publicKey.toAccountId(0, 0), 1);
      const record = await new TransactionRecordQuery().setTransactionId(response.transactionId).setIncludeChildren(true).execute(suite.client);
      expect(record.children).to.have.length(1);
      const child = record.children[0];
      expect(child.transactionId.nonce?.toNumber()).to.equal(1);
      expect(child.transactionId.accountId?.toString()).to.equal(suite.net.operatorId);
      expect(child.receipt.accountId?.toString()).to.equal(record.transfers.find((t) => t.amount.toTinybars().toNumber() === 1)?.accountId.toString());
      expect(child.aliasKey?.toString()).to.equal(key.publicKey.toString());
      expect(child.evmAddress?.toString()).to.equal(key.publicKey.toEvmAddress());
      expect(child.consensusTimestamp.compare(record.consensusTimestamp)).to.equal(-1);
      const direct = await new TransactionReceiptQuery().setTransactionId(child.transactionId).execute(suite.client);
      expect(direct.accountId?.toString()).to.equal(child.receipt.accountId?.toString());
    });

    it('shows the account on the mirror under its derived EVM address, and the child transaction with nonce 1', async () => {
      const key = PrivateKey.generateECDSA();
      const response = await sendHbar(key.publicKey.toAccountId(0, 0), 7);
      await response.getReceipt(suite.client);
      const account = await (await fetch(`${suite.net.mirrorUrl}/api/v1/accounts/0x${key.publicKey.toEvmAddress()}`)).json() as { account: string; evm_address: string; balance: { balance: number } };
      expect(account.evm_address).to.equal(`0x${key.publicKey.toEvmAddress()}`);
      expect(account.balance.balance).to.equal(7);
      const id = response.transactionId.toString().replace('@', '-').replace(/\.(\d+)$/, '-$1');
      const listed = await (await fetch(`${suite.net.mirrorUrl}/api/v1/transactions/${id}`)).json() as { transactions: Array<{ name: string; nonce: number; entity_id: string | null }> };
      const child = listed.transactions.find((t) => t.nonce === 1);
      expect(child?.name).to.equal('CRYPTOCREATEACCOUNT');
      expect(child?.entity_id).to.equal(account.account);
    });
  });

  describe('when the transfer that would create the account fails', () => {
    it('creates nothing: the alias still names no account', async () => {
      const poor = await suite.net.createAccount({ hbar: 0 });
      const alias = PrivateKey.generateECDSA().publicKey.toAccountId(0, 0);
      const tx = await new TransferTransaction().addHbarTransfer(poor.accountId, Hbar.fromTinybars(-5)).addHbarTransfer(alias, Hbar.fromTinybars(5))
        .freezeWith(suite.client).sign(poor.privateKey);
      const error = await failure(tx.execute(suite.client));
      expect((error as ReceiptStatusError).status).to.equal(Status.InsufficientAccountBalance);
      const lookup = await new AccountInfoQuery().setAccountId(alias).execute(suite.client).catch((e: unknown) => e);
      expect((lookup as PrecheckStatusError).status).to.equal(Status.InvalidAccountId);
    });

    it('refuses a debit from an alias nobody has with INVALID_ACCOUNT_ID', async () => {
      const alias = PrivateKey.generateED25519().publicKey.toAccountId(0, 0);
      const tx = new TransferTransaction().addHbarTransfer(alias, Hbar.fromTinybars(-5)).addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(5)).execute(suite.client);
      expect(((await failure(tx)) as ReceiptStatusError).status).to.equal(Status.InvalidAccountId);
    });

    it('stops at three new accounts in one transfer with MAX_CHILD_RECORDS_EXCEEDED', async () => {
      const aliases = [1, 2, 3, 4].map(() => PrivateKey.generateED25519().publicKey.toAccountId(0, 0));
      const tx = new TransferTransaction().addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(-4));
      for (const alias of aliases) tx.addHbarTransfer(alias, Hbar.fromTinybars(1));
      expect(((await failure(tx.execute(suite.client))) as ReceiptStatusError).status).to.equal(Status.MaxChildRecordsExceeded);
      const lookup = await new AccountBalanceQuery().setAccountId(aliases[0]).execute(suite.client).catch((e: unknown) => e);
      expect((lookup as PrecheckStatusError).status).to.equal(Status.InvalidAccountId);
    });
  });

  describe('when the transfer to an unused alias is scheduled', () => {
    it('creates the account once, when the scheduled transfer runs, and not while the schedule is checked', async () => {
      const alias = PrivateKey.generateED25519().publicKey.toAccountId(0, 0);
      const transfer = new TransferTransaction().addHbarTransfer(suite.net.operatorId, Hbar.fromTinybars(-9)).addHbarTransfer(alias, Hbar.fromTinybars(9));
      const created = await (await new ScheduleCreateTransaction().setScheduledTransaction(transfer).execute(suite.client)).getReceipt(suite.client);
      const receipt = await new TransactionReceiptQuery().setTransactionId(created.scheduledTransactionId!).setIncludeChildren(true).execute(suite.client);
      expect(receipt.status).to.equal(Status.Success);
      expect(receipt.children).to.have.length(1);
      const info = await new AccountInfoQuery().setAccountId(alias).execute(suite.client);
      expect(info.accountId.toString()).to.equal(receipt.children[0].accountId!.toString());
      expect(info.balance.toTinybars().toNumber()).to.equal(9);
    });
  });

  describe('when tokens go to an unused key alias', () => {
    it('creates the account and associates the token automatically', async () => {
      const token = await (await new TokenCreateTransaction().setTokenName('Alias').setTokenSymbol('ALS').setInitialSupply(100)
        .setTreasuryAccountId(suite.net.operatorId).execute(suite.client)).getReceipt(suite.client);
      const alias = PrivateKey.generateECDSA().publicKey.toAccountId(0, 0);
      const response = await new TransferTransaction().addTokenTransfer(token.tokenId!, suite.net.operatorId, -30).addTokenTransfer(token.tokenId!, alias, 30).execute(suite.client);
      expect((await response.getReceipt(suite.client)).status).to.equal(Status.Success);
      const balance = await new AccountBalanceQuery().setAccountId(alias).execute(suite.client);
      expect(balance.tokens?.get(token.tokenId!)?.toNumber()).to.equal(30);
      expect(balance.hbars.toTinybars().toNumber()).to.equal(0);
    });
  });
});
