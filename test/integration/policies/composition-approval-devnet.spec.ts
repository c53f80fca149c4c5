import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountBalanceQuery, TopicCreateTransaction } from '@hiero-ledger/sdk';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { ApprovalPolicy, RecipientAllowlistPolicy, anyOf } from '../../../src/policies/index.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

type Entry = Record<string, unknown> & { kind?: string; outcome?: string; requestId?: string };

/**
 * An operator lets a desk be paid freely and asks a person for anyone else:
 * anyOf(allowlist, in-call approval). The approval inside the combination must leave the same
 * proof on the trail as one registered alone, or `audit verify` cannot show the call was approved.
 */
describe('an in-call approval inside a combination, on the devnet', function () {
  this.timeout(60_000);
  const suite = devnetSuite();
  let journalDir: string;
  let topicId: string;
  let recipient: string;

  before(async () => {
    topicId = (await (await new TopicCreateTransaction().execute(suite.client)).getReceipt(suite.client)).topicId!.toString();
    recipient = (await suite.net.createAccount({ hbar: 0 })).accountId;
  });
  beforeEach(() => (journalDir = mkdtempSync(join(tmpdir(), 'composition-approval-audit-'))));
  afterEach(() => rmSync(journalDir, { recursive: true, force: true }));

  it('audits its request and decision before the call that names it, and the trail verifies', async () => {
    const approval = new ApprovalPolicy({ when: { hbarAbove: 0 }, approver: { name: 'the treasury lead', approve: () => ({ approved: true, reason: 'invoice 7' }) } });
    const hook = new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir });
    const kit = await createAgentKit({ client: suite.client, mirrorNodeUrl: suite.net.mirrorUrl, hooks: [hook], context: { hooks: [anyOf(new RecipientAllowlistPolicy(['0.0.7']), approval)] } });
    try {
      const paid = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 2 }] });
      expect(paid.raw.status, paid.humanMessage).to.equal('SUCCESS');
      const [status] = await kit.audit.flush(20_000);
      expect(status!.undelivered).to.equal(0);
    } finally {
      await kit.close();
    }
    const entries = auditEntries(await readTopicMessages(suite.net.mirrorUrl, topicId)) as Entry[];
    const call = entries.find((entry) => entry.kind === undefined && entry.outcome === 'executed')!;
    const requestId = call.approvalRequestId as string;
    expect(requestId).to.be.a('string');
    const kinds = entries.filter((entry) => entry.requestId === requestId || entry === call).map((entry) => entry.kind ?? entry.outcome);
    expect(kinds.slice(0, 3)).to.deep.equal(['approvalRequest', 'approvalDecision', 'executed']);
    const report = await verifyAuditTopic({ mirrorUrl: suite.net.mirrorUrl, topicId, journalDir });
    expect(report.problems).to.deep.equal([]);
    expect(report.approvals.calls).to.equal(1);
  });

  it('finishes the request once the call ran, so kit.resume of it sends nothing again', async () => {
    let requestId = '';
    const approval = new ApprovalPolicy({ when: { hbarAbove: 0 }, approver: { name: 'the treasury lead', approve: (request) => ((requestId = request.id ?? ''), true) } });
    const kit = await createAgentKit({ client: suite.client, mirrorNodeUrl: suite.net.mirrorUrl, context: { hooks: [anyOf(new RecipientAllowlistPolicy(['0.0.7']), approval)] } });
    try {
      const paid = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
      expect(paid.raw.status, paid.humanMessage).to.equal('SUCCESS');
      const stores = kit.approvalStores();
      expect(stores).to.include(approval.approvalStore);
      const record = await approval.approvalStore.get(requestId);
      expect(record).to.deep.include({ state: 'executed' });
      expect(record!.execution).to.deep.include({ transactionId: paid.raw.transactionId, status: 'SUCCESS' });
      const before = (await new AccountBalanceQuery().setAccountId(recipient).execute(suite.client)).hbars.toTinybars().toString();
      const again = await kit.resume(requestId);
      expect(again.raw).to.deep.include({ status: 'ERROR', submitted: false, approvalState: 'executed', executedTransactionId: paid.raw.transactionId });
      expect((await new AccountBalanceQuery().setAccountId(recipient).execute(suite.client)).hbars.toTinybars().toString()).to.equal(before);
    } finally {
      await kit.close();
    }
  });
});
