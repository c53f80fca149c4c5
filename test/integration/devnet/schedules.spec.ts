import { expect } from 'chai';
import {
  AccountBalanceQuery, AccountCreateTransaction, AccountId, ContractCallQuery, ContractExecuteTransaction, ContractFunctionParameters, Hbar, KeyList, PrecheckStatusError, PrivateKey, ReceiptStatusError, ScheduleCreateTransaction,
  ScheduleDeleteTransaction, ScheduleInfoQuery, ScheduleSignTransaction, Status, Timestamp, TokenBurnTransaction, TokenCreateTransaction, TokenInfoQuery,
  TopicCreateTransaction, TopicInfoQuery,
  TopicMessageSubmitTransaction, TransactionId, TransactionReceiptQuery, TransactionRecordQuery, TransferTransaction, type Client,
  type PublicKey, type TransactionReceipt,
} from '@hiero-ledger/sdk';
import { proto } from '@hiero-ledger/proto';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { checkedGet } from '../../support/mirror-checked.js';
import { deployProbe } from '../../support/probe-contract.js';

const FEE = 100_000;

/** The rejection of a promise that must fail (the test fails if it resolves). */
async function failure<T extends Error>(promise: Promise<unknown>): Promise<T> {
  return promise.then(() => { throw new Error('expected the call to fail'); }, (error: T) => error);
}

/** `0.0.x-<seconds>-<nanos>`, the mirror's form of a transaction ID. */
function mirrorId(id: TransactionId): string {
  return `${id.accountId!.toString()}-${id.validStart!.seconds.toString()}-${String(id.validStart!.nanos.toNumber()).padStart(9, '0')}`;
}

const rawHex = (key: PublicKey) => Buffer.from(key.toBytesRaw()).toString('hex');

describe('devnet schedule service (ScheduleCreate, ScheduleSign, ScheduleDelete, ScheduleInfoQuery)', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;

  const receipt = async (tx: { execute(c: Client): Promise<{ getReceipt(c: Client): Promise<TransactionReceipt> }> }) => (await tx.execute(client)).getReceipt(client);
  const tinybars = async (id: string) => (await new AccountBalanceQuery().setAccountId(id).execute(client)).hbars.toTinybars().toNumber();
  const transfer = (from: string, to: string, amount: number) => new TransferTransaction()
    .addHbarTransfer(from, Hbar.fromTinybars(-amount)).addHbarTransfer(to, Hbar.fromTinybars(amount));
  const sign = async (scheduleId: string, ...keys: PrivateKey[]) => {
    let tx = new ScheduleSignTransaction().setScheduleId(scheduleId).freezeWith(client);
    for (const key of keys) tx = await tx.sign(key);
    return (await tx.execute(client)).getReceipt(client);
  };
  const statusOf = async (promise: Promise<unknown>) => (await failure<ReceiptStatusError>(promise)).status;

  before(async () => {
    net = await startDevnet({ transactionFeeTinybars: FEE });
    client = net.client();
  });
  after(async () => { await net.stop(); });

  describe('when the scheduled transfer lacks its sender\'s signature', () => {
    let alice: { accountId: string; privateKey: PrivateKey };
    let bob: { accountId: string; privateKey: PrivateKey };
    let created: TransactionReceipt;
    let createId: TransactionId;

    before(async () => {
      alice = await net.createAccount({ hbar: 10 });
      bob = await net.createAccount({ hbar: 1 });
      const response = await new ScheduleCreateTransaction().setScheduledTransaction(transfer(alice.accountId, bob.accountId, 1_000))
        .setAdminKey(net.operatorKey.publicKey).setScheduleMemo('pay bob').execute(client);
      createId = response.transactionId;
      created = await response.getReceipt(client);
    });

    it('creates the schedule without running it, and names the scheduled transaction ID', async () => {
      expect(created.scheduleId).to.not.equal(null);
      const scheduledId = created.scheduledTransactionId!;
      expect(scheduledId.scheduled).to.equal(true);
      expect(scheduledId.accountId!.toString()).to.equal(createId.accountId!.toString());
      expect(scheduledId.validStart!.toString()).to.equal(createId.validStart!.toString());
      expect(await tinybars(bob.accountId)).to.equal(100_000_000);
      const info = await new ScheduleInfoQuery().setScheduleId(created.scheduleId!).execute(client);
      expect(info.executed).to.equal(null);
      expect(info.scheduleMemo).to.equal('pay bob');
      expect(info.creatorAccountId!.toString()).to.equal(net.operatorId);
      expect(info.payerAccountId!.toString()).to.equal(net.operatorId);
      expect(info.signers!.toArray().map(String)).to.deep.equal([net.operatorKey.publicKey.toString()]);
      await checkedGet(net.mirrorUrl, `/api/v1/transactions/${mirrorId(scheduledId)}?scheduled=true`, 404);
    });

    it('refuses a signature by a key the transfer does not need with NO_NEW_VALID_SIGNATURES', async () => {
      expect(await statusOf(sign(created.scheduleId!.toString(), PrivateKey.generateED25519()))).to.equal(Status.NoNewValidSignatures);
      expect(await tinybars(alice.accountId)).to.equal(1_000_000_000);
    });

    it('runs the transfer when the sender signs, in a record of its own that refers to the schedule', async () => {
      const signed = await sign(created.scheduleId!.toString(), alice.privateKey);
      expect(signed.status).to.equal(Status.Success);
      expect(signed.scheduledTransactionId!.toString()).to.equal(created.scheduledTransactionId!.toString());
      expect(await tinybars(alice.accountId)).to.equal(1_000_000_000 - 1_000);
      expect(await tinybars(bob.accountId)).to.equal(100_000_000 + 1_000);
      const record = await new TransactionRecordQuery().setTransactionId(created.scheduledTransactionId!).execute(client);
      expect(record.receipt.status).to.equal(Status.Success);
      expect(record.scheduleRef!.toString()).to.equal(created.scheduleId!.toString());
      expect(record.transactionId.scheduled).to.equal(true);
      const legs = Object.fromEntries(record.transfers.map((leg) => [leg.accountId.toString(), leg.amount.toTinybars().toNumber()]));
      expect(legs[alice.accountId]).to.equal(-1_000);
      expect(legs[net.operatorId]).to.equal(-FEE);
      const info = await new ScheduleInfoQuery().setScheduleId(created.scheduleId!).execute(client);
      expect(info.executed).to.not.equal(null);
      expect(info.signers!.toArray().map(String).sort()).to.deep.equal([net.operatorKey.publicKey.toString(), alice.privateKey.publicKey.toString()].sort());
    });

    it('refuses to sign or delete it once executed', async () => {
      expect(await statusOf(sign(created.scheduleId!.toString(), alice.privateKey))).to.equal(Status.ScheduleAlreadyExecuted);
      expect(await statusOf(receipt(new ScheduleDeleteTransaction().setScheduleId(created.scheduleId!)))).to.equal(Status.ScheduleAlreadyExecuted);
      expect(await tinybars(bob.accountId)).to.equal(100_000_000 + 1_000);
    });

    it('lists the schedule and both transactions on the mirror', async () => {
      const schedule = await checkedGet(net.mirrorUrl, `/api/v1/schedules/${created.scheduleId}`);
      const record = await new TransactionRecordQuery().setTransactionId(created.scheduledTransactionId!).execute(client);
      const executedAt = `${record.consensusTimestamp.seconds.toString()}.${String(record.consensusTimestamp.nanos.toNumber()).padStart(9, '0')}`;
      expect(schedule).to.include({
        schedule_id: created.scheduleId!.toString(), creator_account_id: net.operatorId, payer_account_id: net.operatorId, memo: 'pay bob',
        deleted: false, wait_for_expiry: false, executed_timestamp: executedAt, expiration_time: null,
      });
      expect(schedule.admin_key).to.deep.equal({ _type: 'ED25519', key: rawHex(net.operatorKey.publicKey) });
      const prefixes = schedule.signatures.map((s: { public_key_prefix: string }) => Buffer.from(s.public_key_prefix, 'base64').toString('hex'));
      expect(prefixes).to.include.members([rawHex(net.operatorKey.publicKey), rawHex(alice.privateKey.publicKey)]);
      const body = proto.SchedulableTransactionBody.decode(Buffer.from(schedule.transaction_body, 'base64'));
      const amounts = body.cryptoTransfer!.transfers!.accountAmounts!.map((leg) => Number(leg.amount));
      expect(amounts.sort((a, b) => a - b)).to.deep.equal([-1_000, 1_000]);
      const listed = await checkedGet(net.mirrorUrl, `/api/v1/schedules?account.id=${net.operatorId}&schedule.id=${created.scheduleId}`);
      expect(listed.schedules.map((s: { schedule_id: string }) => s.schedule_id)).to.deep.equal([created.scheduleId!.toString()]);
      const id = mirrorId(created.scheduledTransactionId!);
      const inner = await checkedGet(net.mirrorUrl, `/api/v1/transactions/${id}?scheduled=true`);
      expect(inner.transactions).to.have.length(1);
      expect(inner.transactions[0]).to.include({ scheduled: true, name: 'CRYPTOTRANSFER', result: 'SUCCESS', consensus_timestamp: executedAt });
      const outer = await checkedGet(net.mirrorUrl, `/api/v1/transactions/${id}?scheduled=false`);
      expect(outer.transactions.map((t: { name: string }) => t.name)).to.deep.equal(['SCHEDULECREATE']);
      expect(outer.transactions[0].entity_id).to.equal(created.scheduleId!.toString());
      const transfers = await checkedGet(net.mirrorUrl, `/api/v1/transactions?transactiontype=CRYPTOTRANSFER&account.id=${bob.accountId}`);
      expect(transfers.transactions.filter((t: { scheduled: boolean }) => t.scheduled)).to.have.length(1);
    });
  });

  describe('when the ScheduleCreate itself carries every required signature', () => {
    it('runs the scheduled transaction at once', async () => {
      const alice = await net.createAccount({ hbar: 5 });
      const tx = await new ScheduleCreateTransaction().setScheduledTransaction(transfer(alice.accountId, net.operatorId, 2_000)).freezeWith(client).sign(alice.privateKey);
      const created = await (await tx.execute(client)).getReceipt(client);
      const inner = await new TransactionReceiptQuery().setTransactionId(created.scheduledTransactionId!).execute(client);
      expect(inner.status).to.equal(Status.Success);
      expect(await tinybars(alice.accountId)).to.equal(500_000_000 - 2_000);
    });
  });

  describe('when the sender is guarded by a 2-of-3 threshold key', () => {
    it('keeps collecting until two of the keys have signed', async () => {
      const keys = [PrivateKey.generateED25519(), PrivateKey.generateECDSA(), PrivateKey.generateED25519()];
      const sender = (await receipt(new AccountCreateTransaction().setKeyWithoutAlias(new KeyList(keys.map((k) => k.publicKey), 2)).setInitialBalance(new Hbar(3)))).accountId!.toString();
      const created = await receipt(new ScheduleCreateTransaction().setScheduledTransaction(transfer(sender, net.operatorId, 3_000)));
      expect((await sign(created.scheduleId!.toString(), keys[1])).status).to.equal(Status.Success);
      expect(await tinybars(sender)).to.equal(300_000_000);
      expect((await sign(created.scheduleId!.toString(), keys[2])).status).to.equal(Status.Success);
      expect(await tinybars(sender)).to.equal(300_000_000 - 3_000);
      const info = await new ScheduleInfoQuery().setScheduleId(created.scheduleId!).execute(client);
      expect(info.signers!.toArray().map(String)).to.include.members([keys[1].publicKey.toString(), keys[2].publicKey.toString()]);
    });
  });

  describe('when the schedule names another payer', () => {
    it('needs the payer\'s signature and charges it the scheduled transaction\'s fee', async () => {
      const alice = await net.createAccount({ hbar: 5 });
      const dave = await net.createAccount({ hbar: 5 });
      const tx = await new ScheduleCreateTransaction().setScheduledTransaction(transfer(alice.accountId, net.operatorId, 4_000))
        .setPayerAccountId(AccountId.fromString(dave.accountId)).freezeWith(client).sign(alice.privateKey);
      const created = await (await tx.execute(client)).getReceipt(client);
      expect(await tinybars(alice.accountId)).to.equal(500_000_000);
      expect((await sign(created.scheduleId!.toString(), dave.privateKey)).status).to.equal(Status.Success);
      expect(await tinybars(alice.accountId)).to.equal(500_000_000 - 4_000);
      expect(await tinybars(dave.accountId)).to.equal(500_000_000 - FEE);
      const record = await new TransactionRecordQuery().setTransactionId(created.scheduledTransactionId!).execute(client);
      expect(record.transactionFee.toTinybars().toNumber()).to.equal(FEE);
    });
  });

  describe('when the scheduled transaction is another service\'s', () => {
    it('asks for the keys that service\'s handler asks for: a topic\'s submit key', async () => {
      const submitter = PrivateKey.generateED25519();
      const topicId = (await receipt(new TopicCreateTransaction().setSubmitKey(submitter.publicKey))).topicId!;
      const created = await receipt(new ScheduleCreateTransaction().setScheduledTransaction(new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage('scheduled')));
      expect((await new TopicInfoQuery().setTopicId(topicId).execute(client)).sequenceNumber.toNumber()).to.equal(0);
      await sign(created.scheduleId!.toString(), submitter);
      expect((await new TopicInfoQuery().setTopicId(topicId).execute(client)).sequenceNumber.toNumber()).to.equal(1);
    });
  });

  describe('when the scheduled transaction is a token operation', () => {
    it('needs the token\'s supply key for a burn, and burns once it has signed', async () => {
      const supply = PrivateKey.generateED25519();
      const tokenId = (await receipt(new TokenCreateTransaction().setTokenName('Burnable').setTokenSymbol('BRN').setInitialSupply(1_000)
        .setTreasuryAccountId(net.operatorId).setSupplyKey(supply.publicKey))).tokenId!;
      const created = await receipt(new ScheduleCreateTransaction().setScheduledTransaction(new TokenBurnTransaction().setTokenId(tokenId).setAmount(400)));
      const supplyOf = async () => (await new TokenInfoQuery().setTokenId(tokenId).execute(client)).totalSupply.toNumber();
      expect(await supplyOf()).to.equal(1_000);
      await sign(created.scheduleId!.toString(), supply);
      expect(await supplyOf()).to.equal(600);
    });
  });

  describe('when the scheduled transaction is a contract call (a handler that waits for the EVM)', () => {
    it('runs the call once the payer signs, and records its gas in the scheduled transaction\'s record', async () => {
      const contractId = await deployProbe(client, { initial: 1 });
      const dave = await net.createAccount({ hbar: 10 });
      const call = new ContractExecuteTransaction().setContractId(contractId).setGas(100_000).setFunction('store', new ContractFunctionParameters().addUint256(9));
      const created = await receipt(new ScheduleCreateTransaction().setScheduledTransaction(call).setPayerAccountId(AccountId.fromString(dave.accountId)));
      const stored = async () => (await new ContractCallQuery().setContractId(contractId).setGas(50_000).setFunction('stored').execute(client)).getUint256(0).toNumber();
      expect(await stored()).to.equal(1);
      await sign(created.scheduleId!.toString(), dave.privateKey);
      expect(await stored()).to.equal(9);
      const record = await new TransactionRecordQuery().setTransactionId(created.scheduledTransactionId!).execute(client);
      expect(record.scheduleRef!.toString()).to.equal(created.scheduleId!.toString());
      expect(record.contractFunctionResult!.gasUsed.toNumber()).to.be.greaterThan(0);
      expect(await tinybars(dave.accountId)).to.equal(1_000_000_000 - record.transactionFee.toTinybars().toNumber());
    });
  });

  describe('when the same schedule is created twice', () => {
    it('answers IDENTICAL_SCHEDULE_ALREADY_CREATED with the existing schedule in the receipt', async () => {
      const build = () => new ScheduleCreateTransaction().setScheduledTransaction(transfer(net.operatorId, '0.0.98', 5_000)).setScheduleMemo('twin');
      const first = await receipt(build());
      const error = await failure<ReceiptStatusError>(receipt(build()));
      expect(error.status).to.equal(Status.IdenticalScheduleAlreadyCreated);
      expect(error.transactionReceipt.scheduleId!.toString()).to.equal(first.scheduleId!.toString());
      expect(error.transactionReceipt.scheduledTransactionId!.toString()).to.equal(first.scheduledTransactionId!.toString());
    });
  });

  describe('when a schedule is deleted', () => {
    it('needs its admin key, then refuses signatures and a second delete', async () => {
      const admin = PrivateKey.generateED25519();
      const alice = await net.createAccount({ hbar: 2 });
      const created = await receipt(await new ScheduleCreateTransaction().setScheduledTransaction(transfer(alice.accountId, net.operatorId, 6_000))
        .setAdminKey(admin.publicKey).freezeWith(client).sign(admin));
      const id = created.scheduleId!.toString();
      expect(await statusOf(receipt(new ScheduleDeleteTransaction().setScheduleId(id)))).to.equal(Status.InvalidSignature);
      expect((await receipt(await new ScheduleDeleteTransaction().setScheduleId(id).freezeWith(client).sign(admin))).status).to.equal(Status.Success);
      const info = await new ScheduleInfoQuery().setScheduleId(id).execute(client);
      expect(info.deleted).to.not.equal(null);
      expect(await statusOf(sign(id, alice.privateKey))).to.equal(Status.ScheduleAlreadyDeleted);
      expect(await statusOf(receipt(await new ScheduleDeleteTransaction().setScheduleId(id).freezeWith(client).sign(admin)))).to.equal(Status.ScheduleAlreadyDeleted);
      expect(await tinybars(alice.accountId)).to.equal(200_000_000);
      expect((await checkedGet(net.mirrorUrl, `/api/v1/schedules/${id}`)).deleted).to.equal(true);
    });

    it('answers SCHEDULE_IS_IMMUTABLE for a schedule created without an admin key', async () => {
      const alice = await net.createAccount({ hbar: 1 });
      const created = await receipt(new ScheduleCreateTransaction().setScheduledTransaction(transfer(alice.accountId, net.operatorId, 7_000)));
      expect(await statusOf(receipt(new ScheduleDeleteTransaction().setScheduleId(created.scheduleId!)))).to.equal(Status.ScheduleIsImmutable);
    });
  });

  describe('when the schedule does not exist', () => {
    it('answers INVALID_SCHEDULE_ID to ScheduleSign, ScheduleDelete and ScheduleInfoQuery', async () => {
      expect(await statusOf(sign('0.0.99999'))).to.equal(Status.InvalidScheduleId);
      expect(await statusOf(receipt(new ScheduleDeleteTransaction().setScheduleId('0.0.99999')))).to.equal(Status.InvalidScheduleId);
      const query = await failure<PrecheckStatusError>(new ScheduleInfoQuery().setScheduleId('0.0.99999').execute(client));
      expect(query.status).to.equal(Status.InvalidScheduleId);
      await checkedGet(net.mirrorUrl, '/api/v1/schedules/0.0.99999', 404);
    });
  });

  describe('when the expiration time is refused', () => {
    it('answers MISSING_EXPIRY_TIME, and the statuses for a time in the past or too far ahead', async () => {
      const build = (memo: string) => new ScheduleCreateTransaction().setScheduledTransaction(transfer(net.operatorId, '0.0.98', 8_000)).setScheduleMemo(memo);
      const missing = await failure<PrecheckStatusError>(build('missing').setWaitForExpiry(true).execute(client));
      expect(missing.status).to.equal(Status.MissingExpiryTime);
      const nowSec = Math.floor(Date.now() / 1000);
      expect(await statusOf(receipt(build('past').setExpirationTime(new Timestamp(nowSec - 60, 0)))))
        .to.equal(Status.ScheduleExpirationTimeMustBeHigherThanConsensusTime);
      expect(await statusOf(receipt(build('far').setExpirationTime(new Timestamp(nowSec + 63 * 86_400, 0)))))
        .to.equal(Status.ScheduleExpirationTimeTooFarInFuture);
    });
  });
});
