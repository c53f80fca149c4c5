import { expect } from 'chai';
import { join } from 'node:path';
import { Hbar, TransactionId, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import type { Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { callEntries } from '../../../src/audit/entries/audit-entry.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { closeAuditWorld, openAuditWorld } from '../../support/audit-world.js';

/**
 * A crashed run left an intent whose transaction had not reached the node (or had not yet): the
 * network cannot say for minutes whether it will land. That must neither be recorded as "never
 * landed" early nor hold back the entries of the calls made after the restart.
 */
describe('intents the network cannot settle yet', () => {
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  let recipient: string;

  beforeEach(async () => {
    ({ net, client, journalDir, topicId, recipient } = await openAuditWorld('audit-unsettled-'));
  });

  afterEach(() => closeAuditWorld({ net, journalDir }));

  const journalPath = () => join(journalDir, `hcs-${topicId}.jsonl`);

  /** What a run killed right after journaling the intent (and maybe sending the transaction) leaves behind. */
  async function crashedRunIntent(transactionId: TransactionId): Promise<void> {
    const journal = await AuditJournal.open(journalPath());
    await journal.addIntent({ transactionId: transactionId.toString(), tool: 'transfer_hbar_tool', at: new Date().toISOString(), params: { to: recipient }, paramsKind: 'normalised', validDurationSeconds: 120 });
    await journal.close();
  }

  const restartedKit = async (mirrorNodeUrl?: string) => {
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir, minBackoffMs: 10, maxBackoffMs: 100, closeTimeoutMs: 10_000 });
    return createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] }, ...(mirrorNodeUrl ? { mirrorNodeUrl } : {}) });
  };

  for (const [label, mirror] of [['with a mirror URL', () => net.mirrorUrl], ['without a mirror URL', () => undefined]] as const) {
    describe(`when the transaction never reached the node, ${label}`, () => {
      it('delivers every later entry at once and leaves the intent unsettled, not "not found"', async () => {
        const lost = TransactionId.generate(net.operatorId);
        await crashedRunIntent(lost);
        const kit = await restartedKit(mirror());
        for (let k = 0; k < 3; k++) {
          const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1, memo: `after-${k}` });
          expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
        }
        const started = Date.now();
        const [status] = await kit.audit.flush();
        await kit.close();
        // Far below the 10 s closeTimeoutMs: nothing waits for an intent that cannot settle before it.
        expect(Date.now() - started).to.be.below(5_000);
        expect(status).to.include({ undelivered: 0, unsettled: 1 });

        const onTopic = auditEntries(await readTopicMessages(net.mirrorUrl, topicId));
        expect(onTopic.map((entry) => entry.outcome)).to.deep.equal(['executed', 'executed', 'executed']);
        expect(callEntries(readJournalSnapshot(journalPath())!.entries).filter((entry) => entry.transactionId === lost.toString())).to.deep.equal([]);
        expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
      });
    });
  }

  describe('when the transaction was still on its way at the crash and lands after the restart', () => {
    it('is not recorded as never seen, and a later start records it as executed', async () => {
      // The crashed process's last request, which the node handles only after a delay.
      const inFlight = TransactionId.generate(net.operatorId);
      await crashedRunIntent(inFlight);
      net.faults.inject({ rpc: 'cryptoTransfer', latencyMs: 1_500, times: 1 });
      const landing = new TransferTransaction().setTransactionId(inFlight).addHbarTransfer(net.operatorId, Hbar.fromTinybars(-1)).addHbarTransfer(recipient, Hbar.fromTinybars(1)).execute(client);

      const first = await restartedKit();
      const [status] = await first.audit.flush(300);
      await first.close();
      expect(status!.unsettled).to.equal(1);
      expect(readJournalSnapshot(journalPath())?.entries ?? []).to.deep.equal([]);

      await (await landing).getReceipt(client);
      const second = await restartedKit();
      await second.audit.flush();
      await second.close();
      const entries = callEntries(readJournalSnapshot(journalPath())!.entries);
      expect(entries.map(({ outcome, status: ledger, transactionId }) => ({ outcome, ledger, transactionId }))).to.deep.equal([
        { outcome: 'interrupted', ledger: 'SUCCESS', transactionId: inFlight.toString() },
      ]);
    });
  });
});
