import { expect } from 'chai';
import {
  AccountBalanceQuery, NetworkVersionInfoQuery, PrecheckStatusError, PrngTransaction, ScheduleCreateTransaction, Status, TransactionRecordQuery, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

describe('devnet UtilPrng and NetworkVersionInfoQuery', () => {
  let net: Devnet;
  let client: Client;
  const record = async (tx: PrngTransaction) => (await tx.execute(client)).getRecord(client);

  before(async () => {
    net = await startDevnet({ queryFeeTinybars: 12_345 });
    client = net.client();
  });
  after(async () => { await net.stop(); });

  describe('when a PrngTransaction gives no range', () => {
    it('records 48 pseudorandom bytes, different each time', async () => {
      const [first, second] = [await record(new PrngTransaction()), await record(new PrngTransaction())];
      expect(first.prngBytes).to.have.length(48);
      expect(first.prngNumber).to.equal(null);
      expect(Buffer.from(first.prngBytes!).equals(Buffer.from(second.prngBytes!))).to.equal(false);
    });
  });

  describe('when a PrngTransaction gives a range', () => {
    it('records a number in [0, range) instead of bytes', async () => {
      const numbers: number[] = [];
      for (let i = 0; i < 20; i++) {
        const result = await record(new PrngTransaction().setRange(3));
        expect(result.prngBytes).to.equal(null);
        numbers.push(result.prngNumber!);
      }
      expect(numbers.every((n) => Number.isInteger(n) && n >= 0 && n < 3), numbers.join()).to.equal(true);
    });

    it('answers INVALID_PRNG_RANGE at precheck for a negative range', async () => {
      const error = await new PrngTransaction().setRange(-1).execute(client).then(() => undefined, (e: PrecheckStatusError) => e);
      expect(error?.status).to.equal(Status.InvalidPrngRange);
    });

    it('is schedulable like any other transaction', async () => {
      const created = await (await new ScheduleCreateTransaction().setScheduledTransaction(new PrngTransaction().setRange(7)).execute(client)).getReceipt(client);
      const scheduled = await new TransactionRecordQuery().setTransactionId(created.scheduledTransactionId!).execute(client);
      expect(scheduled.scheduleRef!.toString()).to.equal(created.scheduleId!.toString());
      expect(scheduled.prngNumber).to.be.within(0, 6);
    });
  });

  describe('when asked for the network version', () => {
    it('answers HAPI 0.73.0 (the protobufs of @hiero-ledger/proto 2.31.0) for both versions, as a paid query', async () => {
      const balance = async () => (await new AccountBalanceQuery().setAccountId(net.operatorId).execute(client)).hbars.toTinybars().toNumber();
      const before = await balance();
      const info = await new NetworkVersionInfoQuery().execute(client);
      // The SDK pays the cost the node answers plus its 10 % margin, and the node keeps the payment.
      expect(before - (await balance())).to.be.at.least(12_345);
      for (const version of [info.protobufVersion, info.servicesVersion]) {
        expect({ major: version.major, minor: version.minor, patch: version.patch }).to.deep.equal({ major: 0, minor: 73, patch: 0 });
      }
    });
  });
});
