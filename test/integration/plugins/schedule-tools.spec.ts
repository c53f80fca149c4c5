import { expect } from 'chai';
import {
  Hbar, PrivateKey, ScheduleCreateTransaction, ScheduleInfoQuery, ScheduleSignTransaction, Transaction, TransactionRecordQuery, TransferTransaction, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { Context } from '../../../src/lifecycle/context.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { scheduledTransactionOf } from '../../../src/lifecycle/scheduled-transaction.js';
import { MaxTransferPolicy } from '../../../src/policies/index.js';
import { checkedGet } from '../../support/mirror-checked.js';
import { CORE_PLUGINS, succeeded, tinybarsOf } from './core-plugins-world.js';

const HBAR = 100_000_000n;

/** `0.0.x-<seconds>-<nanos>`, the mirror's form of a transaction ID written `0.0.x@s.n`. */
const mirrorForm = (id: string) => id.replace(/\?scheduled$/, '').replace('@', '-').replace(/\.(\d+)$/, (_, nanos: string) => `-${nanos.padStart(9, '0')}`);

describe('schedule tools and schedulingParams on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  // How far the devnet's clock runs ahead of this process's; moved forward to let schedules expire.
  let ahead = 0;
  const kits: AgentKit[] = [];
  const clients: Client[] = [];
  let operatorKit: AgentKit;
  let alice: { accountId: string; privateKey: PrivateKey; client: Client; kit: AgentKit };
  let bob: string;

  const kitFor = async (forClient: Client, context: Context = {}) => {
    const kit = await createAgentKit({ client: forClient, context, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl });
    kits.push(kit);
    return kit;
  };
  /** The operator schedules alice's payment to bob: the inner transfer needs alice's signature. */
  const scheduleFromAlice = (kit: AgentKit, amount: number, schedulingParams: Record<string, unknown> = {}) =>
    kit.execute('transfer_hbar_tool', { sourceAccountId: alice.accountId, transfers: [{ accountId: bob, amount }], schedulingParams: { isScheduled: true, adminKey: true, ...schedulingParams } });

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0, now: () => Date.now() + ahead });
    client = net.client();
    operatorKit = await kitFor(client);
    const made = await net.createAccount({ hbar: 50, key: PrivateKey.generateED25519() });
    const aliceClient = createDevnetClient(net.grpcAddress, made.accountId, made.privateKey);
    clients.push(aliceClient);
    alice = { ...made, client: aliceClient, kit: await kitFor(aliceClient) };
    bob = (await net.createAccount({ hbar: 1 })).accountId;
  });
  after(async () => {
    for (const kit of kits) await kit.close();
    for (const each of clients) each.close();
    await net.stop();
  });

  describe('when transfer_hbar_tool is scheduled and the sender signs later with sign_schedule_transaction_tool', () => {
    it('creates the schedule without moving HBAR, then the signature executes the transfer', async () => {
      // Unscheduled, the same tool executes at once and its result says nothing of schedules.
      const now = succeeded(await operatorKit.execute('transfer_hbar_tool', { transfers: [{ accountId: bob, amount: 0.01 }] }));
      expect([now.scheduled, now.scheduleId]).to.deep.equal([undefined, undefined]);
      const bobBefore = await tinybarsOf(client, bob);
      let built: unknown;
      operatorKit.on('postCoreAction', (event) => { if (event.method === 'transfer_hbar_tool') built = event.coreActionResult; });
      const created = succeeded(await scheduleFromAlice(operatorKit, 2));
      expect(created.scheduled).to.equal(true);
      expect(created.scheduleId).to.be.a('string');
      expect(created.scheduledTransactionId).to.equal(`${String(created.transactionId)}?scheduled`);
      // postCoreAction sees what is signed and submitted: the ScheduleCreate, with the inner transfer beside it.
      expect(built).to.be.instanceOf(ScheduleCreateTransaction);
      const inner = scheduledTransactionOf(built);
      expect(inner).to.be.instanceOf(TransferTransaction);
      expect((inner as TransferTransaction).hbarTransfers.get(bob)?.toTinybars().toString()).to.equal(String(2n * HBAR));
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore);
      const scheduleId = String(created.scheduleId);
      const pending = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(client);
      expect(pending.executed).to.equal(null);
      expect(pending.adminKey?.toString()).to.equal(net.operatorKey.publicKey.toString());

      const signed = await alice.kit.execute('sign_schedule_transaction_tool', { scheduleId });
      succeeded(signed);
      expect(signed.humanMessage).to.contain(`Signed schedule ${scheduleId}`);
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore + 2n * HBAR);
      const ran = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(client);
      expect(ran.executed).to.not.equal(null);
      // The ID the result named is the one the execution is found under, on the node and the mirror.
      const record = await new TransactionRecordQuery().setTransactionId(String(created.scheduledTransactionId)).execute(client);
      expect(record.scheduleRef?.toString()).to.equal(scheduleId);
      const listed = (await checkedGet(net.mirrorUrl, `/api/v1/transactions/${mirrorForm(String(created.scheduledTransactionId))}?scheduled=true`)) as { transactions: { scheduled: boolean; result: string }[] };
      expect(listed.transactions.map((each) => [each.scheduled, each.result])).to.deep.equal([[true, 'SUCCESS']]);
    });

    it('reports the ledger answer when the schedule has already run', async () => {
      const created = succeeded(await scheduleFromAlice(operatorKit, 0.25));
      succeeded(await alice.kit.execute('sign_schedule_transaction_tool', { scheduleId: String(created.scheduleId) }));
      const again = await alice.kit.execute('sign_schedule_transaction_tool', { scheduleId: String(created.scheduleId) });
      expect(again.raw.status).to.equal('ERROR');
      expect(again.raw.errorCode).to.equal('SCHEDULE_ALREADY_EXECUTED');
    });
  });

  describe('when schedule_delete_tool deletes a pending schedule', () => {
    it('marks it deleted, and its transfer never runs even when the sender signs', async () => {
      const bobBefore = await tinybarsOf(client, bob);
      const created = succeeded(await scheduleFromAlice(operatorKit, 1));
      const scheduleId = String(created.scheduleId);
      const deleted = await operatorKit.execute('schedule_delete_tool', { scheduleId });
      succeeded(deleted);
      expect(deleted.humanMessage).to.contain(`Deleted schedule ${scheduleId}`);
      const info = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(client);
      expect(info.deleted).to.not.equal(null);
      expect(info.executed).to.equal(null);
      const late = await alice.kit.execute('sign_schedule_transaction_tool', { scheduleId });
      expect(late.raw.errorCode).to.equal('SCHEDULE_ALREADY_DELETED');
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore);
    });

    it('is refused by the ledger for a schedule without an admin key', async () => {
      const created = succeeded(await scheduleFromAlice(operatorKit, 1, { adminKey: false }));
      const deleted = await operatorKit.execute('schedule_delete_tool', { scheduleId: String(created.scheduleId) });
      expect(deleted.raw.errorCode).to.equal('SCHEDULE_IS_IMMUTABLE');
    });
  });

  describe('when waitForExpiry is set', () => {
    it('keeps the fully signed schedule waiting until its expiration time, then runs it', async () => {
      const bobBefore = await tinybarsOf(client, bob);
      const expirationTime = new Date(Date.now() + ahead + 30_000).toISOString();
      const created = succeeded(await scheduleFromAlice(operatorKit, 3, { waitForExpiry: true, expirationTime }));
      const scheduleId = String(created.scheduleId);
      const info = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(client);
      expect(info.waitForExpiry).to.equal(true);
      expect(info.expirationTime?.toDate().getTime()).to.equal(Math.floor(Date.parse(expirationTime) / 1000) * 1000);
      succeeded(await alice.kit.execute('sign_schedule_transaction_tool', { scheduleId }));
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore);
      ahead += 40_000;
      const record = await new TransactionRecordQuery().setTransactionId(String(created.scheduledTransactionId)).execute(client);
      expect(record.scheduleRef?.toString()).to.equal(scheduleId);
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore + 3n * HBAR);
    });

    it('refuses waitForExpiry without an expirationTime, naming the field', async () => {
      const refused = await scheduleFromAlice(operatorKit, 1, { waitForExpiry: true });
      expect(refused.raw.errorCode).to.equal('E_INVALID_PARAMS');
      expect(String(refused.raw.issues)).to.contain('schedulingParams.waitForExpiry');
    });
  });

  describe('when the mode returns bytes', () => {
    it('returns the ScheduleCreate bytes for the acting account, naming the scheduled transaction ID they will create', async () => {
      const bytesKit = await kitFor(client, { mode: AgentMode.RETURN_BYTES, accountId: alice.accountId });
      const bobBefore = await tinybarsOf(client, bob);
      const result = await bytesKit.execute('transfer_hbar_tool', { transfers: [{ accountId: bob, amount: 1.5 }], schedulingParams: { isScheduled: true } });
      const raw = succeeded(result);
      expect(raw.submitted).to.equal(false);
      const tx = Transaction.fromBytes(raw.bytes as Uint8Array);
      expect(tx).to.be.instanceOf(ScheduleCreateTransaction);
      expect(tx.transactionId?.accountId?.toString()).to.equal(alice.accountId);
      expect(raw.scheduledTransactionId).to.equal(`${tx.transactionId!.toString()}?scheduled`);
      expect(result.humanMessage).to.contain('Prepared a schedule');
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore);
      // Signed by alice (the payer and the inner sender), the schedule runs at once, under the ID named.
      const receipt = await (await (await tx.sign(alice.privateKey)).execute(alice.client)).getReceipt(alice.client);
      expect(receipt.scheduledTransactionId?.toString()).to.equal(raw.scheduledTransactionId);
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore + 150_000_000n);
    });

    it('returns ScheduleSign bytes from sign_schedule_transaction_tool, and signing them executes the schedule', async () => {
      const created = succeeded(await scheduleFromAlice(operatorKit, 0.5));
      const bobBefore = await tinybarsOf(client, bob);
      const bytesKit = await kitFor(client, { mode: AgentMode.RETURN_BYTES, accountId: alice.accountId });
      const raw = succeeded(await bytesKit.execute('sign_schedule_transaction_tool', { scheduleId: String(created.scheduleId) }));
      const tx = Transaction.fromBytes(raw.bytes as Uint8Array);
      expect(tx).to.be.instanceOf(ScheduleSignTransaction);
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore);
      await (await (await tx.sign(alice.privateKey)).execute(alice.client)).getReceipt(alice.client);
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore + 50_000_000n);
    });
  });

  describe('when a value policy judges scheduled calls', () => {
    it('judges a scheduled transfer by its inner transfer: blocks one over the cap, allows a small one', async () => {
      const capped = await createAgentKit({ client, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [new MaxTransferPolicy({ hbar: 1 })] } });
      kits.push(capped);
      const over = await scheduleFromAlice(capped, 2.5);
      expect(over.raw.blockedBy?.reason).to.contain(`moves 2.5 HBAR (250000000 tinybars) in this call, to ${bob}`);
      expect(over.raw.scheduleId).to.equal(undefined);
      const small = succeeded(await scheduleFromAlice(capped, 0.51));
      expect(small.scheduleId).to.be.a('string');
    });

    it('judges sign_schedule_transaction_tool by the transfer the schedule will execute', async () => {
      const capped = await kitFor(alice.client, { hooks: [new MaxTransferPolicy({ hbar: 1 })] });
      const big = succeeded(await scheduleFromAlice(operatorKit, 2.01));
      const bobBefore = await tinybarsOf(client, bob);
      const refused = await capped.execute('sign_schedule_transaction_tool', { scheduleId: String(big.scheduleId) });
      expect(refused.raw.blockedBy?.policy).to.equal('Max Transfer Policy');
      expect(refused.raw.blockedBy?.reason).to.contain('moves 2.01 HBAR');
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore);
      const small = succeeded(await scheduleFromAlice(operatorKit, 0.52));
      succeeded(await capped.execute('sign_schedule_transaction_tool', { scheduleId: String(small.scheduleId) }));
      expect(await tinybarsOf(client, bob)).to.equal(bobBefore + 52_000_000n);
    });

    it('lets a signature through for a schedule that moves no value, and refuses one it cannot read', async () => {
      const capped = await kitFor(alice.client, { hooks: [new MaxTransferPolicy({ hbar: 1 })] });
      const topic = succeeded(await operatorKit.execute('create_topic_tool', {}));
      const message = succeeded(await operatorKit.execute('submit_topic_message_tool', { topicId: String(topic.topicId), message: 'later', schedulingParams: { isScheduled: true, waitForExpiry: true, expirationTime: new Date(Date.now() + ahead + 60_000).toISOString() } }));
      // Let through by the policy, it reaches the ledger, which wants no signature of alice's on it.
      const through = await capped.execute('sign_schedule_transaction_tool', { scheduleId: String(message.scheduleId) });
      expect(through.raw.blockedBy).to.equal(undefined);
      expect(through.raw.errorCode).to.equal('NO_NEW_VALID_SIGNATURES');
      const unknown = await capped.execute('sign_schedule_transaction_tool', { scheduleId: '0.0.99999' });
      expect(unknown.raw.blockedBy?.reason).to.contain('what schedule 0.0.99999 would execute could not be read (ScheduleInfoQuery failed: INVALID_SCHEDULE_ID)');
    });
  });
});
