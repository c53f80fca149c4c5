import { expect } from 'chai';
import {
  Hbar, PrivateKey, ScheduleCreateTransaction, ScheduleDeleteTransaction, ScheduleInfoQuery, ScheduleSignTransaction, Timestamp, TransferTransaction, type Client,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import type { ScheduleWatch } from '../../../src/audit/journal/journal-records.js';
import { lookUpScheduleOnMirror } from '../../../src/audit/schedules/mirror-schedule-lookup.js';
import { lookUpScheduleOnNetwork } from '../../../src/audit/schedules/network-schedule-lookup.js';
import { EXPIRY_GRACE_MS } from '../../../src/audit/schedules/schedule-finding.js';
import { checkedGet } from '../../support/mirror-checked.js';

describe('looking up what became of a schedule, on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  // How far the devnet's clock (and the clock the lookups judge expiry by) runs ahead of this process's.
  let ahead = 0;
  const clock = () => Date.now() + ahead;
  let alice: { accountId: string; privateKey: PrivateKey };
  let bob: string;

  // One devnet per test: the SDK stamps transactions with this process's clock, so the devnet's may run at most a valid duration ahead.
  beforeEach(async () => {
    ahead = 0;
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0, now: clock });
    client = net.client();
    alice = await net.createAccount({ hbar: 10, key: PrivateKey.generateED25519() });
    bob = (await net.createAccount({ hbar: 1 })).accountId;
  });
  afterEach(async () => {
    await net.stop();
  });

  /** A schedule of alice's payment to bob, created by the operator: it waits for alice's signature. */
  let made = 0;
  const schedule = async (expiresInSeconds?: number): Promise<ScheduleWatch> => {
    const amount = 10 + made++; // a schedule identical to one pending is refused
    const create = new ScheduleCreateTransaction()
      .setScheduledTransaction(new TransferTransaction().addHbarTransfer(alice.accountId, Hbar.fromTinybars(-amount)).addHbarTransfer(bob, Hbar.fromTinybars(amount)))
      .setAdminKey(net.operatorKey.publicKey);
    if (expiresInSeconds) create.setExpirationTime(new Timestamp(Math.floor(clock() / 1000) + expiresInSeconds, 0));
    const response = await create.execute(client);
    const receipt = await response.getReceipt(client);
    return {
      entry: 'call-1', seq: 1, tool: 'transfer_hbar_tool', at: new Date().toISOString(),
      scheduleId: receipt.scheduleId!.toString(), scheduledTransactionId: receipt.scheduledTransactionId!.toString(),
    };
  };
  const sign = async (watch: ScheduleWatch) => {
    const signed = await new ScheduleSignTransaction().setScheduleId(watch.scheduleId).freezeWith(client).sign(alice.privateKey);
    await (await signed.execute(client)).getReceipt(client);
  };

  describe('from the mirror node', () => {
    it('is pending while a schedule waits, and expired, with its expiration time, once that passed without an execution', async () => {
      const watch = await schedule(30);
      expect(await lookUpScheduleOnMirror(watch, net.mirrorUrl, clock)).to.include({ settled: false });
      ahead += 30_000 + EXPIRY_GRACE_MS + 5_000;
      // Any transaction lets the ledger settle what expired.
      await sign(await schedule()).catch(() => undefined);
      const listed = await checkedGet(net.mirrorUrl, `/api/v1/schedules/${watch.scheduleId}`);
      expect(listed.executed_timestamp).to.equal(null);
      expect(await lookUpScheduleOnMirror(watch, net.mirrorUrl, clock)).to.deep.equal({ settled: true, outcome: 'scheduleExpired', source: 'mirror', expirationTime: listed.expiration_time });
    });

    it('is pending, not failed, for a schedule the mirror does not list yet, and failed for a mirror that does not answer', async () => {
      const unknown = { ...(await schedule()), scheduleId: '0.0.999999' };
      expect(await lookUpScheduleOnMirror(unknown, net.mirrorUrl, clock)).to.deep.equal({ settled: false, reason: 'the mirror node does not list schedule 0.0.999999 yet' });
      const unreachable = await lookUpScheduleOnMirror(unknown, 'http://127.0.0.1:9', clock);
      expect(unreachable).to.include({ settled: false, sourceFailed: true });
    });
  });

  describe('from the network itself, without a mirror node', () => {
    it('reports an execution with the inner receipt status and the execution time ScheduleInfoQuery gives', async () => {
      const watch = await schedule();
      expect(await lookUpScheduleOnNetwork(watch, client)).to.deep.equal({ settled: false, reason: `schedule ${watch.scheduleId} has neither executed nor been deleted` });
      await sign(watch);
      const info = await new ScheduleInfoQuery().setScheduleId(watch.scheduleId).execute(client);
      const executedAt = `${info.executed!.seconds.toString()}.${String(info.executed!.nanos.toNumber()).padStart(9, '0')}`;
      expect(await lookUpScheduleOnNetwork(watch, client)).to.deep.equal({ settled: true, outcome: 'scheduleExecuted', source: 'network', status: 'SUCCESS', consensusTimestamp: executedAt });
    });

    it('reports a deletion', async () => {
      const watch = await schedule();
      await (await new ScheduleDeleteTransaction().setScheduleId(watch.scheduleId).execute(client)).getReceipt(client);
      expect(await lookUpScheduleOnNetwork(watch, client)).to.deep.equal({ settled: true, outcome: 'scheduleDeleted', source: 'network' });
    });

    it('says the outcome is unknown, not expired, for a schedule gone from state without a receipt', async () => {
      const watch = await schedule(30);
      ahead += 40_000;
      await sign(await schedule()).catch(() => undefined);
      const finding = await lookUpScheduleOnNetwork(watch, client);
      expect(finding).to.include({ settled: true, outcome: 'scheduleUnknown', source: 'network' });
      expect((finding as { error?: { code?: string } }).error?.code).to.equal('INVALID_SCHEDULE_ID');
    });
  });
});
