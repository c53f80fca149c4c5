import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountBalanceQuery, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { MemoryApprovalStore, approvalRequestDigest } from '../../../src/policies/approvals/index.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

type Entry = Record<string, unknown> & { kind?: string; outcome?: string; requestId?: string };

describe('approvals on the audit trail, on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  let recipient: string;
  let store: MemoryApprovalStore;
  let kit: AgentKit;

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'approval-audit-devnet-'));
    const receipt = await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client);
    topicId = receipt.topicId!.toString();
    recipient = (await net.createAccount({ hbar: 0 })).accountId;
    store = new MemoryApprovalStore();
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', stage: 'postCoreAction', quorum: { required: 1, of: ['alice', 'bob'] }, store });
    const hook = new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir, agentId: 'agent-1' });
    kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, hooks: [hook], context: { hooks: [policy] } });
  });
  afterEach(async () => {
    await kit?.close();
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const balanceOf = async (account: string) => (await new AccountBalanceQuery().setAccountId(account).execute(client)).hbars.toTinybars().toString();
  const pay = () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });

  async function topicEntries(): Promise<Entry[]> {
    const [status] = await kit.audit.flush(20_000);
    expect(status!.undelivered).to.equal(0);
    return auditEntries(await readTopicMessages(net.mirrorUrl, topicId)) as Entry[];
  }

  describe('when a deferred request is approved and resumed', () => {
    it('puts the request and the decision on the topic before the executed call, and the trail verifies', async () => {
      const held = await pay();
      expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
      const id = held.raw.approvalRequestId as string;
      await store.decide(id, { approver: 'alice', approve: true, reason: 'vendor invoice 42', via: 'cli' });
      const resumed = await kit.resume(id);
      expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
      expect(await balanceOf(recipient)).to.equal("1000000000");

      const entries = await topicEntries();
      const record = (await store.get(id))!;
      expect(entries.map((entry) => entry.kind ?? entry.outcome)).to.deep.equal(['approvalRequest', 'blocked', 'approvalDecision', 'executed']);
      expect(entries[0]).to.deep.include({ requestId: id, tool: 'transfer_hbar_tool', policy: 'Approval Policy', stage: 'postCoreAction', quorum: 1, approvers: ['alice', 'bob'], deferred: true, digest: approvalRequestDigest(record), expiresAt: new Date(record.expiresAt).toISOString() });
      expect(entries[0]!.preview).to.deep.include({ transactionType: 'TransferTransaction', payer: '0.0.2', transactionId: resumed.raw.transactionId, bytesDigest: record.preview!.digest });
      expect(entries[2]).to.deep.include({ requestId: id, decision: 'approve', by: 'alice', via: 'cli', reason: 'vendor invoice 42', timestamp: new Date(record.decisions[0]!.at).toISOString() });
      expect(entries[3]!.transactionId).to.equal(resumed.raw.transactionId);
      // The held call is a block naming its request (nothing was sent); the executed one names the approval that let it run.
      expect(entries[1]).to.deep.include({ outcome: 'blocked', approvalRequestId: id });
      expect(entries[3]).to.deep.include({ approvalRequestId: id });

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(4);
      expect(report.approvals.calls, 'the executed call was checked for its quorum').to.equal(1);
    });
  });

  describe('when a deferred request is denied', () => {
    it('records the denial with who and why, sends nothing, and the trail verifies', async () => {
      const held = await pay();
      const id = held.raw.approvalRequestId as string;
      await store.decide(id, { approver: 'bob', approve: false, reason: 'unknown recipient' });
      const resumed = await kit.resume(id);
      expect(resumed.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
      expect(await balanceOf(recipient)).to.equal("0");

      const entries = await topicEntries();
      expect(entries.map((entry) => entry.kind ?? entry.outcome)).to.deep.equal(['approvalRequest', 'blocked', 'approvalDecision']);
      expect(entries[2]).to.deep.include({ requestId: id, decision: 'deny', by: 'bob', reason: 'unknown recipient' });
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
    });
  });
});
