import { expect } from 'chai';
import {
  AccountBalanceQuery, AccountInfoQuery, Hbar, MaxQueryPaymentExceeded, PrivateKey, Status, TransferTransaction, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('devnet records, paid queries and account mirror routes', () => {
  let net: Devnet;
  let client: Client;

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
  });
  after(async () => { await net.stop(); });

  const nodeBalance = async () => (await new AccountBalanceQuery().setAccountId('0.0.3').execute(client)).hbars.toTinybars().toNumber();

  describe('when asking for a record', () => {
    it('returns the transfers (fee included), hash and receipt of the transaction', async () => {
      const { accountId } = await net.createAccount({ hbar: 0 });
      const response = await new TransferTransaction().addHbarTransfer(net.operatorId, Hbar.fromTinybars(-42)).addHbarTransfer(accountId, Hbar.fromTinybars(42))
        .setTransactionMemo('rec').execute(client);
      const record = await response.getRecord(client);
      expect(record.receipt.status).to.equal(Status.Success);
      expect(record.transactionMemo).to.equal('rec');
      expect(Buffer.from(record.transactionHash).equals(Buffer.from(response.transactionHash))).to.equal(true);
      expect(record.transactionFee.toTinybars().toNumber()).to.equal(100_000);
      const legs = Object.fromEntries(record.transfers.map((t) => [t.accountId.toString(), t.amount.toTinybars().toNumber()]));
      expect(legs).to.deep.equal({ '0.0.2': -100_042, [accountId]: 42, '0.0.98': 100_000 });
    });
  });

  describe('when running paid and free queries', () => {
    it('answers the cost, and the payment reaches the node only for paid queries', async () => {
      const cost = await new AccountInfoQuery().setAccountId(net.operatorId).getCost(client);
      expect(cost.toTinybars().toNumber()).to.be.greaterThan(0);
      const before = await nodeBalance();
      await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client);
      expect(await nodeBalance()).to.equal(before);
      await new AccountInfoQuery().setAccountId(net.operatorId).execute(client);
      expect(await nodeBalance()).to.be.greaterThan(before);
    });

    it('lets the SDK refuse a query that costs more than its max payment', async () => {
      const error = await new AccountInfoQuery().setAccountId(net.operatorId).setMaxQueryPayment(Hbar.fromTinybars(1)).execute(client).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(MaxQueryPaymentExceeded);
    });
  });

  describe('when reading accounts from the mirror', () => {
    it('describes an ECDSA account with raw-hex key, balance and transactions, also by EVM address', async () => {
      const key = PrivateKey.generateECDSA();
      const { accountId } = await net.createAccount({ hbar: 2, key });
      const { status, body } = await getJson(`${net.mirrorUrl}/api/v1/accounts/${accountId}`);
      expect(status).to.equal(200);
      expect(body).to.include({ account: accountId, deleted: false, memo: '', max_automatic_token_associations: 0, ethereum_nonce: 0 });
      expect(body.key).to.deep.equal({ _type: 'ECDSA_SECP256K1', key: key.publicKey.toStringRaw() });
      expect(body.balance.balance).to.equal(2e8);
      expect(body.created_timestamp).to.match(/^\d+\.\d{9}$/);
      expect(body.transactions.map((t: any) => t.name)).to.deep.equal(['CRYPTOCREATEACCOUNT']);
      const byEvm = await getJson(`${net.mirrorUrl}/api/v1/accounts/${body.evm_address}`);
      expect(byEvm.body.account).to.equal(accountId);
      const doubled = await getJson(`${net.mirrorUrl}/api/v1/api/v1/accounts/${accountId}`);
      expect(doubled.body.account).to.equal(accountId);
    });

    it('answers 404 for unknown accounts and 400 for malformed filters', async () => {
      const missing = await getJson(`${net.mirrorUrl}/api/v1/accounts/0.0.424242`);
      expect(missing.status).to.equal(404);
      expect(missing.body).to.deep.equal({ _status: { messages: [{ message: 'Not found' }] } });
      const bad = await getJson(`${net.mirrorUrl}/api/v1/balances?account.id=gt:abc`);
      expect(bad.status).to.equal(400);
      expect(bad.body._status.messages[0].message).to.equal('Invalid parameter: account.id');
    });

    it('lists transactions of an account by type and pages balances', async () => {
      const { accountId, privateKey } = await net.createAccount({ hbar: 3 });
      const tx = await new TransferTransaction().addHbarTransfer(accountId, Hbar.fromTinybars(-7)).addHbarTransfer(net.operatorId, Hbar.fromTinybars(7)).freezeWith(client).sign(privateKey);
      await (await tx.execute(client)).getReceipt(client);
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/transactions?account.id=${accountId}&transactiontype=CRYPTOTRANSFER`);
      expect(body.transactions).to.have.length(1);
      expect(body.transactions[0].transfers).to.deep.include({ account: accountId, amount: -7, is_approval: false });
      const page1 = await getJson(`${net.mirrorUrl}/api/v1/balances?limit=2`);
      expect(page1.body.balances).to.have.length(2);
      expect(page1.body.links.next).to.match(/^\/api\/v1\/balances\?/);
      const page2 = await getJson(`${net.mirrorUrl}${page1.body.links.next}`);
      const ids = [...page1.body.balances, ...page2.body.balances].map((b: any) => Number(b.account.split('.')[2]));
      expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).to.equal(ids.length);
    });

    it('serves an exchange rate', async () => {
      const { body } = await getJson(`${net.mirrorUrl}/api/v1/network/exchangerate`);
      expect(body.current_rate).to.include({ cent_equivalent: 300000, hbar_equivalent: 30000 });
      expect(body.next_rate.expiration_time).to.be.greaterThan(body.current_rate.expiration_time);
    });
  });
});
