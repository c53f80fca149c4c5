import { expect } from 'chai';
import { join } from 'node:path';
import { AccountId, Hbar, Timestamp, TransactionId, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import type { Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { closeAuditWorld, openAuditWorld } from '../../support/audit-world.js';

describe('calls interrupted by a crash', () => {
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  let recipient: string;

  beforeEach(async () => {
    ({ net, client, journalDir, topicId, recipient } = await openAuditWorld('audit-interrupted-'));
  });

  afterEach(() => closeAuditWorld({ net, journalDir }));

  describe('when the receipts are gone but a mirror node is known', () => {
    it('records the landed call with its ledger status and the expired one as never seen', async () => {
      // The crashed run: it journaled two intents; one transfer landed, the other was never sent.
      const landedId = TransactionId.generate(net.operatorId);
      await (await new TransferTransaction().setTransactionId(landedId).addHbarTransfer(net.operatorId, Hbar.fromTinybars(-1)).addHbarTransfer(recipient, Hbar.fromTinybars(1)).execute(client)).getReceipt(client);
      const lostId = TransactionId.withValidStart(AccountId.fromString(net.operatorId), Timestamp.fromDate(new Date(Date.now() - 10 * 60_000)));
      const journal = await AuditJournal.open(join(journalDir, `hcs-${topicId}.jsonl`));
      for (const id of [landedId, lostId]) {
        await journal.addIntent({ transactionId: id.toString(), tool: 'transfer_hbar_tool', at: new Date().toISOString(), params: { to: recipient }, paramsKind: 'normalised' });
      }
      await journal.close();
      // Nodes no longer have the receipts (they keep them ~3 minutes): only the mirror knows.
      const fault = net.faults.inject({ rpc: 'getTransactionReceipts', precheck: 'RECEIPT_NOT_FOUND', times: 10 });

      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir, minBackoffMs: 10 });
      const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, pluginsDir: null, context: { hooks: [hook] } });
      const [status] = await kit.audit.flush(10_000);
      await kit.close();
      expect(status!.undelivered).to.equal(0);
      expect(fault.hits).to.equal(10);

      const entries = auditEntries(await readTopicMessages(net.mirrorUrl, topicId)) as { transactionId: string; outcome: string; status: string }[];
      expect(entries.map(({ transactionId, outcome, status: ledger }) => ({ transactionId, outcome, status: ledger }))).to.deep.equal([
        { transactionId: landedId.toString(), outcome: 'interrupted', status: 'SUCCESS' },
        { transactionId: lostId.toString(), outcome: 'interrupted', status: 'RECEIPT_NOT_FOUND' },
      ]);
    });
  });
});
