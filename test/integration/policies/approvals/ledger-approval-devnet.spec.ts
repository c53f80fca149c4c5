import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountCreateTransaction, Hbar, KeyList, PrivateKey, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../../src/devnet/index.js';
import { createDevnetClient } from '../../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../../src/hooks/index.js';
import { ApprovalPolicy } from '../../../../src/policies/approval-policy.js';
import { AbstractPolicy } from '../../../../src/listeners/abstract-policy.js';
import { signScheduledRequest } from '../../../../src/policies/approvals/schedule-signing.js';
import { callEntries, isScheduleOutcomeEntry, type AnyAuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { readJournalSnapshot } from '../../../../src/audit/journal/journal-reader.js';
import { verifyAuditTopic } from '../../../../src/audit/verify/verify-audit-topic.js';
import { CORE_PLUGINS, tinybarsOf } from '../../plugins/core-plugins-world.js';
import { createThresholdTreasury } from '../../../support/threshold-treasury.js';
import { AgentMode } from '../../../../src/values/agent-mode.js';

const TEN_HBAR = 1_000_000_000n;

/** Polls `check` until it holds; the limit only ends a test that would otherwise hang. */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`still waiting: ${what}`);
}

describe('ApprovalPolicy via: schedule: the ledger approves through a threshold key (devnet)', function () {
  this.timeout(90_000);
  let net: Devnet;
  let operator: Client;
  let agent: { accountId: string; client: Client };
  let approvers: PrivateKey[];
  let treasury: string;
  let bob: string;
  let topicId: string;
  let journalDir: string;
  const kits: AgentKit[] = [];

  const publicKeys = () => approvers.map((key) => key.publicKey.toStringDer());
  const policy = (of = publicKeys()) => new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of } });
  const kitWith = async (approval: ApprovalPolicy, ...more: object[]) => {
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir, lingerMs: 0, scheduleWatch: { intervalMs: 50 } });
    const kit = await createAgentKit({ client: agent.client, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [hook, approval, ...more] } });
    kits.push(kit);
    return kit;
  };
  const payTen = (kit: AgentKit, from = treasury) => kit.execute('transfer_hbar_tool', { sourceAccountId: from, transfers: [{ accountId: bob, amount: 10 }] });
  const journal = () => readJournalSnapshot(join(journalDir, `hcs-${topicId}.jsonl`))!.entries as AnyAuditEntry[];

  beforeEach(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    operator = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'ledger-approval-'));
    topicId = (await (await new TopicCreateTransaction().execute(operator)).getReceipt(operator)).topicId!.toString();
    // The agent's own account: not a member of the treasury's key.
    const made = await net.createAccount({ hbar: 50 });
    agent = { accountId: made.accountId, client: createDevnetClient(net.grpcAddress, made.accountId, made.privateKey) };
    ({ approvers, treasury } = await createThresholdTreasury(operator, ['ED25519', 'ECDSA', 'ED25519']));
    bob = (await net.createAccount({ hbar: 1 })).accountId;
  });

  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
    agent.client.close();
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when a 10 HBAR transfer from a 2-of-3 treasury needs approval', () => {
    it('goes out as a schedule, waits for two approvers on the ledger, moves exactly 10 HBAR, closes the request, and verifies', async () => {
      const approval = policy();
      const kit = await kitWith(approval);
      const [treasuryBefore, bobBefore] = [await tinybarsOf(operator, treasury), await tinybarsOf(operator, bob)];

      const result = await payTen(kit);
      expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', scheduled: true, awaitingApproval: true });
      const requestId = String(result.raw.approvalRequestId);
      expect(result.raw.scheduleId).to.be.a('string');
      expect(result.humanMessage).to.include(`schedule ${String(result.raw.scheduleId)}`).and.include('has NOT executed').and.include(`agent-hooks approve ${requestId}`);
      expect(result.humanMessage).not.to.match(/^Transferred/);
      expect([await tinybarsOf(operator, treasury), await tinybarsOf(operator, bob)]).to.deep.equal([treasuryBefore, bobBefore]);

      const store = approval.approvalStore;
      const scheduled = (await store.get(requestId))!;
      expect(scheduled.state).to.equal('scheduled');
      expect(scheduled.schedule).to.deep.include({ scheduleId: result.raw.scheduleId, scheduledTransactionId: result.raw.scheduledTransactionId });
      expect(scheduled.schedule!.accounts).to.deep.equal([{ accountId: treasury, threshold: 2, keys: publicKeys().map((der) => der.toLowerCase()), others: 0 }]);

      // The first approver signs: the ledger still waits.
      const first = await signScheduledRequest(store, requestId, approvers[0]!, operator, { via: 'cli' });
      expect(first, JSON.stringify(first)).to.include({ ok: true, status: 'SUCCESS', executed: false, recorded: true });
      expect(await tinybarsOf(operator, bob)).to.equal(bobBefore);
      expect((await store.get(requestId))!.state).to.equal('scheduled');

      // The second (an ECDSA key) completes the threshold: the ledger runs the transfer.
      const second = await signScheduledRequest(store, requestId, approvers[1]!.toStringDer(), operator, { via: 'cli' });
      expect(second, JSON.stringify(second)).to.include({ ok: true, status: 'SUCCESS', executed: true, recorded: true });
      expect(await tinybarsOf(operator, bob)).to.equal(bobBefore + TEN_HBAR);
      // The agent paid the fees; the treasury moved exactly the 10 HBAR.
      expect(await tinybarsOf(operator, treasury)).to.equal(treasuryBefore - TEN_HBAR);

      // The schedule's outcome closes the request: the kit's sweep reads it from the ledger after the
      // decision, or the audit hook's watch journals it first, whichever comes first. The audit hook
      // journals the outcome either way.
      await eventually(async () => (await store.get(requestId))!.state === 'executed', 'the request closed by the schedule outcome');
      await eventually(async () => journal().some(isScheduleOutcomeEntry), "the audit hook's journaled schedule outcome");
      const closed = (await store.get(requestId))!;
      expect(closed.schedule).to.include({ outcome: 'scheduleExecuted', status: 'SUCCESS' });
      expect(closed.execution).to.include({ by: 'the ledger', transactionId: result.raw.scheduledTransactionId });
      const [status] = await kit.audit.flush(10_000);
      expect(status!.undelivered).to.equal(0);

      const entries = journal();
      const [call] = callEntries(entries);
      expect(call).to.include({ tool: 'transfer_hbar_tool', outcome: 'executed', scheduleId: result.raw.scheduleId, approvalRequestId: requestId });
      expect(entries.filter(isScheduleOutcomeEntry).map((entry) => [entry.outcome, entry.callEntryId])).to.deep.equal([['scheduleExecuted', call!.id]]);
      const oversight = (entries as unknown as { kind?: string; via?: string; outcome?: string }[]).filter((entry) => entry.kind?.startsWith('approval'));
      // The second signature's decision may be journaled before or after the outcome that it caused closed the request.
      expect(oversight.map((entry) => entry.kind)).to.have.members(['approvalRequest', 'approvalDecision', 'approvalDecision', 'approvalScheduleSettled']);
      expect(oversight[0]).to.include({ kind: 'approvalRequest', via: 'schedule' });
      expect(oversight.find((entry) => entry.kind === 'approvalScheduleSettled')!.outcome).to.equal('scheduleExecuted');

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report.approvals).to.include({ calls: 1, ledgerApproved: 1, signedDecisions: 2 });
    });
  });

  describe('when the paying account cannot be approved by the ledger', () => {
    it('blocks a transfer from an account with a single key, saying so, and sends nothing', async () => {
      const kit = await kitWith(policy());
      const before = await tinybarsOf(operator, bob);
      const result = await payTen(kit, agent.accountId);
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect((result.raw.blockedBy as { reason: string }).reason).to.include(`account ${agent.accountId}, which the call debits, cannot be approved by the ledger: its key is a single key`);
      expect(result.raw.transactionId).to.equal(undefined);
      expect(await tinybarsOf(operator, bob)).to.equal(before);
    });

    it('blocks when an approver is not a member of the threshold key', async () => {
      const stranger = PrivateKey.generateED25519().publicKey.toStringDer();
      const kit = await kitWith(policy([...publicKeys().slice(0, 2), stranger]));
      const result = await payTen(kit);
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect((result.raw.blockedBy as { reason: string }).reason).to.include('1 of the approvers\' keys').and.include(`are not members of ${treasury}'s key`);
    });

    it('blocks when the agent\'s own key is a member that brings the threshold within one approver', async () => {
      // A 2-of-3 key whose members are the agent's key and two approvers: one approver and the agent would do.
      const agentKey = agent.client.operatorPublicKey!;
      const shared = new KeyList([agentKey, approvers[0]!.publicKey, approvers[1]!.publicKey], 2);
      const account = (await (await new AccountCreateTransaction().setKeyWithoutAlias(shared).setInitialBalance(new Hbar(20)).execute(operator)).getReceipt(operator)).accountId!.toString();
      const kit = await kitWith(policy(publicKeys().slice(0, 2)));
      const result = await payTen(kit, account);
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect((result.raw.blockedBy as { reason: string }).reason).to.include("the agent's own key among them").and.include('1 approver signature would be enough where this policy requires 2');
    });
  });

  describe('when no threshold key could hold the call, whatever the keys', () => {
    const reasonOf = (result: { raw: { blockedBy?: unknown } }) => (result.raw.blockedBy as { reason: string }).reason;

    it('blocks an allowance spend: the spender (the agent) signs it, not the owner', async () => {
      const kit = await kitWith(policy());
      const before = await tinybarsOf(operator, bob);
      const result = await kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: treasury, transfers: [{ accountId: bob, amount: 10 }] });
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(reasonOf(result)).to.include('transfer_hbar_with_allowance_tool spends an allowance, which the agent (the spender) signs').and.include('nothing was sent');
      expect(await tinybarsOf(operator, bob)).to.equal(before);
    });

    it('blocks in RETURN_BYTES mode, where the kit would not submit the schedule itself', async () => {
      const kit = await createAgentKit({ client: agent.client, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { mode: AgentMode.RETURN_BYTES, hooks: [policy()] } });
      kits.push(kit);
      const result = await payTen(kit);
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(reasonOf(result)).to.include('the kit runs in returnBytes mode, where it does not submit the schedule itself');
      expect(result.raw.bytes).to.equal(undefined);
    });

    it('blocks a call that sets its own scheduling: the model would pick the schedule’s expiry, payer or admin key', async () => {
      const kit = await kitWith(policy());
      const result = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: bob, amount: 10 }], schedulingParams: { isScheduled: true, adminKey: true } });
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(reasonOf(result)).to.include('the call asks to be scheduled with its own scheduling params');
      expect(result.raw.scheduleId).to.equal(undefined);
    });
  });

  describe('when a later policy blocks the ScheduleCreate', () => {
    it('sends nothing and expires the request, saying the call was never sent', async () => {
      class NoSchedules extends AbstractPolicy {
        override name = 'No Schedules';
        override relevantTools = ['transfer_hbar_tool'];
        protected override shouldBlockPostCoreAction(): boolean {
          return true;
        }
      }
      const approval = policy();
      const created: string[] = [];
      approval.approvalStore.subscribe((change) => change.kind === 'created' && created.push(change.record.id));
      const kit = await kitWith(approval, new NoSchedules());
      const before = await tinybarsOf(operator, bob);
      const result = await payTen(kit);
      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect((result.raw.blockedBy as { policy: string }).policy).to.equal('No Schedules');
      expect(await tinybarsOf(operator, bob)).to.equal(before);
      expect(created).to.have.length(1);
      await eventually(async () => (await approval.approvalStore.get(created[0]!))!.state === 'expired', 'the request expired');
      expect((await approval.approvalStore.get(created[0]!))!.note).to.equal('the call was never sent (blocked by No Schedules at postCoreAction), so nothing was scheduled and nothing it describes executes');
    });
  });

  describe('when the transfer is below the threshold of the condition', () => {
    it('runs at once, unscheduled', async () => {
      const kit = await kitWith(policy());
      const before = await tinybarsOf(operator, bob);
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: bob, amount: 1 }] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(result.raw.scheduled).to.equal(undefined);
      expect(await tinybarsOf(operator, bob)).to.equal(before + 100_000_000n);
    });
  });
});
