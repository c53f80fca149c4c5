import { expect } from 'chai';
import {
  AccountBalanceQuery, Hbar, Status, TransactionId, TransactionReceiptQuery, TransactionRecordQuery, TransferTransaction, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';

/**
 * What settling an interrupted call relies on (src/audit/delivery/intent-preemption.ts): the
 * network runs at most one transaction per transaction ID, a transfer of nothing is a valid no-op,
 * and the record of an ID is the copy that ran, with the hash of its signed bytes. Over real gRPC
 * with the official SDK, as a restarted agent would ask.
 */
describe('devnet: a no-op under a transaction ID already used, or not yet', () => {
  let net: Devnet;
  let client: Client;
  let recipient: string;

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });
  after(async () => { await net.stop(); });

  const balance = async (account: string) => (await new AccountBalanceQuery().setAccountId(account).execute(client)).hbars.toTinybars().toNumber();
  const transfer = (id: TransactionId, tinybars: number) =>
    new TransferTransaction().setTransactionId(id).addHbarTransfer(net.operatorId, Hbar.fromTinybars(-tinybars)).addHbarTransfer(recipient, Hbar.fromTinybars(tinybars));
  const noop = (id: TransactionId) => new TransferTransaction().setTransactionId(id).setTransactionMemo('no-op');
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

  describe('when the ID is fresh', () => {
    it('runs the transfer of nothing: SUCCESS, only the fee moves, and the ID is taken for the transfer sent after it', async () => {
      const id = TransactionId.generate(net.operatorId);
      const before = await balance(recipient);
      const sent = await noop(id).freezeWith(client).signWithOperator(client);
      const hash = hex(await sent.getTransactionHash());
      expect((await (await sent.execute(client)).getReceipt(client)).status).to.equal(Status.Success);

      const late = await transfer(id, 500).execute(client).then(() => 'OK', (error: unknown) => String((error as { status?: unknown }).status));
      expect(late).to.equal('DUPLICATE_TRANSACTION');
      expect(await balance(recipient)).to.equal(before);
      const record = await new TransactionRecordQuery({ transactionId: id, includeDuplicates: true }).execute(client);
      expect(hex(record.transactionHash), 'the record is the no-op\'s').to.equal(hash);
      expect(record.transfers.filter((leg) => leg.accountId.toString() === recipient)).to.deep.equal([]);
      expect(record.duplicates, 'a copy refused at precheck never reached consensus').to.deep.equal([]);
    });
  });

  describe('when the call\'s transfer already ran under the ID', () => {
    it('refuses the no-op as DUPLICATE_TRANSACTION without charging it, and the record names the transfer by its hash', async () => {
      const id = TransactionId.generate(net.operatorId);
      const before = await balance(recipient);
      const original = await transfer(id, 700).freezeWith(client).signWithOperator(client);
      const hash = hex(await original.getTransactionHash());
      await (await original.execute(client)).getReceipt(client);
      const payerBefore = await balance(net.operatorId);

      const refused = await noop(id).execute(client).then(() => 'OK', (error: unknown) => String((error as { status?: unknown }).status));
      expect(refused).to.equal('DUPLICATE_TRANSACTION');
      expect(await balance(net.operatorId), 'a copy refused at precheck costs the payer nothing').to.equal(payerBefore);
      expect(await balance(recipient)).to.equal(before + 700);
      const record = await new TransactionRecordQuery({ transactionId: id, includeDuplicates: true }).execute(client);
      expect(hex(record.transactionHash)).to.equal(hash);
      expect(record.receipt.status).to.equal(Status.Success);
      const receipt = await new TransactionReceiptQuery().setTransactionId(id).setIncludeDuplicates(true).execute(client);
      expect(receipt.duplicates).to.deep.equal([]);
    });
  });

  describe('when the call\'s transfer reaches a slow node after the no-op', () => {
    it('runs the no-op, which arrived first, and refuses the transfer: one transaction per ID, in the order the node takes them', async () => {
      const id = TransactionId.generate(net.operatorId);
      const before = await balance(recipient);
      net.faults.inject({ rpc: 'cryptoTransfer', latencyMs: 1_000, times: 1 });
      const held = transfer(id, 900).execute(client).then(() => 'OK', (error: unknown) => String((error as { status?: unknown }).status));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sent = await noop(id).freezeWith(client).signWithOperator(client);
      const hash = hex(await sent.getTransactionHash());
      await (await sent.execute(client)).getReceipt(client);

      expect(await held).to.equal('DUPLICATE_TRANSACTION');
      expect(await balance(recipient)).to.equal(before);
      expect(hex((await new TransactionRecordQuery({ transactionId: id }).execute(client)).transactionHash)).to.equal(hash);
    });
  });
});
