import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery, LedgerId, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { createThresholdTreasury } from '../../support/threshold-treasury.js';
import { AgentMode as KitAgentMode, HederaAgentAPI as KitHederaAgentAPI, type Tool as KitTool } from '@hashgraph/hedera-agent-kit';
import { coreAccountPlugin, coreConsensusPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { MaxRecipientsPolicy as KitMaxRecipientsPolicy } from '@hashgraph/hedera-agent-kit/policies';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { mirrornodeServiceFor } from '../../../src/compat/kit-mirrornode-service.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { AbstractHook } from '../../../src/listeners/abstract-hook.js';
import { HcsAuditTrailHook, HolAuditTrailHook } from '../../../src/hooks/index.js';
import { CORE_PLUGINS_DIR, loadPlugins } from '../../../src/plugins/plugin-loader.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import { ApprovalPolicy, MaxRecipientsPolicy, RejectToolPolicy } from '../../../src/policies/index.js';
// As an app does: the package entry binds the lifecycle this project's tools run through (without it they say to import it).
import '../../../src/index.js';

type KitResult = { raw: Record<string, any>; humanMessage: string };

describe('this project’s hooks and policies inside the real Hedera Agent Kit', function () {
  this.timeout(30_000);
  let net: Devnet;
  let client: Client;
  let recipient: string;
  let other: string;
  let journalDir: string;
  let kitTools: KitTool[];
  // Its tools find the mirror node by ledger ID (a fixed local port); the devnet's is elsewhere.
  let mirror: { mirrornodeService: never };

  before(async () => {
    net = await startDevnet();
    // The real kit refuses a client without a ledger ID.
    client = net.client().setLedgerId(LedgerId.LOCAL_NODE);
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
    other = (await net.createAccount({ hbar: 1 })).accountId;
    kitTools = [...coreAccountPlugin.tools({}), ...coreConsensusPlugin.tools({})];
    mirror = { mirrornodeService: mirrornodeServiceFor(net.mirrorUrl) as never };
  });

  after(async () => {
    await net.stop();
  });

  beforeEach(() => {
    journalDir = mkdtempSync(path.join(tmpdir(), 'real-kit-audit-'));
  });

  afterEach(() => {
    rmSync(journalDir, { recursive: true, force: true });
  });

  const run = async (api: KitHederaAgentAPI, method: string, args: unknown): Promise<KitResult> => JSON.parse(await api.run(method, args)) as KitResult;
  const tinybarsOf = async (accountId: string): Promise<bigint> =>
    BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());
  const newTopic = async (memo?: string): Promise<string> => {
    const create = new TopicCreateTransaction();
    if (memo) create.setTopicMemo(memo);
    return (await (await create.execute(client)).getReceipt(client)).topicId!.toString();
  };

  describe('when its tools run with the built-in policies in context.hooks', () => {
    it('blocks only the policies’ own tools, with the real kit’s block sentence, and moves nothing', async () => {
      const api = new KitHederaAgentAPI(client, { ...mirror, hooks: [new MaxRecipientsPolicy(1), new RejectToolPolicy(['delete_topic_tool'])] as never }, kitTools);
      const before = await tinybarsOf(recipient);
      const wide = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.1 }, { accountId: other, amount: 0.1 }] });
      expect(wide.raw.status).to.equal('ERROR');
      expect(wide.raw.error).to.contain('Action transfer_hbar_tool blocked by policy: Max Recipients Policy (Limits the maximum number of recipients to 1)');
      expect(wide.raw.error).to.contain('2 recipients exceed the maximum of 1');
      expect(await tinybarsOf(recipient)).to.equal(before);

      // Tools the policies do not name run: MaxRecipientsPolicy neither blocks nor throws on them.
      const topic = await run(api, 'create_topic_tool', {});
      expect(topic.raw.status, topic.humanMessage).to.equal('SUCCESS');
      const deleted = await run(api, 'delete_topic_tool', { topicId: String(topic.raw.topicId) });
      expect(deleted.raw.status).to.equal('ERROR');
      expect(deleted.raw.error).to.contain('Action delete_topic_tool blocked by policy: Reject Tool Call (Stops agent from calling predefined tools)');

      const single = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.1 }] });
      expect(single.raw.status, single.humanMessage).to.equal('SUCCESS');
      expect(await tinybarsOf(recipient)).to.equal(before + 10_000_000n);
    });
  });

  describe("when ApprovalPolicy({ via: 'schedule' }) is in its context.hooks", () => {
    it('blocks a call that needs the ledger’s approval, since that kit cannot be told to schedule it, and nothing moves', async () => {
      const { treasury, publicKeys } = await createThresholdTreasury(client, ['ED25519', 'ED25519', 'ECDSA'], { hbar: 20 });
      const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: publicKeys } });
      const api = new KitHederaAgentAPI(client, { ...mirror, hooks: [policy] as never }, kitTools);
      const [treasuryBefore, recipientBefore] = [await tinybarsOf(treasury), await tinybarsOf(recipient)];
      const result = await run(api, 'transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: recipient, amount: 10 }] });
      expect(result.raw.status, result.humanMessage).to.equal('ERROR');
      expect(result.raw.error).to.contain('blocked by policy: Approval Policy').and.contain('cannot be sent as a schedule for the ledger to approve');
      expect([await tinybarsOf(treasury), await tinybarsOf(recipient)]).to.deep.equal([treasuryBefore, recipientBefore]);
      // Below the threshold no approval is needed, and the call is the kit's own (the treasury's key must sign: it fails on the ledger, not on the policy).
      const small = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
      expect(small.raw.status, small.humanMessage).not.to.equal('ERROR');
    });
  });

  describe('when the HCS audit hook is in its context.hooks', () => {
    it('audits only its relevant tools, under the tool’s name, with the client the kit passes', async () => {
      const topicId = await newTopic();
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir });
      const api = new KitHederaAgentAPI(client, { ...mirror, hooks: [hook] as never }, kitTools);
      const sent = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.01 }] });
      expect(sent.raw.status, sent.humanMessage).to.equal('SUCCESS');
      const topic = await run(api, 'create_topic_tool', {});
      expect(topic.raw.status, topic.humanMessage).to.equal('SUCCESS');
      const status = await hook.close();
      expect(status.undelivered).to.equal(0);
      const entries = readJournalSnapshot(path.join(journalDir, `hcs-${topicId}.jsonl`))!.entries;
      expect(entries.map((entry) => entry.tool)).to.deep.equal(['transfer_hbar_tool']);
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report.entriesOnTopic).to.equal(1);
    });

    it('refuses RETURN_BYTES mode with the real kit’s wording, before the tool runs', async () => {
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], '0.0.1234', undefined, { journalDir, deliver: false });
      const api = new KitHederaAgentAPI(client, { ...mirror, mode: KitAgentMode.RETURN_BYTES, accountId: net.operatorId, hooks: [hook] as never }, kitTools);
      const refused = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.01 }] });
      expect(refused.raw.status).to.equal('ERROR');
      expect(refused.raw.error).to.contain(
        'Unsupported hook: HcsAuditTrailHook does not support AgentMode.RETURN_BYTES or AgentMode.CUSTOM_RETURN_BYTES. Stopping the agent execution before tool transfer_hbar_tool is executed.',
      );
      await hook.close();
    });
  });

  describe('when the HOL audit hook is in its context.hooks', () => {
    it('reports its session and audits a relevant call to the session topic', async () => {
      const sessionId = await newTopic('hcs-2:0:0');
      const hook = new HolAuditTrailHook({ relevantTools: ['create_topic_tool'], sessionId, journalDir });
      expect(hook.getSessionId()).to.equal(sessionId);
      const api = new KitHederaAgentAPI(client, { ...mirror, hooks: [hook] as never }, kitTools);
      const created = await run(api, 'create_topic_tool', { topicMemo: 'audited' });
      expect(created.raw.status, created.humanMessage).to.equal('SUCCESS');
      await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.01 }] });
      const status = await hook.close();
      expect(status.undelivered).to.equal(0);
      const entries = readJournalSnapshot(path.join(journalDir, `hol-${sessionId}.jsonl`))!.entries;
      expect(entries.map((entry) => entry.tool)).to.deep.equal(['create_topic_tool']);
    });
  });

  describe('when the HOL audit hook meets RETURN_BYTES mode there', () => {
    it('refuses the mode with the real kit’s wording before its session check, which would reach the network', async () => {
      // A session topic that fails the memo check: were the check first, that would be the error.
      const sessionId = await newTopic('not a registry');
      const hook = new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId, journalDir });
      const api = new KitHederaAgentAPI(client, { ...mirror, mode: KitAgentMode.RETURN_BYTES, accountId: net.operatorId, hooks: [hook] as never }, kitTools);
      const refused = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.01 }] });
      expect(refused.raw.error).to.contain(
        'Unsupported hook: HolAuditTrailHook does not support AgentMode.RETURN_BYTES or AgentMode.CUSTOM_RETURN_BYTES. Stopping the agent execution before tool transfer_hbar_tool is executed.',
      );
      expect(refused.raw.error).not.to.contain('memo');
      // In AUTONOMOUS mode the same hook, with neither a logging client nor a kit, checks the session with the client the call brings.
      const autonomous = new KitHederaAgentAPI(client, { ...mirror, hooks: [hook] as never }, kitTools);
      const checked = await run(autonomous, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.01 }] });
      expect(checked.raw.error).to.contain(`session topic ${sessionId} has memo "not a registry"`);
      await hook.close();
    });
  });

  describe('when hooks and policies written from the seeds on this project’s classes run there', () => {
    it('filters by relevantTools as the real kit’s own do, and a `true` blocks', async () => {
      class NoNewTopicsPolicy extends AbstractPolicy {
        override name = 'No New Topics';
        override description = 'Topics are created by operations only';
        override relevantTools = ['create_topic_tool'];
        protected override shouldBlockPreToolExecution(): boolean {
          return true;
        }
      }
      class CountingHook extends AbstractHook {
        override relevantTools = ['transfer_hbar_tool'];
        calls: string[] = [];
        override async postToolExecutionHook(_params: unknown, method: string): Promise<void> {
          if (!this.appliesToMethod(method)) return;
          this.calls.push(method);
        }
      }
      const counting = new CountingHook();
      const api = new KitHederaAgentAPI(client, { ...mirror, hooks: [new NoNewTopicsPolicy(), counting] as never }, kitTools);
      const blocked = await run(api, 'create_topic_tool', {});
      expect(blocked.raw.error).to.contain('Action create_topic_tool blocked by policy: No New Topics (Topics are created by operations only)');
      const sent = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.01 }] });
      expect(sent.raw.status, sent.humanMessage).to.equal('SUCCESS');
      expect(counting.calls).to.deep.equal(['transfer_hbar_tool']);
    });
  });

  describe('when this project’s tools are given to the real kit', () => {
    it('runs them with its context.hooks through this lifecycle and lists their toolType', async () => {
      const account = (await loadPlugins(CORE_PLUGINS_DIR)).find(({ plugin }) => plugin.name === 'core-account')!.plugin;
      const ours = account.tools({}) as unknown as KitTool[];
      const api = new KitHederaAgentAPI(client, { ...mirror, hooks: [new KitMaxRecipientsPolicy(1)] }, ours);
      expect(api.listTools().find((tool) => tool.method === 'transfer_hbar_tool')?.toolType).to.equal('transaction');
      const before = await tinybarsOf(recipient);
      const wide = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.1 }, { accountId: other, amount: 0.1 }] });
      expect(wide.raw.blockedBy).to.deep.equal({ policy: 'Max Recipients Policy', stage: 'postParamsNormalization' });
      const sent = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.1 }] });
      expect(sent.raw.status, sent.humanMessage).to.equal('SUCCESS');
      expect(await tinybarsOf(recipient)).to.equal(before + 10_000_000n);
    });

    it('hears hooks added to context.hooks after the first call', async () => {
      const account = (await loadPlugins(CORE_PLUGINS_DIR)).find(({ plugin }) => plugin.name === 'core-account')!.plugin;
      const hooks: unknown[] = [];
      const api = new KitHederaAgentAPI(client, { ...mirror, hooks: hooks as never }, account.tools({}) as unknown as KitTool[]);
      expect((await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.01 }] })).raw.status).to.equal('SUCCESS');
      hooks.push(new RejectToolPolicy(['transfer_hbar_tool']));
      const refused = await run(api, 'transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.01 }] });
      expect(refused.raw.blockedBy).to.deep.equal({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
    });
  });
});
