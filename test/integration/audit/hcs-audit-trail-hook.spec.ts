import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { RejectToolPolicy } from '../../../src/policies/index.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

describe('HcsAuditTrailHook on the devnet', () => {
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  let recipient: string;

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-hcs-'));
    const receipt = await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client);
    topicId = receipt.topicId!.toString();
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });

  afterEach(async () => {
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when calls execute, are blocked and fail', () => {
    it('publishes one entry per call with outcome, transaction ID and status, and verify finds them all', async () => {
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool', 'delete_account_tool'], topicId, undefined, { journalDir });
      const kit = await createAgentKit({
        client,
        pluginsDir: null,
        plugins: [transferPlugin('transfer_hbar_tool', 'delete_account_tool')],
        context: { hooks: [hook, new RejectToolPolicy(['delete_account_tool'])] },
      });
      const ok = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 10 });
      const blocked = await kit.execute('delete_account_tool', { to: recipient, tinybars: 10 });
      const failed = await kit.execute('transfer_hbar_tool', { to: '0.0.999999', tinybars: 10 });
      expect(ok.raw.status).to.equal('SUCCESS');
      expect(blocked.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(failed.raw.status).to.equal('ERROR');

      const [status] = await kit.audit.flush(10_000);
      expect(status!.undelivered).to.equal(0);
      await kit.close();

      const entries = auditEntries(await readTopicMessages(net.mirrorUrl, topicId));
      expect(entries.map((entry: { outcome: string }) => entry.outcome)).to.deep.equal(['executed', 'blocked', 'executed']);
      expect(entries[0].transactionId).to.equal(ok.raw.transactionId);
      expect(entries[0].status).to.equal('SUCCESS');
      expect(entries[1].blockedBy).to.deep.equal({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
      expect(entries[2].status).to.equal(failed.raw.errorCode);

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(3);
    });
  });

  describe('when the kit runs in RETURN_BYTES mode', () => {
    it('refuses the call before anything is built and journals nothing', async () => {
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir });
      const kit = await createAgentKit({
        client,
        pluginsDir: null,
        plugins: [transferPlugin()],
        context: { hooks: [hook], mode: AgentMode.RETURN_BYTES, accountId: net.operatorId },
      });
      const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 10 });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.stage).to.equal('preToolExecution');
      expect(String(result.raw.error)).to.match(/Unsupported hook: HcsAuditTrailHook does not support AgentMode.RETURN_BYTES or AgentMode.CUSTOM_RETURN_BYTES. Stopping the agent execution before tool/);
      expect(kit.audit.pending()[0]!.undelivered).to.equal(0);
      await kit.close();
    });
  });
});
