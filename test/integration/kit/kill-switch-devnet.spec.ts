import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountBalanceQuery, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

describe('the kill switch on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  let recipient: string;

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'kill-switch-devnet-'));
    const receipt = await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client);
    topicId = receipt.topicId!.toString();
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });
  afterEach(async () => {
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const balanceOf = async (account: string) => (await new AccountBalanceQuery().setAccountId(account).execute(client)).hbars.toTinybars().toString();

  describe('when a kit is paused, transfers, then is unpaused and transfers again', () => {
    it('sends nothing while paused (the ledger is unchanged), and the pause and unpause are on the topic, verified', async () => {
      const hook = new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir, agentId: 'agent-1' });
      const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, hooks: [hook], killSwitch: {} });
      const before = await balanceOf(recipient);

      const pause = await kit.pause('reviewing yesterday’s payments', { by: 'alice' });
      const blocked = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });
      expect(blocked.raw.status).to.equal('ERROR');
      expect(blocked.raw.blockedBy).to.include({ policy: 'Kill Switch', stage: 'preToolExecution' });
      expect(blocked.raw.transactionId).to.equal(undefined);
      expect(await balanceOf(recipient)).to.equal(before);

      await kit.unpause({ by: 'bob' });
      const sent = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });
      expect(sent.raw.status).to.equal('SUCCESS');
      expect(BigInt(await balanceOf(recipient)) - BigInt(before)).to.equal(1_000_000_000n);

      const [status] = await kit.audit.flush(20_000);
      expect(status!.undelivered).to.equal(0);
      await kit.close();

      const entries = auditEntries(await readTopicMessages(net.mirrorUrl, topicId)) as { kind?: string; outcome?: string; by?: string; reason?: string; lifted?: { by: string } }[];
      expect(entries.map((entry) => entry.kind ?? entry.outcome)).to.deep.equal(['pause', 'blocked', 'unpause', 'executed']);
      expect(entries[0]).to.include({ by: 'alice', reason: 'reviewing yesterday’s payments' });
      expect(entries[2]!.by).to.equal('bob');
      expect(entries[2]!.lifted).to.include({ by: 'alice', at: pause.at });

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(4);
    });
  });
});
