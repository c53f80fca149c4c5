import { expect } from 'chai';
import {
  AccountBalanceQuery, Hbar, PrecheckStatusError, type PrivateKey, ReceiptStatusError, ScheduleCreateTransaction, ScheduleInfoQuery,
  ScheduleSignTransaction, Status, Timestamp, TransactionRecordQuery, TransferTransaction, type Client, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { checkedGet } from '../../support/mirror-checked.js';

/** Mirror timestamp `"S.N"` to nanoseconds, for ordering. */
const ns = (timestamp: string) => BigInt(timestamp.replace('.', ''));

describe('devnet schedule expiry follows the ledger clock', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  // How far the devnet's clock runs ahead of this process's; moved forward to let schedules expire.
  let ahead = 0;
  let alice: { accountId: string; privateKey: PrivateKey };
  let bob: { accountId: string; privateKey: PrivateKey };
  let waiting: TransactionReceipt;
  let unsigned: TransactionReceipt;
  let waitingUnsigned: TransactionReceipt;
  let expirationSec: number;

  const tinybars = async (id: string) => (await new AccountBalanceQuery().setAccountId(id).execute(client)).hbars.toTinybars().toNumber();
  const transfer = (amount: number) => new TransferTransaction()
    .addHbarTransfer(alice.accountId, Hbar.fromTinybars(-amount)).addHbarTransfer(bob.accountId, Hbar.fromTinybars(amount));

  before(async () => {
    net = await startDevnet({ now: () => Date.now() + ahead });
    client = net.client();
    alice = await net.createAccount({ hbar: 10 });
    bob = await net.createAccount({ hbar: 1 });
    expirationSec = Math.floor(Date.now() / 1000) + 30;
    const expiry = new Timestamp(expirationSec, 0);
    const waitTx = await new ScheduleCreateTransaction().setScheduledTransaction(transfer(1_000)).setExpirationTime(expiry).setWaitForExpiry(true)
      .freezeWith(client).sign(alice.privateKey);
    waiting = await (await waitTx.execute(client)).getReceipt(client);
    unsigned = await (await new ScheduleCreateTransaction().setScheduledTransaction(transfer(2_000)).setExpirationTime(expiry).execute(client)).getReceipt(client);
    waitingUnsigned = await (await new ScheduleCreateTransaction().setScheduledTransaction(transfer(4_000)).setExpirationTime(expiry).setWaitForExpiry(true)
      .execute(client)).getReceipt(client);
  });
  after(async () => { await net.stop(); });

  describe('before the expiration time', () => {
    it('keeps a fully signed waitForExpiry schedule waiting, and wants new signatures for it', async () => {
      expect(await tinybars(bob.accountId)).to.equal(100_000_000);
      const info = await new ScheduleInfoQuery().setScheduleId(waiting.scheduleId!).execute(client);
      expect(info.waitForExpiry).to.equal(true);
      expect(info.executed).to.equal(null);
      expect(info.expirationTime!.seconds.toNumber()).to.equal(expirationSec);
      const again = await (await new ScheduleSignTransaction().setScheduleId(waiting.scheduleId!).freezeWith(client).sign(alice.privateKey)).execute(client);
      const error = await again.getReceipt(client).then(() => undefined, (e: ReceiptStatusError) => e);
      expect(error?.status).to.equal(Status.NoNewValidSignatures);
    });
  });

  describe('once the clock passes the expiration time', () => {
    before(() => { ahead = 45_000; });

    it('runs the waiting schedule at the first observation after its expiry', async () => {
      expect(await tinybars(bob.accountId)).to.equal(100_000_000 + 1_000);
      const record = await new TransactionRecordQuery().setTransactionId(waiting.scheduledTransactionId!).execute(client);
      expect(record.receipt.status).to.equal(Status.Success);
      expect(record.scheduleRef!.toString()).to.equal(waiting.scheduleId!.toString());
      expect(record.consensusTimestamp.seconds.toNumber()).to.be.at.least(expirationSec);
    });

    it('runs a waiting schedule without its signatures too, and its record fails with INVALID_SIGNATURE', async () => {
      const record = await new TransactionRecordQuery().setTransactionId(waitingUnsigned.scheduledTransactionId!).setValidateReceiptStatus(false).execute(client);
      expect(record.receipt.status).to.equal(Status.InvalidSignature);
      expect(record.scheduleRef!.toString()).to.equal(waitingUnsigned.scheduleId!.toString());
      expect(await tinybars(alice.accountId)).to.equal(1_000_000_000 - 1_000);
    });

    it('lets the unsigned schedule lapse: it is gone from state and its transfer never happens', async () => {
      const sign = await (await new ScheduleSignTransaction().setScheduleId(unsigned.scheduleId!).freezeWith(client).sign(alice.privateKey)).execute(client);
      const error = await sign.getReceipt(client).then(() => undefined, (e: ReceiptStatusError) => e);
      expect(error?.status).to.equal(Status.InvalidScheduleId);
      expect(await tinybars(bob.accountId)).to.equal(100_000_000 + 1_000);
      for (const id of [waiting.scheduleId!, unsigned.scheduleId!]) {
        const query = await new ScheduleInfoQuery().setScheduleId(id).execute(client).then(() => undefined, (e: PrecheckStatusError) => e);
        expect(query?.status).to.equal(Status.InvalidScheduleId);
      }
    });

    it('keeps both on the mirror, with an executed timestamp only for the one that ran', async () => {
      const ran = await checkedGet(net.mirrorUrl, `/api/v1/schedules/${waiting.scheduleId}`);
      expect(ran).to.include({ wait_for_expiry: true, deleted: false, expiration_time: `${expirationSec}.000000000` });
      expect(ns(ran.executed_timestamp) >= ns(ran.expiration_time)).to.equal(true);
      const lapsed = await checkedGet(net.mirrorUrl, `/api/v1/schedules/${unsigned.scheduleId}`);
      expect(lapsed).to.include({ wait_for_expiry: false, executed_timestamp: null });
    });
  });
});
