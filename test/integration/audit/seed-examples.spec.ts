import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook, HolAuditTrailHook } from '../../../src/hooks/index.js';
import { MaxRecipientsPolicy, RejectToolPolicy } from '../../../src/policies/index.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';

async function ledgerTransactionCount(mirrorUrl: string): Promise<number> {
  let count = 0;
  let next: string | null = '/api/v1/transactions?limit=100';
  while (next) {
    const page = (await (await fetch(new URL(next, mirrorUrl))).json()) as { transactions: unknown[]; links: { next: string | null } };
    count += page.transactions.length;
    next = page.links.next;
  }
  return count;
}

describe("the seed's usage examples on the devnet", () => {
  let net: Devnet;
  let client: Client;
  let workDir: string;
  let previousDir: string;
  let recipient: string;

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
    // The examples use the default journal folder (under the working directory): give them a fresh one.
    previousDir = process.cwd();
    workDir = mkdtempSync(join(tmpdir(), 'audit-seed-'));
    process.chdir(workDir);
  });

  afterEach(async () => {
    process.chdir(previousDir);
    await net.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  const topic = async (memo?: string): Promise<string> => {
    const create = new TopicCreateTransaction();
    if (memo) create.setTopicMemo(memo);
    return (await (await create.execute(client)).getReceipt(client)).topicId!.toString();
  };

  describe('when the context example (audit hook plus both policies) runs with the core tools', () => {
    it('audits the transfer; the rejected tool and the over-wide transfer never reach the network', async () => {
      const topicId = await topic();
      // As in the seed, with a topic that exists on this network:
      const context = {
        hooks: [
          new HcsAuditTrailHook(['transfer_hbar_tool'], topicId),
          new MaxRecipientsPolicy(5),
          new RejectToolPolicy(['delete_account_tool']),
        ],
      };
      const kit = await createAgentKit({ client, context });
      const others = await Promise.all([1, 2, 3, 4, 5].map(() => net.createAccount({ hbar: 0 })));
      const before = await ledgerTransactionCount(net.mirrorUrl);
      const rejected = await kit.execute('delete_account_tool', { accountId: recipient });
      expect(rejected.raw.blockedBy).to.deep.equal({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
      const wide = await kit.execute('transfer_hbar_tool', { transfers: [recipient, ...others.map((o) => o.accountId)].map((accountId) => ({ accountId, amount: 0.1 })) });
      expect(wide.raw.blockedBy).to.include({ policy: 'Max Recipients Policy', stage: 'postParamsNormalization' });
      expect(await ledgerTransactionCount(net.mirrorUrl)).to.equal(before);

      const sent = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.1 }] });
      expect(sent.raw.status, sent.humanMessage).to.equal('SUCCESS');
      await kit.close();
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId });
      expect(report.problems).to.deep.equal([]);
      // The audited transfer that was blocked is on the trail too: refusals are what auditors ask about.
      expect(report.entriesOnTopic).to.equal(2);
    });
  });

  describe('when the HcsAuditTrailHook example runs', () => {
    it('logs both listed tools', async () => {
      const topicId = await topic();
      const auditHook = new HcsAuditTrailHook(
        ['transfer_hbar_tool', 'create_fungible_token_tool'],
        topicId, // Ensure this topic exists and the agent can post to it
      );
      const kit = await createAgentKit({ client, context: { hooks: [auditHook] } });
      const sent = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
      const token = await kit.execute('create_fungible_token_tool', { tokenName: 'Gold Coin', tokenSymbol: 'GLD', initialSupply: 1000 });
      expect([sent.raw.status, token.raw.status]).to.deep.equal(['SUCCESS', 'SUCCESS']);
      await kit.close();
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(2);
    });
  });

  describe('when the HolAuditTrailHook example runs', () => {
    it('registers an entry on the hcs-2:0:0 session topic', async () => {
      const sessionId = await topic('hcs-2:0:0');
      const holAuditHook = new HolAuditTrailHook({
        relevantTools: ['transfer_hbar_tool', 'create_fungible_token_tool'],
        sessionId,
      });
      const kit = await createAgentKit({ client, context: { hooks: [holAuditHook] } });
      await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
      await kit.close();
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId: sessionId });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(1);
    });
  });
});
