import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HolAuditTrailHook } from '../../../src/hooks/index.js';
import { MaxRecipientsPolicy } from '../../../src/policies/index.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { AUDIT_ENTRY_TYPE } from '../../../src/audit/entries/audit-entry.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { rawMessages, readHcs1File } from '../../support/hcs1-reader.js';

describe('HolAuditTrailHook on the devnet', () => {
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let recipient: string;

  const createTopic = async (memo: string): Promise<string> =>
    (await (await new TopicCreateTransaction().setTopicMemo(memo).execute(client)).getReceipt(client)).topicId!.toString();

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-hol-'));
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });

  afterEach(async () => {
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  /** The batch an HCS-1 file holds: the same JSON as a plain HCS batch message. */
  const batchIn = (bytes: Buffer): { p: string; v: number; s: string; seq: [number, number]; e: any[] } => JSON.parse(bytes.toString('utf8'));

  describe('when audited calls run against an hcs-2:0:0 session topic', () => {
    it('registers HCS-1 files holding batches that an independent reader decodes to the journaled entries', async () => {
      const sessionId = await createTopic('hcs-2:0:0');
      const hook = new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId, journalDir });
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
      // A long incompressible note makes the file span several chunks.
      const note = randomBytes(3000).toString('base64');
      const first = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 5, memo: 'audited', note });
      const second = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 6 });
      expect(first.raw.status).to.equal('SUCCESS');
      expect(second.raw.status).to.equal('SUCCESS');
      await kit.close();

      const registers = (await rawMessages(net.mirrorUrl, sessionId)).map((message) => JSON.parse(message.text));
      expect(registers.length).to.be.within(1, 2);
      const entries = [];
      let chunks = 0;
      for (const register of registers) {
        expect(register).to.include({ p: 'hcs-2', op: 'register' });
        const file = await readHcs1File(net.mirrorUrl, register.t_id);
        expect(file.mime).to.equal('application/json');
        const messages = await rawMessages(net.mirrorUrl, register.t_id);
        for (const chunk of messages) expect(chunk.bytes).to.be.at.most(1024);
        chunks += messages.length;
        const batch = batchIn(file.bytes);
        expect(batch).to.include({ p: 'hedera-agent-hooks/audit', v: 2 });
        expect(batch.e.map((entry) => entry.seq)).to.deep.equal(Array.from({ length: batch.seq[1] - batch.seq[0] + 1 }, (_, at) => batch.seq[0] + at));
        entries.push(...batch.e);
      }
      entries.sort((a, b) => a.seq - b.seq);
      expect(entries.map((entry) => entry.transactionId)).to.deep.equal([first.raw.transactionId, second.raw.transactionId]);
      expect(entries[0].params.note).to.equal(note);
      expect(chunks).to.be.greaterThan(3);

      // Each register carries the HCS-2 transaction memo for a register to an indexed registry.
      const submits = (await (await fetch(`${net.mirrorUrl}/api/v1/transactions?transactiontype=consensussubmitmessage&limit=100`)).json()) as { transactions: { memo_base64: string }[] };
      expect(submits.transactions.filter((tx) => Buffer.from(tx.memo_base64, 'base64').toString() === 'hcs-2:op:0:0')).to.have.length(registers.length);

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId: sessionId, journalDir });
      expect(report.kind).to.equal('hol');
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(2);
    });
  });

  describe('when a call is blocked', () => {
    it('audits the refusal and the blocked transfer never reaches the network', async () => {
      const sessionId = await createTopic('hcs-2:0:86400');
      const hook = new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId, journalDir });
      const kit = await createAgentKit({
        client,
        pluginsDir: null,
        plugins: [transferPlugin()],
        context: { hooks: [hook, new MaxRecipientsPolicy(1, ['transfer_hbar_tool'], { transfer_hbar_tool: () => 2 })] },
      });
      const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 5 });
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      await kit.close();
      const transfers = (await (await fetch(`${net.mirrorUrl}/api/v1/transactions?account.id=${recipient}&transactiontype=cryptotransfer`)).json()) as { transactions: unknown[] };
      expect(transfers.transactions).to.have.length(0);
      const [register] = (await rawMessages(net.mirrorUrl, sessionId)).map((message) => JSON.parse(message.text));
      const [entry] = batchIn((await readHcs1File(net.mirrorUrl, register.t_id)).bytes).e;
      expect(entry).to.include({ outcome: 'blocked', stage: 'postParamsNormalization' });
      expect(entry.blockedBy.policy).to.equal('Max Recipients Policy');
    });
  });

  describe('when a backlog of large entries waits and answers are lost past the gRPC deadline', () => {
    it('files them in several batches, each entry exactly once, and verify finds the session complete', async function () {
      this.timeout(60_000);
      const sessionId = await createTopic('hcs-2:0:0');
      const journal = await AuditJournal.open(join(journalDir, `hol-${sessionId}.jsonl`));
      for (let seq = 1; seq <= 20; seq++) {
        await journal.addEntry((assigned) => ({
          type: AUDIT_ENTRY_TYPE, version: 1, id: `entry-${assigned}`, seq: assigned, session: '0.0.2', timestamp: new Date(0).toISOString(), tool: 'transfer_hbar_tool',
          outcome: 'executed', stage: 'postToolExecution', params: { note: randomBytes(3000).toString('hex') }, paramsKind: 'normalised', status: 'SUCCESS',
        }));
      }
      await journal.close();
      const lostCreates = net.faults.inject({ rpc: 'createTopic', responseDelayMs: 1_500, times: 1 });
      const lostSubmits = net.faults.inject({ rpc: 'submitMessage', responseDelayMs: 1_500, times: 3 });
      const hook = new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId, journalDir, loggingClient: net.client().setGrpcDeadline(400), minBackoffMs: 10, maxInFlight: 8 });
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
      const [status] = await kit.audit.flush(45_000);
      await kit.close();
      expect(status!.undelivered, status!.lastError).to.equal(0);
      expect([lostCreates.hits, lostSubmits.hits]).to.deep.equal([1, 3]);

      const registers = (await rawMessages(net.mirrorUrl, sessionId)).map((message) => JSON.parse(message.text));
      expect(registers.length).to.be.within(2, 19);
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId: sessionId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(20);
    });
  });

  describe('when the session topic is not an indexed HCS-2 registry', () => {
    it('refuses to start the kit, naming the memo, before any journal is made', async () => {
      const sessionId = await createTopic('hcs-2:1:0');
      const hook = new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId, journalDir });
      const started = createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
      await started.then(() => expect.fail('started'), (error: Error) => expect(error.message).to.contain('"hcs-2:1:0"').and.contain('hcs-2:0:<ttl>'));
      expect(existsSync(join(journalDir, `hol-${sessionId}.jsonl`))).to.equal(false);
      expect(await rawMessages(net.mirrorUrl, sessionId)).to.deep.equal([]);
    });

    it('fails the first audited call before anything is built, naming the memo, for a hook added after the start', async () => {
      const sessionId = await createTopic('hcs-2:1:0');
      const hook = new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId, journalDir });
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()] });
      kit.use(hook);
      const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 5 });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.stage).to.equal('preToolExecution');
      expect(String(result.raw.error)).to.contain('"hcs-2:1:0"').and.contain('hcs-2:0:<ttl>');
      // The refusal is not itself audited: nothing may be written to a topic that failed the check.
      expect(kit.audit.pending()[0]!.undelivered).to.equal(0);
      await kit.close();
      expect(await rawMessages(net.mirrorUrl, sessionId)).to.deep.equal([]);
    });
  });
});
