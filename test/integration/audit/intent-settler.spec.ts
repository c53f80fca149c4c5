import { expect } from 'chai';
import { join } from 'node:path';
import { AccountId, Hbar, Timestamp, TransactionId, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import type { Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { callEntries } from '../../../src/audit/entries/audit-entry.js';
import { mirrorTransactionId } from '../../../src/audit/readers/mirror-transaction-id.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { closeAuditWorld, openAuditWorld } from '../../support/audit-world.js';

/**
 * A crashed run left an intent, and on restart the lookup of its transaction hangs (the mirror
 * node answers late). The entries of the calls made after the restart must not wait behind that
 * lookup, close() must keep its timeout, and the interrupted call is recorded by a later start.
 */
describe('settling an interrupted call while later calls are audited', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  let recipient: string;

  beforeEach(async () => {
    ({ net, client, journalDir, topicId, recipient } = await openAuditWorld('audit-settling-'));
  });

  afterEach(() => closeAuditWorld({ net, journalDir }));

  const journalPath = () => join(journalDir, `hcs-${topicId}.jsonl`);

  const kitWithHook = async () => {
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir, minBackoffMs: 10, maxBackoffMs: 100, closeTimeoutMs: 3_000, lingerMs: 0 });
    return createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
  };

  const transfer = async (kit: Awaited<ReturnType<typeof kitWithHook>>, memo: string) => {
    const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1, memo });
    expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
  };

  describe('when the lookup of the interrupted transaction hangs past closeTimeoutMs', () => {
    it('delivers the later entries first, closes in time leaving the intent journaled, and a later start records it once', async () => {
      // The crashed run: two calls audited, then killed after journaling the third call's intent,
      // before its transaction was sent (ten minutes ago, so no copy can land any more).
      const first = await kitWithHook();
      await transfer(first, 'before-1');
      await transfer(first, 'before-2');
      await first.close();
      const lost = TransactionId.withValidStart(AccountId.fromString(net.operatorId), Timestamp.fromDate(new Date(Date.now() - 10 * 60_000)));
      const journal = await AuditJournal.open(journalPath());
      await journal.addIntent({ transactionId: lost.toString(), tool: 'transfer_hbar_tool', at: new Date().toISOString(), params: { to: recipient }, paramsKind: 'normalised', validDurationSeconds: 120 });
      await journal.close();

      // The restart: the mirror takes far longer than closeTimeoutMs to answer for that transaction.
      const hang = net.faults.mirror.inject({ path: new RegExp(`/api/v1/transactions/${mirrorTransactionId(lost)}`), latencyMs: 50_000, times: 1 });
      const restarted = await kitWithHook();
      for (let k = 1; k <= 3; k++) await transfer(restarted, `after-${k}`);
      const [flushed] = await restarted.audit.flush();
      await restarted.close();

      expect(hang.hits, 'the interrupted call was being looked up').to.equal(1);
      expect(flushed).to.include({ undelivered: 0, unsettled: 1 });
      expect(restarted.audit.pending()[0]).to.include({ undelivered: 0 });
      // close() returned while the lookup was still unanswered: nothing was recorded for that call,
      // and its intent stays journaled for the next start.
      const afterRestart = readJournalSnapshot(journalPath())!;
      expect(callEntries(afterRestart.entries).filter((entry) => entry.transactionId === lost.toString())).to.deep.equal([]);
      const onTopic = auditEntries(await readTopicMessages(net.mirrorUrl, topicId));
      expect(onTopic.map((entry) => [entry.seq, entry.outcome])).to.deep.equal([
        [1, 'executed'],
        [2, 'executed'],
        [3, 'executed'],
        [4, 'executed'],
        [5, 'executed'],
      ]);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);

      // The next start can ask: the interrupted call goes out under the next seq, after the later ones.
      hang.remove();
      const next = await kitWithHook();
      const [settled] = await next.audit.flush();
      await next.close();
      expect(settled).to.include({ undelivered: 0 });
      expect(settled!.unsettled).to.equal(undefined);

      const final = auditEntries(await readTopicMessages(net.mirrorUrl, topicId));
      expect(final.map((entry) => [entry.seq, entry.outcome, entry.transactionId === lost.toString()])).to.deep.equal([
        [1, 'executed', false],
        [2, 'executed', false],
        [3, 'executed', false],
        [4, 'executed', false],
        [5, 'executed', false],
        [6, 'interrupted', true],
      ]);
      expect(final[5]).to.include({ status: 'RECEIPT_NOT_FOUND' });
      // Exactly once: no entry and no transaction twice on the topic.
      expect(new Set(final.map((entry) => entry.id)).size).to.equal(final.length);
      expect(new Set(final.map((entry) => entry.transactionId)).size).to.equal(final.length);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });

  describe('when the crash interrupted two calls and the lookup of the first hangs', () => {
    it('records the second as soon as the network answers for it, without waiting for the first', async () => {
      // The first call was never sent; the second landed, but the process died before journaling its outcome.
      const hung = TransactionId.withValidStart(AccountId.fromString(net.operatorId), Timestamp.fromDate(new Date(Date.now() - 10 * 60_000)));
      const landed = TransactionId.generate(net.operatorId);
      await (await new TransferTransaction().setTransactionId(landed).addHbarTransfer(net.operatorId, Hbar.fromTinybars(-1)).addHbarTransfer(recipient, Hbar.fromTinybars(1)).execute(client)).getReceipt(client);
      const journal = await AuditJournal.open(journalPath());
      for (const id of [hung, landed]) {
        await journal.addIntent({ transactionId: id.toString(), tool: 'transfer_hbar_tool', at: new Date().toISOString(), params: { to: recipient }, paramsKind: 'normalised', validDurationSeconds: 120 });
      }
      await journal.close();
      const hang = net.faults.mirror.inject({ path: new RegExp(`/api/v1/transactions/${mirrorTransactionId(hung)}`), latencyMs: 50_000, times: 1 });

      const restarted = await kitWithHook();
      await transfer(restarted, 'after');
      const [flushed] = await restarted.audit.flush();
      await restarted.close();

      expect(hang.hits, 'the first interrupted call was being looked up').to.equal(1);
      expect(flushed).to.include({ undelivered: 0, unsettled: 1 });
      const onTopic = auditEntries(await readTopicMessages(net.mirrorUrl, topicId));
      expect(onTopic.map((entry) => [entry.outcome, entry.status, entry.transactionId === landed.toString()]).sort()).to.deep.equal([
        ['executed', 'SUCCESS', false],
        ['interrupted', 'SUCCESS', true],
      ]);
      expect(onTopic.map((entry) => entry.seq).sort()).to.deep.equal([1, 2]);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });
});
