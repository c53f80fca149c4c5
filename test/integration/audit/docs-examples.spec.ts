import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AccountBalanceQuery, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import { MaxTransferPolicy } from '../../../src/policies/index.js';

const ROOT = resolve(__dirname, '../../../..');
const EXAMPLES = join(ROOT, 'docs/examples');
const COMPILED = join(ROOT, 'dist/docs-examples');
const GUIDE = join(ROOT, 'docs/hooks-and-policies.md');

describe('docs/hooks-and-policies.md code samples', function () {
  this.timeout(60_000);

  before(() => {
    // The samples import the package by name, as users do; they compile against the built package.
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(EXAMPLES, 'tsconfig.json')], { cwd: ROOT, stdio: 'pipe' });
    } catch (error) {
      throw new Error(`docs/examples do not compile:\n${String((error as { stdout?: Buffer }).stdout ?? error)}`);
    }
  });

  describe('when the guide is compared with docs/examples', () => {
    it('embeds every example file exactly, and has no other TypeScript samples', () => {
      const guide = readFileSync(GUIDE, 'utf8');
      const files = readdirSync(EXAMPLES).filter((name) => name.endsWith('.ts')).sort();
      const embedded = [...guide.matchAll(/<!-- example: docs\/examples\/([\w-]+\.ts) -->\n\n```ts\n([\s\S]*?)\n```/g)];
      expect(embedded.map((match) => match[1]).sort()).to.deep.equal(files);
      for (const [, file, code] of embedded) expect(code, file).to.equal(readFileSync(join(EXAMPLES, file!), 'utf8').trimEnd());
      expect(guide.match(/```ts\n/g)).to.have.length(embedded.length);
    });
  });

  describe('when the examples run on the devnet', () => {
    let net: Devnet;
    let client: Client;
    let journalDir: string;
    let recipient: string;

    beforeEach(async () => {
      net = await startDevnet();
      client = net.client();
      journalDir = mkdtempSync(join(tmpdir(), 'audit-docs-'));
      recipient = (await net.createAccount({ hbar: 1 })).accountId;
    });

    afterEach(async () => {
      await net.stop();
      rmSync(journalDir, { recursive: true, force: true });
    });

    it('guarded-agent: the transfer executes and is audited, the delete is refused', async () => {
      const { runGuardedAgent } = require(join(COMPILED, 'guarded-agent.js'));
      const topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
      const { sent, refused } = await runGuardedAgent(client, topicId, journalDir, recipient);
      expect(sent.raw.status, sent.humanMessage).to.equal('SUCCESS');
      expect(refused.raw.blockedBy).to.deep.equal({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
      const { verifyAuditTopic } = require(join(ROOT, 'dist/src/hooks/index.js'));
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(2);
    });

    it('hol-session: the session verifies', async () => {
      const { runAuditedSession } = require(join(COMPILED, 'hol-session.js'));
      const { report } = await runAuditedSession(client, net.mirrorUrl, journalDir, recipient);
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(1);
    });

    it('settling-policy: a failed transfer gives its place back, the quota then holds', async () => {
      const { TransferQuotaPolicy } = require(join(COMPILED, 'settling-policy.js'));
      const kit = await createAgentKit({ client, context: { hooks: [new TransferQuotaPolicy(1)] } });
      const failed = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.999999', amount: 1 }] });
      const sent = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
      const refused = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
      await kit.close();
      expect(failed.raw.status, failed.humanMessage).to.equal('ERROR');
      expect(failed.raw.errorCode).to.not.equal('E_POLICY_BLOCKED');
      expect(sent.raw.status, sent.humanMessage).to.equal('SUCCESS');
      expect(refused.raw.blockedBy).to.deep.equal({ policy: 'Transfer Quota Policy', stage: 'preToolExecution' });
    });

    it('invoice-plugin: pays within limits, blocks too many payees and too large a total', async () => {
      const plugin: Plugin = require(join(COMPILED, 'invoice-plugin.js')).default;
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [plugin] });
      const paid = await kit.execute('pay_invoice_tool', { invoice: 'INV-1', payees: [{ accountId: recipient, hbar: 1 }] });
      const others = await Promise.all([1, 2, 3].map(() => net.createAccount({ hbar: 0 })));
      const crowded = await kit.execute('pay_invoice_tool', { invoice: 'INV-2', payees: [recipient, ...others.map((o) => o.accountId)].map((accountId) => ({ accountId, hbar: 1 })) });
      const large = await kit.execute('pay_invoice_tool', { invoice: 'INV-3', payees: [{ accountId: recipient, hbar: 11 }] });
      await kit.close();
      expect(paid.raw.status, paid.humanMessage).to.equal('SUCCESS');
      expect(crowded.raw.blockedBy?.policy).to.equal('Max Recipients Policy');
      expect(large.raw.blockedBy).to.include({ stage: 'postParamsNormalization', reason: 'invoice INV-3 exceeds 10 ℏ' });
    });

    it('tip-tool: written only with hedera-agent-hooks/tools, it tips, schedules, names bad fields and is judged on what it moves', async () => {
      const { TipTool } = require(join(COMPILED, 'tip-tool.js'));
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'tips', tools: () => [new TipTool()] }], context: { hooks: [new MaxTransferPolicy({ hbar: 5 })] } });
      const balance = async () => BigInt((await new AccountBalanceQuery().setAccountId(recipient).execute(client)).hbars.toTinybars().toString());
      const before = await balance();
      const tipped = await kit.execute('tip_tool', { recipientId: recipient, amount: 0.5, transactionMemo: 'thanks' });
      const afterTip = await balance();
      const scheduled = await kit.execute('tip_tool', { recipientId: recipient, amount: 1, schedulingParams: { isScheduled: true } });
      const misplaced = await kit.execute('tip_tool', { recipientId: recipient, amount: 1, tokenId: '0.0.5' });
      const large = await kit.execute('tip_tool', { recipientId: recipient, amount: 6 });
      await kit.close();
      const after = await balance();
      expect(tipped.raw.status, tipped.humanMessage).to.equal('SUCCESS');
      expect(tipped.humanMessage).to.equal(`Tipped 0.5 ℏ to ${recipient} (transaction ${String(tipped.raw.transactionId)}).`);
      expect(afterTip - before).to.equal(50_000_000n);
      expect(scheduled.raw.status, scheduled.humanMessage).to.equal('SUCCESS');
      expect(scheduled.raw.scheduled).to.equal(true);
      expect(String(scheduled.raw.scheduleId)).to.match(/^0\.0\.\d+$/);
      // The operator's signature was the only one the schedule needed, so it ran at once; nothing else moved.
      expect(after - afterTip).to.equal(100_000_000n);
      expect(misplaced.raw.status).to.equal('ERROR');
      expect(misplaced.humanMessage).to.contain('tokenId').and.to.contain('tips are HBAR only');
      expect(large.raw.blockedBy).to.include({ policy: 'Max Transfer Policy', stage: 'postParamsNormalization' });
    });
  });
});
