import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { RejectToolPolicy as KitRejectToolPolicy } from '@hashgraph/hedera-agent-kit/policies';
import sinon from 'sinon';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { reportOnly } from '../../../src/index.js';
import { MaxTransferPolicy, RecipientAllowlistPolicy, RecipientDenylistPolicy, SpendLimitPolicy, allOf } from '../../../src/policies/index.js';
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';

async function tinybarsOf(client: Client, accountId: string): Promise<bigint> {
  return BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());
}

function executed(result: ToolResult): void {
  expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
  expect(result.raw.transactionId).to.be.a('string');
}

/** The call entries on the topic, once the kit delivered them all (checked against the journal by audit verify). */
async function deliveredEntries(kit: AgentKit, world: AuditWorld): Promise<any[]> {
  const [status] = await kit.audit.flush(10_000);
  expect(status!.undelivered).to.equal(0);
  const report = await verifyAuditTopic({ mirrorUrl: world.net.mirrorUrl, topicId: world.topicId, journalDir: world.journalDir });
  expect(report.problems).to.deep.equal([]);
  expect(report.ok).to.equal(true);
  return auditEntries(await readTopicMessages(world.net.mirrorUrl, world.topicId)).filter((entry) => entry.kind === undefined);
}

describe('policies in report mode on the devnet', function () {
  this.timeout(60_000);
  let world: AuditWorld;
  let kit: AgentKit | undefined;
  const sandbox = sinon.createSandbox();

  beforeEach(async () => (world = await openAuditWorld('report-mode-')));
  afterEach(async () => {
    sandbox.restore();
    await kit?.close();
    kit = undefined;
    await closeAuditWorld(world);
  });

  const auditedKit = (...policies: object[]) =>
    createAgentKit({ client: world.client, mirrorNodeUrl: world.net.mirrorUrl, hooks: [new HcsAuditTrailHook(['*'], world.topicId, undefined, { journalDir: world.journalDir }), ...policies] });

  describe('MaxTransferPolicy({ hbar: 2 }) in report mode beside an enforcing denylist', () => {
    it('executes a transfer above the cap, audits and counts the would-block, and the denylist still blocks', async () => {
      const denied = (await world.net.createAccount({ hbar: 0 })).accountId;
      kit = await auditedKit(reportOnly(new MaxTransferPolicy({ hbar: 2 })), new RecipientDenylistPolicy([denied]));

      const before = await tinybarsOf(world.client, world.recipient);
      const over = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: world.recipient, amount: 5 }] });
      executed(over);
      expect(await tinybarsOf(world.client, world.recipient), 'the 5 HBAR arrived').to.equal(before + 500_000_000n);
      // What the LLM reads is what it would read with no such policy: no block, no warning.
      expect(over.raw).to.not.have.property('blockedBy');
      expect(over.raw).to.not.have.property('warnings');
      expect(kit.wouldBlockCounts()).to.deep.equal({ 'Max Transfer Policy': 1 });

      const deniedBefore = await tinybarsOf(world.client, denied);
      const refused = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: denied, amount: 5 }] });
      expect(refused.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(refused.raw.blockedBy?.policy).to.equal('Recipient Denylist Policy');
      expect(await tinybarsOf(world.client, denied), 'nothing moved to the denied account').to.equal(deniedBefore);
      expect(kit.wouldBlockCounts()).to.deep.equal({ 'Max Transfer Policy': 2 });

      executed(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: world.recipient, amount: 1 }] }));
      expect(kit.wouldBlockCounts()).to.deep.equal({ 'Max Transfer Policy': 2 });

      const reason = `transfer_hbar_tool moves 5 HBAR (500000000 tinybars) in this call, to ${world.recipient}; the cap is 2 HBAR per call`;
      const entries = await deliveredEntries(kit, world);
      expect(entries.map((entry) => [entry.outcome, entry.transactionId ?? null])).to.deep.equal([
        ['executed', over.raw.transactionId],
        ['blocked', null],
        ['executed', entries[2].transactionId],
      ]);
      expect(entries[0].status).to.equal('SUCCESS');
      expect(entries[0].wouldBlock).to.deep.equal([{ policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason }]);
      expect(entries[1].blockedBy.policy).to.equal('Recipient Denylist Policy');
      expect(entries[1].wouldBlock).to.deep.equal([{ policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: reason.replace(world.recipient, denied) }]);
      expect(entries[2]).to.not.have.property('wouldBlock');
    });
  });

  describe('SpendLimitPolicy in report mode', () => {
    it('records for a call it would have blocked what enforcing would have: nothing, so later calls are judged as under enforcement', async () => {
      kit = await auditedKit(reportOnly(new SpendLimitPolicy({ hbar: 5, windowMs: 3_600_000 })));
      const before = await tinybarsOf(world.client, world.recipient);
      const send = (amount: number) => kit!.execute('transfer_hbar_tool', { transfers: [{ accountId: world.recipient, amount }] });
      executed(await send(4));
      expect(kit.wouldBlockCounts()).to.deep.equal({});
      executed(await send(3)); // 7 > 5: would have been blocked, and runs
      expect(kit.wouldBlockCounts()).to.deep.equal({ 'Spend Limit Policy': 1 });
      // Enforcing, the 3 HBAR would never have gone out, so 1 more fits the budget: no would-block.
      executed(await send(1));
      expect(kit.wouldBlockCounts()).to.deep.equal({ 'Spend Limit Policy': 1 });
      expect(await tinybarsOf(world.client, world.recipient), 'all three transfers arrived').to.equal(before + 800_000_000n);
      const entries = await deliveredEntries(kit, world);
      expect(entries.map((entry) => (entry.wouldBlock ?? []).length)).to.deep.equal([0, 1, 0]);
    });
  });

  describe('a combination in report mode', () => {
    it('executes what the combination refuses, naming the combination and the child that refused', async () => {
      kit = await auditedKit(reportOnly(allOf(new RecipientAllowlistPolicy([world.recipient]), new MaxTransferPolicy({ hbar: 2 }))));
      const before = await tinybarsOf(world.client, world.recipient);
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: world.recipient, amount: 3 }] });
      executed(result);
      expect(await tinybarsOf(world.client, world.recipient)).to.equal(before + 300_000_000n);
      const name = 'allOf(Recipient Allowlist Policy, Max Transfer Policy)';
      expect(kit.wouldBlockCounts()).to.deep.equal({ [name]: 1 });
      const [entry] = await deliveredEntries(kit, world);
      expect(entry.wouldBlock).to.have.length(1);
      expect(entry.wouldBlock[0].policy).to.equal(name);
      expect(entry.wouldBlock[0].reason).to.match(/^Max Transfer Policy: transfer_hbar_tool moves 3 HBAR/);
    });
  });

  describe('a policy of the Hedera Agent Kit in report mode', () => {
    it('executes the call its RejectToolPolicy would have refused, and audits the would-block', async () => {
      // That kit's RejectToolPolicy says on the console what it rejects.
      sandbox.stub(console, 'log');
      sandbox.stub(console, 'error');
      const policy = reportOnly(new KitRejectToolPolicy(['transfer_hbar_tool']));
      kit = await auditedKit(policy);
      const before = await tinybarsOf(world.client, world.recipient);
      executed(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: world.recipient, amount: 1 }] }));
      expect(await tinybarsOf(world.client, world.recipient)).to.equal(before + 100_000_000n);
      expect(kit.wouldBlockCounts()).to.deep.equal({ [policy.name]: 1 });
      const [entry] = await deliveredEntries(kit, world);
      expect(entry.wouldBlock.map((each: { policy: string; stage: string }) => [each.policy, each.stage])).to.deep.equal([[policy.name, 'preToolExecution']]);
    });
  });

  describe('a configuration file with "mode": "report"', () => {
    it('is loaded as a user loads it, and its kit executes and audits what the policy would have blocked', async () => {
      const file = join(world.journalDir, 'agent-hooks.config.json');
      writeFileSync(
        file,
        JSON.stringify({
          ...localNetworkOf(world.net),
          tools: ['transfer_hbar_tool'],
          hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], world.topicId, null, { journalDir: '.' }] }],
          policies: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 2 }], mode: 'report' }],
        }),
      );
      const configured = await createKitFromConfig(await loadConfig({ path: file }), { env: operatorEnvOf(world.net) });
      try {
        const before = await tinybarsOf(world.client, world.recipient);
        executed(await configured.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: world.recipient, amount: 4 }] }));
        expect(await tinybarsOf(world.client, world.recipient)).to.equal(before + 400_000_000n);
        expect(configured.kit.wouldBlockCounts()).to.deep.equal({ 'Max Transfer Policy': 1 });
        const [entry] = await deliveredEntries(configured.kit, world);
        expect(entry.outcome).to.equal('executed');
        expect(entry.wouldBlock).to.deep.equal([
          { policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: `transfer_hbar_tool moves 4 HBAR (400000000 tinybars) in this call, to ${world.recipient}; the cap is 2 HBAR per call` },
        ]);
      } finally {
        await configured.close();
      }
    });
  });
});
