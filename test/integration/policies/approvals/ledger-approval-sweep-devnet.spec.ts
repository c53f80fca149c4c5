import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScheduleSignTransaction, type Client, type PrivateKey } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../../src/devnet/index.js';
import { createDevnetClient } from '../../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import type { Logger } from '../../../../src/lifecycle/logger.js';
import { ApprovalPolicy } from '../../../../src/policies/approval-policy.js';
import { SqliteApprovalStore } from '../../../../src/policies/approvals/sqlite-approval-store.js';
import { RedisApprovalStore } from '../../../../src/policies/approvals/redis-approval-store.js';
import type { ApprovalStore } from '../../../../src/policies/approvals/approval-store.js';
import type { ApprovalRecord } from '../../../../src/policies/approvals/approval-record.js';
import { signScheduledRequest } from '../../../../src/policies/approvals/schedule-signing.js';
import { CORE_PLUGINS, tinybarsOf } from '../../plugins/core-plugins-world.js';
import { createThresholdTreasury } from '../../../support/threshold-treasury.js';
import { redisMissing, startTestRedis, type TestRedis } from '../../../support/redis-server.js';

const TEN_HBAR = 1_000_000_000n;

/** Polls until the request reads `state`; the limit only ends a test that would otherwise hang. */
async function eventuallyState(store: ApprovalStore, id: string, state: ApprovalRecord['state'], limitMs = 20_000): Promise<ApprovalRecord> {
  const until = Date.now() + limitMs;
  let record: ApprovalRecord | undefined;
  while (Date.now() < until) {
    record = await store.get(id);
    if (record?.state === state) return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`request ${id} still reads ${record?.state ?? 'missing'} after ${limitMs} ms, not ${state}`);
}

/**
 * A request the ledger approves (ApprovalPolicy via: 'schedule') is closed when its schedule's
 * outcome is known, by the kit itself: an operator who runs no audit hook, whose agent restarted,
 * or whose ScheduleCreate came back UNKNOWN still sees every request end executed or expired, as
 * the ledger says, never left `scheduled`.
 */
describe('ledger-approved requests are closed by the kit from the ledger itself (devnet)', function () {
  this.timeout(90_000);
  let net: Devnet;
  let operator: Client;
  let agent: { accountId: string; privateKey: PrivateKey; client: Client };
  let approvers: PrivateKey[];
  let publicKeys: string[];
  let treasury: string;
  let bob: string;
  let dir: string;
  const kits: AgentKit[] = [];
  const stores: ApprovalStore[] = [];
  const warnings: string[] = [];
  const logger: Logger = { debug: () => undefined, error: () => undefined, warn: (fields, message) => warnings.push(`${message}: ${String(fields.reason ?? fields.error ?? '')}`) };

  const policy = (options: { store?: ApprovalStore; timeoutMs?: number } = {}) => new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: publicKeys }, ...options });
  /** A kit with no audit hook at all: nothing journals a schedule's outcome. */
  const kitWith = async (approval: ApprovalPolicy, options: { mirror?: boolean; client?: Client } = {}) => {
    const kit = await createAgentKit({ client: options.client ?? agent.client, pluginsDir: null, plugins: CORE_PLUGINS, logger, ...(options.mirror ? { mirrorNodeUrl: net.mirrorUrl } : {}), context: { hooks: [approval] } });
    kits.push(kit);
    return kit;
  };
  const sqliteStore = () => {
    const store = new SqliteApprovalStore({ path: join(dir, 'agent-hooks-state.sqlite'), pollMs: 50 });
    stores.push(store);
    return store;
  };
  const payTen = (kit: AgentKit) => kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: bob, amount: 10 }] });
  /** An approver signs the schedule with their own wallet: the approval store hears nothing of it. */
  const signOnLedger = async (scheduleId: string, key: PrivateKey) => {
    const signed = await new ScheduleSignTransaction().setScheduleId(scheduleId).freezeWith(operator).sign(key);
    await (await signed.execute(operator)).getReceipt(operator);
  };

  beforeEach(async () => {
    warnings.length = 0;
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    operator = net.client();
    dir = mkdtempSync(join(tmpdir(), 'ledger-sweep-'));
    const made = await net.createAccount({ hbar: 50 });
    agent = { ...made, client: createDevnetClient(net.grpcAddress, made.accountId, made.privateKey) };
    ({ approvers, publicKeys, treasury } = await createThresholdTreasury(operator, ['ED25519', 'ECDSA', 'ED25519']));
    bob = (await net.createAccount({ hbar: 1 })).accountId;
  });

  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
    for (const store of stores.splice(0)) await store.close();
    agent.client.close();
    await net.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when the kit has no audit hook to journal the outcome', () => {
    it('reads executed within seconds of the second approver signing (the kit asks its mirror node)', async () => {
      const approval = policy();
      const kit = await kitWith(approval, { mirror: true });
      const bobBefore = await tinybarsOf(operator, bob);
      const result = await payTen(kit);
      expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', scheduled: true });
      const id = String(result.raw.approvalRequestId);
      const store = approval.approvalStore;
      expect((await store.get(id))!.state).to.equal('scheduled');

      expect(await signScheduledRequest(store, id, approvers[0]!, operator, { via: 'cli' })).to.include({ ok: true, executed: false });
      expect(await signScheduledRequest(store, id, approvers[2]!, operator, { via: 'cli' })).to.include({ ok: true, executed: true });
      expect(await tinybarsOf(operator, bob)).to.equal(bobBefore + TEN_HBAR);

      const closed = await eventuallyState(store, id, 'executed');
      expect(closed.schedule).to.include({ scheduleId: result.raw.scheduleId, outcome: 'scheduleExecuted', status: 'SUCCESS' });
      expect(closed.execution).to.include({ by: 'the ledger', transactionId: result.raw.scheduledTransactionId });
    });

    it('reads executed through kit.resume when the approvers signed with their own wallets (the kit asks the network)', async () => {
      const approval = policy();
      const kit = await kitWith(approval);
      const result = await payTen(kit);
      const id = String(result.raw.approvalRequestId);
      await signOnLedger(String(result.raw.scheduleId), approvers[1]!);
      await signOnLedger(String(result.raw.scheduleId), approvers[2]!);
      expect((await approval.approvalStore.get(id))!.state, 'nothing told the store').to.equal('scheduled');

      // The agent (or its operator) reads the request through the kit: it reads as the ledger ended it, and nothing runs twice.
      const resumed = await kit.resume(id);
      expect(resumed.raw).to.include({ status: 'ERROR', errorCode: 'E_APPROVAL_NOT_EXECUTABLE', approvalState: 'executed', submitted: false });
      expect(resumed.raw.error).to.include('was executed already');
      const closed = (await approval.approvalStore.get(id))!;
      expect(closed.state).to.equal('executed');
      expect(closed.schedule).to.include({ outcome: 'scheduleExecuted', status: 'SUCCESS' });
    });
  });

  describe('when the ledger cannot be asked', () => {
    it('leaves the request scheduled and warns, never closing it on a guess; a later look closes it', async () => {
      const approval = policy();
      const kit = await kitWith(approval);
      const result = await payTen(kit);
      const id = String(result.raw.approvalRequestId);
      await signOnLedger(String(result.raw.scheduleId), approvers[0]!);
      await signOnLedger(String(result.raw.scheduleId), approvers[1]!);
      const down = net.faults.inject({ rpc: 'getScheduleInfo', grpcError: 'UNAVAILABLE' });
      let unanswered;
      try {
        unanswered = await kit.resume(id);
      } finally {
        down.remove();
      }
      expect(down.hits, 'ScheduleInfoQuery attempts').to.be.greaterThan(0);
      expect(unanswered.raw).to.include({ approvalState: 'scheduled', submitted: false });
      expect((await approval.approvalStore.get(id))!.state).to.equal('scheduled');
      expect(warnings.join('\n')).to.include('a ledger-approved request stays open').and.include(`ScheduleInfoQuery for ${String(result.raw.scheduleId)} failed`);

      // The kit looks again after a failure (once the client's node backoff lets it), and then reads it closed.
      await eventuallyState(approval.approvalStore, id, 'executed');
      const answered = await kit.resume(id);
      expect(answered.raw).to.include({ approvalState: 'executed', submitted: false });
    });
  });

  describe('when nobody signs before the schedule expires', () => {
    it('reads expired once the network no longer holds the unexecuted schedule, and nothing moved', async () => {
      const approval = policy({ timeoutMs: 4_000 });
      const kit = await kitWith(approval);
      const bobBefore = await tinybarsOf(operator, bob);
      const result = await payTen(kit);
      expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', scheduled: true });
      const id = String(result.raw.approvalRequestId);
      const closed = await eventuallyState(approval.approvalStore, id, 'expired');
      expect(closed.schedule).to.include({ scheduleId: result.raw.scheduleId, outcome: 'scheduleExpired' });
      expect(closed.note).to.equal(`schedule ${String(result.raw.scheduleId)} expired before its threshold keys were satisfied; nothing it describes executed`);
      expect(closed.execution).to.equal(undefined);
      expect(await tinybarsOf(operator, bob)).to.equal(bobBefore);
      // An approver arriving late cannot revive it: the ledger refuses, and the request stays expired.
      const late = await signScheduledRequest(approval.approvalStore, id, approvers[0]!, operator);
      expect(late.ok).to.equal(false);
    });
  });

  describe('when the agent restarts before the outcome is known', () => {
    it('a second kit on the same SQLite store closes the first kit\'s request at its start', async () => {
      await restartCloses(sqliteStore);
    });

    it('does not guess: a kit without a mirror that starts after the schedule left the network\'s state leaves the request scheduled and says why', async () => {
      const first = await kitWith(policy({ store: sqliteStore(), timeoutMs: 3_000 }));
      const result = await payTen(first);
      const id = String(result.raw.approvalRequestId);
      await first.close();
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      warnings.length = 0;
      const reader = sqliteStore();
      await kitWith(policy({ store: sqliteStore() }));
      const until = Date.now() + 10_000;
      while (!warnings.some((each) => each.includes(`schedule ${String(result.raw.scheduleId)} is no longer in the network's state`)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      // Expired, or ran more than a receipt's lifetime ago: the network alone no longer says which, so it is not closed either way.
      expect(warnings.join('\n')).to.include('a ledger-approved request stays open').and.include('without a mirror node the network no longer says which');
      expect((await reader.get(id))!.state).to.equal('scheduled');
    });

    describe('on a Redis store shared by several processes', () => {
      let redis: TestRedis | undefined;
      before(async function () {
        const missing = redisMissing();
        if (missing) {
          process.stdout.write(`      (skipped: ${missing})\n`);
          this.skip();
        }
        redis = await startTestRedis();
      });
      after(async () => redis?.stop());
      let prefix = '';
      const sharedStore = () => {
        const store = new RedisApprovalStore({ url: redis!.url, prefix });
        stores.push(store);
        return store;
      };

      it('a second kit closes the first kit\'s request at its start', async () => {
        prefix = `restart-${Date.now()}`;
        await restartCloses(sharedStore);
      });

      it('a running kit closes its request within seconds of an approver signing from another process (agent-hooks approve)', async () => {
        prefix = `signed-elsewhere-${Date.now()}`;
        const approval = policy({ store: sharedStore() });
        const kit = await kitWith(approval);
        const result = await payTen(kit);
        const id = String(result.raw.approvalRequestId);
        // The CLI's own store object, as another process has it.
        const cli = sharedStore();
        expect(await signScheduledRequest(cli, id, approvers[0]!, operator, { via: 'cli' })).to.include({ ok: true, executed: false });
        expect(await signScheduledRequest(cli, id, approvers[1]!, operator, { via: 'cli' })).to.include({ ok: true, executed: true });
        const closed = await eventuallyState(cli, id, 'executed', 10_000);
        expect(closed.schedule).to.include({ outcome: 'scheduleExecuted', status: 'SUCCESS' });
      });
    });

    /** The first kit schedules and stops; the approvers sign while no agent runs; a second kit on the same store starts. */
    async function restartCloses(storeOnSameData: () => ApprovalStore): Promise<void> {
      const first = await kitWith(policy({ store: storeOnSameData() }));
      const result = await payTen(first);
      const id = String(result.raw.approvalRequestId);
      await first.close();
      await signOnLedger(String(result.raw.scheduleId), approvers[0]!);
      await signOnLedger(String(result.raw.scheduleId), approvers[1]!);
      const reader = storeOnSameData();
      expect((await reader.get(id))!.state).to.equal('scheduled');

      await kitWith(policy({ store: storeOnSameData() }));
      const closed = await eventuallyState(reader, id, 'executed', 10_000);
      expect(closed.schedule).to.include({ scheduleId: result.raw.scheduleId, outcome: 'scheduleExecuted', status: 'SUCCESS' });
      expect(closed.execution).to.include({ by: 'the ledger' });
    }
  });

  describe('when the ScheduleCreate\'s own outcome was UNKNOWN', () => {
    it('learns the schedule ID from the create\'s receipt once it can be read, then closes the request as the ledger ends it', async () => {
      // Fast answers take a few ms on loopback; 300 ms is a deadline only the injected delay misses.
      const impatient = createDevnetClient(net.grpcAddress, agent.accountId, agent.privateKey).setGrpcDeadline(300).setMaxAttempts(3);
      const approval = policy();
      const kit = await kitWith(approval, { client: impatient });
      net.faults.inject({ rpc: 'createSchedule', responseDelayMs: 1_500, times: 1 });
      const receipts = net.faults.inject({ rpc: 'getTransactionReceipts', grpcError: 'UNAVAILABLE' });
      let result;
      try {
        result = await payTen(kit);
      } finally {
        receipts.remove();
      }
      expect(result.raw, result.humanMessage).to.include({ status: 'UNKNOWN' });
      const id = String(result.raw.approvalRequestId);
      const open = (await approval.approvalStore.get(id))!;
      expect(open.state).to.equal('scheduled');
      expect(open.schedule!.scheduleId, 'no schedule ID was learnt by the call').to.equal(undefined);
      expect(open.schedule!.createTransactionId).to.equal(result.raw.transactionId);

      // Read through the kit: the create's receipt names the schedule, which is recorded. The client's
      // short deadline only had to make the create UNKNOWN: on a loaded machine a loopback answer can
      // take more than 300 ms, and the receipt must not be missed for that.
      impatient.setGrpcDeadline(10_000).setMaxAttempts(10);
      const read = await kit.resume(id);
      expect(read.raw).to.include({ approvalState: 'scheduled', submitted: false });
      const known = (await approval.approvalStore.get(id))!;
      expect(known.schedule!.scheduleId).to.match(/^0\.0\.\d+$/);

      expect(await signScheduledRequest(approval.approvalStore, id, approvers[0]!, operator)).to.include({ ok: true, executed: false });
      expect(await signScheduledRequest(approval.approvalStore, id, approvers[1]!, operator)).to.include({ ok: true, executed: true });
      const closed = await eventuallyState(approval.approvalStore, id, 'executed');
      expect(closed.schedule).to.include({ scheduleId: known.schedule!.scheduleId, outcome: 'scheduleExecuted', status: 'SUCCESS' });
      impatient.close();
    });
  });
});
