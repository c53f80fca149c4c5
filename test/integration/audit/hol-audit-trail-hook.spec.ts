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
import { verifyAuditTopic } from '../../../src/audit/verify-audit-topic.js';
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

  describe('when audited calls run against an hcs-2:0:0 session topic', () => {
    it('registers one HCS-1 file per entry that an independent reader decodes to the journaled entry', async () => {
      const sessionId = await createTopic('hcs-2:0:0');
      const hook = new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId, journalDir });
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
      // A long incompressible note makes the entry span several chunks.
      const note = randomBytes(3000).toString('base64');
      const first = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 5, memo: 'audited', note });
      const second = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 6 });
      expect(first.raw.status).to.equal('SUCCESS');
      expect(second.raw.status).to.equal('SUCCESS');
      await kit.close();

      const registers = (await rawMessages(net.mirrorUrl, sessionId)).map((message) => JSON.parse(message.text));
      expect(registers).to.have.length(2);
      const entries = [];
      const chunkCounts: number[] = [];
      for (const register of registers) {
        expect(register).to.include({ p: 'hcs-2', op: 'register' });
        const file = await readHcs1File(net.mirrorUrl, register.t_id);
        expect(file.mime).to.equal('application/json');
        const chunks = await rawMessages(net.mirrorUrl, register.t_id);
        for (const chunk of chunks) expect(chunk.bytes).to.be.at.most(1024);
        chunkCounts.push(chunks.length);
        entries.push(JSON.parse(file.bytes.toString('utf8')));
      }
      expect(entries.map((entry) => entry.transactionId)).to.deep.equal([first.raw.transactionId, second.raw.transactionId]);
      expect(entries[0].params.note).to.equal(note);
      expect(chunkCounts[0]).to.be.greaterThan(3);

      // Each register carries the HCS-2 transaction memo for a register to an indexed registry.
      const submits = (await (await fetch(`${net.mirrorUrl}/api/v1/transactions?transactiontype=consensussubmitmessage&limit=100`)).json()) as { transactions: { memo_base64: string }[] };
      expect(submits.transactions.filter((tx) => Buffer.from(tx.memo_base64, 'base64').toString() === 'hcs-2:op:0:0')).to.have.length(2);

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
      const entry = JSON.parse((await readHcs1File(net.mirrorUrl, register.t_id)).bytes.toString('utf8'));
      expect(entry).to.include({ outcome: 'blocked', stage: 'postParamsNormalization' });
      expect(entry.blockedBy.policy).to.equal('Max Recipients Policy');
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
