import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateKey, ScheduleSignTransaction, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import type { AuditTrailOptions } from '../../../src/hooks/audit-trail-base.js';
import { callEntries, isScheduleOutcomeEntry, type AnyAuditEntry, type ScheduleOutcomeEntry } from '../../../src/audit/entries/audit-entry.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { checkedGet } from '../../support/mirror-checked.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { CORE_PLUGINS, succeeded } from '../plugins/core-plugins-world.js';

/** `0.0.x-<seconds>-<nanos>`, the mirror's form of a transaction ID written `0.0.x@s.n?scheduled`. */
const mirrorForm = (id: string) => id.replace(/\?scheduled$/, '').replace('@', '-').replace(/\.(\d+)$/, (_, nanos: string) => `-${nanos.padStart(9, '0')}`);

/** Polls `check` until it holds; the limit only ends a test that would otherwise hang. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`still waiting: ${what}`);
}

describe('audit hooks follow the schedules of scheduled calls on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  let alice: { accountId: string; privateKey: PrivateKey; client: Client; kit: AgentKit };
  let bob: string;
  const kits: AgentKit[] = [];

  const auditedKit = async (options: AuditTrailOptions = {}) => {
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool', 'schedule_delete_tool'], topicId, undefined, { journalDir, lingerMs: 0, scheduleWatch: { intervalMs: 50 }, ...options });
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [hook] } });
    kits.push(kit);
    return kit;
  };
  /** The operator schedules alice's payment to bob: the inner transfer waits for alice's signature. */
  const scheduleFromAlice = async (kit: AgentKit, amount: number) =>
    succeeded(await kit.execute('transfer_hbar_tool', { sourceAccountId: alice.accountId, transfers: [{ accountId: bob, amount }], schedulingParams: { isScheduled: true, adminKey: true } }));
  const journal = () => readJournalSnapshot(join(journalDir, `hcs-${topicId}.jsonl`))!.entries;
  const outcomesIn = (entries: readonly AnyAuditEntry[]) => entries.filter(isScheduleOutcomeEntry);
  const pendingSchedules = (kit: AgentKit) => kit.audit.pending()[0]!.pendingSchedules ?? 0;

  beforeEach(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-schedules-'));
    topicId = (await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client)).topicId!.toString();
    const made = await net.createAccount({ hbar: 50, key: PrivateKey.generateED25519() });
    const aliceClient = createDevnetClient(net.grpcAddress, made.accountId, made.privateKey);
    // Alice's kit has no audit hook: her signature is not an audited call, only its effect on the schedule is.
    const aliceKit = await createAgentKit({ client: aliceClient, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl });
    kits.push(aliceKit);
    alice = { ...made, client: aliceClient, kit: aliceKit };
    bob = (await net.createAccount({ hbar: 1 })).accountId;
  });

  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
    alice.client.close();
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when the second signature executes a scheduled transfer', () => {
    it('writes one scheduleExecuted entry naming the call entry, with the inner status and consensus timestamp, and verify accepts the trail', async () => {
      const kit = await auditedKit();
      const created = await scheduleFromAlice(kit, 2);
      const [call] = journal();
      expect(call).to.include({ tool: 'transfer_hbar_tool', outcome: 'executed', scheduleId: created.scheduleId, scheduledTransactionId: created.scheduledTransactionId });
      expect(pendingSchedules(kit)).to.equal(1);

      succeeded(await alice.kit.execute('sign_schedule_transaction_tool', { scheduleId: String(created.scheduleId) }));
      await eventually(() => pendingSchedules(kit) === 0, 'the outcome entry');
      const [status] = await kit.audit.flush(10_000);
      expect(status!.undelivered).to.equal(0);
      await kit.close();

      const onTopic = auditEntries(await readTopicMessages(net.mirrorUrl, topicId)) as AnyAuditEntry[];
      const outcomes = outcomesIn(onTopic);
      expect(outcomes).to.have.length(1);
      const record = (await checkedGet(net.mirrorUrl, `/api/v1/transactions/${mirrorForm(String(created.scheduledTransactionId))}?scheduled=true`)) as { transactions: { consensus_timestamp: string }[] };
      expect(outcomes[0]).to.include({
        kind: 'scheduleOutcome', outcome: 'scheduleExecuted', tool: 'transfer_hbar_tool', callEntryId: call!.id, callSeq: call!.seq,
        scheduleId: created.scheduleId, scheduledTransactionId: created.scheduledTransactionId, status: 'SUCCESS', source: 'mirror',
        consensusTimestamp: record.transactions[0]!.consensus_timestamp,
      });
      expect(outcomes[0]!.seq).to.be.greaterThan(call!.seq);
      // What the hook read, in the shape the mirror's OpenAPI document gives it.
      const schedule = await checkedGet(net.mirrorUrl, `/api/v1/schedules/${String(created.scheduleId)}`);
      expect([schedule.deleted, schedule.executed_timestamp]).to.deep.equal([false, record.transactions[0]!.consensus_timestamp]);

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(2);
      expect(report.schedules).to.deep.equal({ settled: { scheduleExecuted: 1 }, pending: 0 });
    });
  });

  describe('when schedule_delete_tool deletes the schedule', () => {
    it('writes a scheduleDeleted entry and no status, as the inner transfer never ran', async () => {
      const kit = await auditedKit();
      const created = await scheduleFromAlice(kit, 1);
      succeeded(await kit.execute('schedule_delete_tool', { scheduleId: String(created.scheduleId) }));
      await eventually(() => pendingSchedules(kit) === 0, 'the outcome entry');
      await kit.close();
      const schedule = await checkedGet(net.mirrorUrl, `/api/v1/schedules/${String(created.scheduleId)}`);
      expect([schedule.deleted, schedule.executed_timestamp]).to.deep.equal([true, null]);

      const outcomes = outcomesIn(auditEntries(await readTopicMessages(net.mirrorUrl, topicId)));
      expect(outcomes.map((entry: ScheduleOutcomeEntry) => [entry.outcome, entry.scheduleId, entry.status])).to.deep.equal([['scheduleDeleted', created.scheduleId, undefined]]);
      // The delete call itself is audited as a call, with no schedule of its own.
      expect(callEntries(journal()).filter((entry) => entry.tool === 'schedule_delete_tool').map((entry) => entry.outcome)).to.deep.equal(['executed']);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });

  describe('when the process stops while a schedule is pending', () => {
    it('a new hook on the same journal resumes, writes the outcome once, and a later one writes nothing', async () => {
      // The first run does not watch: its schedule stays pending in the journal, as after a crash.
      const first = await auditedKit({ scheduleWatch: false });
      const created = await scheduleFromAlice(first, 3);
      await first.close();
      expect(outcomesIn(journal())).to.deep.equal([]);
      const sign = await new ScheduleSignTransaction().setScheduleId(String(created.scheduleId)).freezeWith(alice.client).sign(alice.privateKey);
      expect((await (await sign.execute(alice.client)).getReceipt(alice.client)).status.toString()).to.equal('SUCCESS');

      const second = await auditedKit();
      await eventually(() => pendingSchedules(second) === 0, 'the resumed outcome entry');
      await second.close();
      const afterSecond = outcomesIn(journal());
      expect(afterSecond.map((entry) => [entry.outcome, entry.status, entry.scheduleId])).to.deep.equal([['scheduleExecuted', 'SUCCESS', created.scheduleId]]);

      const third = await auditedKit();
      expect(third.audit.pending()[0]!.pendingSchedules).to.equal(undefined);
      await third.audit.flush(10_000);
      await third.close();
      expect(outcomesIn(journal()).map((entry) => entry.id)).to.deep.equal(afterSecond.map((entry) => entry.id));
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(outcomesIn(auditEntries(await readTopicMessages(net.mirrorUrl, topicId)))).to.have.length(1);
    });
  });
});
