import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, TopicId, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../src/audit/entries/audit-entry.js';
import { packBatches } from '../../../src/audit/delivery/batch-packer.js';
import { submitMessage } from '../../../src/audit/delivery/hcs-delivery.js';
import { freshTransactionId } from '../../../src/audit/delivery/transaction-submitter.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

function entry(seq: number): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `entry-${seq}`, seq, session: '0.0.2', timestamp: new Date().toISOString(),
    tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: { n: seq }, paramsKind: 'normalised', status: 'SUCCESS',
  };
}

describe('audit redelivery', () => {
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-redeliver-'));
    topicId = (await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client)).topicId!.toString();
  });

  afterEach(async () => {
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const journalPath = (): string => join(journalDir, `hcs-${topicId}.jsonl`);
  const startKit = async (loggingClient?: Client) => {
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, loggingClient, { journalDir, minBackoffMs: 10, closeTimeoutMs: 200 });
    return createAgentKit({ client, pluginsDir: null, context: { hooks: [hook] } });
  };

  describe('when a message landed but the process stopped before recording it', () => {
    it('resends under the journaled transaction ID, takes DUPLICATE_TRANSACTION as delivered, and publishes it once', async () => {
      const journal = await AuditJournal.open(journalPath());
      for (let seq = 1; seq <= 3; seq++) await journal.addEntry(() => entry(seq));
      const [group] = packBatches(journal.undeliveredEntries(), await journal.streamId());
      const job = await journal.addJob(group!.entries, group!.messages);
      const transactionId = freshTransactionId(client).toString();
      await journal.plan(job.job, 'message-0', transactionId);
      await journal.close();
      // The first attempt reaches consensus; its outcome never makes it into the journal.
      await (await submitMessage(TopicId.fromString(topicId), group!.messages[0]!, transactionId).execute(client)).getReceipt(client);

      const kit = await startKit();
      const [status] = await kit.audit.flush(10_000);
      expect(status!.undelivered).to.equal(0);
      await kit.close();
      expect(await readTopicMessages(net.mirrorUrl, topicId)).to.have.length(1);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });

  describe('when receipts cannot be read for a while', () => {
    it('retries under the same transaction ID until the receipt is known, without a second copy', async () => {
      const journal = await AuditJournal.open(journalPath());
      for (let seq = 1; seq <= 5; seq++) await journal.addEntry(() => entry(seq));
      await journal.close();
      // The logging client gives up on a receipt after 5 attempts, so 8 failures outlast its first wait.
      const fault = net.faults.inject({ rpc: 'getTransactionReceipts', grpcError: 'UNAVAILABLE', times: 8 });
      const kit = await startKit(net.client().setMaxAttempts(5));
      const [status] = await kit.audit.flush(15_000);
      expect(status!.undelivered).to.equal(0);
      await kit.close();
      expect(fault.hits).to.equal(8);
      const messages = await readTopicMessages(net.mirrorUrl, topicId);
      expect(auditEntries(messages).map((item: AuditEntry) => item.seq)).to.deep.equal([1, 2, 3, 4, 5]);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });

  describe('when the network refuses every attempt', () => {
    it('keeps the entries, reports them as undelivered with the last error, and delivers them on the next start', async () => {
      const journal = await AuditJournal.open(journalPath());
      await journal.addEntry(() => entry(1));
      await journal.close();
      const fault = net.faults.inject({ rpc: 'submitMessage', precheck: 'INVALID_TOPIC_ID' });

      const first = await startKit();
      const [status] = await first.audit.flush(300);
      expect(status!.undelivered).to.equal(1);
      expect(status!.lastError).to.contain('INVALID_TOPIC_ID');
      await first.close();
      fault.remove();

      const second = await startKit();
      const [after] = await second.audit.flush(10_000);
      await second.close();
      expect(after!.undelivered).to.equal(0);
      expect(await readTopicMessages(net.mirrorUrl, topicId)).to.have.length(1);
    });
  });
});
