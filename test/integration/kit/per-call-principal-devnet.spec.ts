import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { AccountBalanceQuery, TopicCreateTransaction } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { MemoryApprovalStore } from '../../../src/policies/approvals/memory-approval-store.js';
import { DuplicateIntentPolicy } from '../../../src/policies/duplicate-intent-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';
import { skipWithoutRedis, startTestRedis } from '../../support/redis-server.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

const run = promisify(execFile);
const AGENT = resolve(__dirname, '../../support/config-principal-agent.js');
const HBAR = 100_000_000n;
const HOUR = 3_600_000;

/**
 * One agent serving many people: the application says per call for whom it runs
 * (`kit.execute(tool, params, { context, idempotencyKey })`), and budgets, intents, approvals and the
 * audit trail follow it. Everything on the devnet, with the ledger's balances read back.
 */
describe('per-call context on the devnet: one kit, many users', function () {
  this.timeout(600_000);
  const suite = devnetSuite();
  const kits: AgentKit[] = [];
  let folder: string;

  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'per-call-principal-'))));
  afterEach(async () => {
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    rmSync(folder, { recursive: true, force: true });
  });

  const balanceOf = async (account: string): Promise<bigint> => BigInt((await new AccountBalanceQuery().setAccountId(account).execute(suite.client)).hbars.toTinybars().toString());
  const accounts = async (count: number): Promise<string[]> => {
    const made: string[] = [];
    for (let at = 0; at < count; at++) made.push((await suite.net.createAccount({ hbar: 0 })).accountId);
    return made;
  };
  const kitWith = async (options: Parameters<typeof createAgentKit>[0]): Promise<AgentKit> => {
    const kit = await createAgentKit(options);
    kits.push(kit);
    return kit;
  };
  const pay = (kit: AgentKit, accountId: string, amount: number, options?: Parameters<AgentKit['execute']>[2]): Promise<ToolResult> =>
    kit.execute('transfer_hbar_tool', { transfers: [{ accountId, amount }] }, options);

  it("keeps 50 sessions' budgets apart in one kit: of 100 concurrent calls each session spends exactly its own budget", async () => {
    const recipients = await accounts(50);
    const budget = new SpendLimitPolicy({ hbar: 10, windowMs: HOUR, per: 'context.sessionId' });
    const kit = await kitWith({ client: suite.client, mirrorNodeUrl: suite.net.mirrorUrl, context: { hooks: [budget] } });
    // Two 6 HBAR payments per session against a 10 HBAR budget: exactly one of each pair fits.
    const results = await Promise.all(Array.from({ length: 100 }, (_, at) => pay(kit, recipients[at % 50]!, 6, { context: { sessionId: `session-${at % 50}` } })));
    const other = results.filter((result) => result.raw.status !== 'SUCCESS' && result.raw.errorCode !== 'E_POLICY_BLOCKED');
    expect(other.map((result) => result.humanMessage), 'neither paid nor blocked').to.deep.equal([]);
    expect(results.filter((result) => result.raw.status === 'SUCCESS')).to.have.length(50);
    for (let session = 0; session < 50; session++) {
      expect(await balanceOf(recipients[session]!), `session-${session}'s recipient`).to.equal(6n * HBAR);
      expect(await budget.usage(suite.net.operatorId, 'HBAR', `session-${session}`)).to.deep.equal({ committed: 6n * HBAR, pending: 0n });
    }
    // The reason names whose budget it was, the key shown as data.
    const blocked = results.find((result) => result.raw.errorCode === 'E_POLICY_BLOCKED')!;
    expect(blocked.raw.blockedBy!.reason).to.match(/^budget "spend-limit" of session "session-\d+": /);
    // A call for no session is refused, never pooled with another's budget.
    const nobody = await pay(kit, recipients[0]!, 1);
    expect(nobody.raw.blockedBy?.reason).to.contain("cannot read the call's context.sessionId key");
  });

  it('does the same from a configuration file, across two processes sharing its SQLite state file', async () => {
    const recipients = await accounts(50);
    const file = join(folder, 'agent-hooks.config.json');
    writeFileSync(file, JSON.stringify({ ...localNetworkOf(suite.net), policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: HOUR, per: 'context.sessionId' }] }] }));
    const agent = async () => {
      const { stdout } = await run(process.execPath, [AGENT, file, recipients.join(','), '2', '6'], { env: { PATH: process.env.PATH, ...operatorEnvOf(suite.net) }, maxBuffer: 10_000_000 });
      return JSON.parse(stdout) as Record<string, string[]>;
    };
    // Each process sends 100 calls at once (two per session): four 6 HBAR attempts per session in all.
    const [first, second] = await Promise.all([agent(), agent()]);
    for (let session = 0; session < 50; session++) {
      const statuses = [...first[`session-${session}`]!, ...second[`session-${session}`]!];
      expect(statuses.filter((status) => status === 'SUCCESS'), `session-${session}: ${statuses.join(' ')}`).to.have.length(1);
      expect(statuses.filter((status) => status === 'E_POLICY_BLOCKED')).to.have.length(3);
      expect(await balanceOf(recipients[session]!)).to.equal(6n * HBAR);
    }
  });

  it('does the same across two processes sharing a Redis store, from a configuration file', async function () {
    skipWithoutRedis(this);
    const redis = await startTestRedis();
    try {
      const recipients = await accounts(20);
      const file = join(folder, 'agent-hooks.config.json');
      const store = { redis: redis.url, prefix: 'per-call' };
      writeFileSync(file, JSON.stringify({ ...localNetworkOf(suite.net), policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: HOUR, per: 'context.sessionId', store, name: 'sessions' }] }] }));
      const agent = async () => {
        const { stdout } = await run(process.execPath, [AGENT, file, recipients.join(','), '3', '6'], { env: { PATH: process.env.PATH, ...operatorEnvOf(suite.net) }, maxBuffer: 10_000_000 });
        return JSON.parse(stdout) as Record<string, string[]>;
      };
      const [first, second] = await Promise.all([agent(), agent()]);
      for (let session = 0; session < 20; session++) {
        const statuses = [...first[`session-${session}`]!, ...second[`session-${session}`]!];
        expect(statuses.filter((status) => status === 'SUCCESS'), `session-${session}: ${statuses.join(' ')}`).to.have.length(1);
        expect(await balanceOf(recipients[session]!)).to.equal(6n * HBAR);
      }
    } finally {
      await redis.stop();
    }
  });

  it('blocks a retried payment carrying the same idempotency key and pays a new key; a key in the params is refused', async () => {
    const [shop] = await accounts(1);
    const kit = await kitWith({ client: suite.client, mirrorNodeUrl: suite.net.mirrorUrl, context: { hooks: [new DuplicateIntentPolicy({ windowMs: HOUR })] } });
    const first = await pay(kit, shop!, 2, { idempotencyKey: 'order-7', context: { userId: 'alice' } });
    const retry = await pay(kit, shop!, 2, { idempotencyKey: 'order-7', context: { userId: 'alice' } });
    const second = await pay(kit, shop!, 2, { idempotencyKey: 'order-8', context: { userId: 'alice' } });
    expect(first.raw.status, first.humanMessage).to.equal('SUCCESS');
    expect(retry.raw.errorCode, retry.humanMessage).to.equal('E_POLICY_BLOCKED');
    expect(retry.raw.blockedBy!.reason).to.contain('A new payment of the same value needs a new idempotency key');
    expect(second.raw.status, second.humanMessage).to.equal('SUCCESS');
    // The model cannot pick its own key: the tool's params are strict.
    const smuggled = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: shop!, amount: 2 }], idempotencyKey: 'order-9' });
    expect(smuggled.raw.status).to.equal('ERROR');
    expect(smuggled.raw.errorCode).to.not.equal('E_POLICY_BLOCKED');
    expect(await balanceOf(shop!)).to.equal(4n * HBAR);
  });

  it("refuses a per-call context that would change the payer or the policies; nothing is sent", async () => {
    const [shop] = await accounts(1);
    const other = await suite.net.createAccount({ hbar: 100 });
    const kit = await kitWith({ client: suite.client, mirrorNodeUrl: suite.net.mirrorUrl, context: { hooks: [new SpendLimitPolicy({ hbar: 1, windowMs: HOUR })] } });
    for (const context of [{ accountId: other.accountId }, { hooks: [] }, { mode: 'returnBytes' }, { accountPublicKey: other.privateKey.publicKey.toStringDer() }]) {
      const refused = await pay(kit, shop!, 5, { context }).then(() => 'sent', (error: Error) => error.message);
      expect(refused).to.match(/^kit\.execute: 'context\.\w+' belongs to the kit and cannot be set per call/);
    }
    expect(await balanceOf(shop!)).to.equal(0n);
    expect(await balanceOf(other.accountId)).to.equal(100n * HBAR);
  });

  it("binds a held request to the agent that asked, not to the user's session it ran for: another agent's kit cannot resume it", async () => {
    const [shop] = await accounts(1);
    const store = new MemoryApprovalStore();
    const policy = () => new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', stage: 'postCoreAction', quorum: { required: 1, of: ['carol'] }, store });
    const shopA = await kitWith({ client: suite.client, mirrorNodeUrl: suite.net.mirrorUrl, context: { sessionId: 'agent-a', hooks: [policy()] } });
    const shopB = await kitWith({ client: suite.client, mirrorNodeUrl: suite.net.mirrorUrl, context: { sessionId: 'agent-b', hooks: [policy()] } });
    const held = await pay(shopA, shop!, 10, { context: { userId: 'dana', sessionId: 'checkout-9' } });
    const requestId = held.raw.approvalRequestId as string;
    expect((await store.get(requestId))).to.deep.include({ agent: 'agent-a', principal: { userId: 'dana', sessionId: 'checkout-9' } });
    await store.decide(requestId, { approver: 'carol', approve: true });
    const byOther = await shopB.resume(requestId);
    expect(byOther.raw.errorCode, byOther.humanMessage).to.equal('E_POLICY_BLOCKED');
    expect(byOther.raw.blockedBy!.reason).to.contain("asked for by session agent-a, and this kit's session is agent-b");
    expect(await balanceOf(shop!)).to.equal(0n);
    const byAsker = await shopA.resume(requestId);
    expect(byAsker.raw.status, byAsker.humanMessage).to.equal('SUCCESS');
    expect(await balanceOf(shop!)).to.equal(10n * HBAR);
  });

  it('names the principal and the model tool-call ID on the audit topic, and holds and resumes an approval as the user it was for', async () => {
    const [shop] = await accounts(1);
    const client = suite.client;
    const topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
    const store = new MemoryApprovalStore();
    const approval = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', stage: 'postCoreAction', quorum: { required: 1, of: ['carol'] }, store });
    const budget = new SpendLimitPolicy({ hbar: 20, windowMs: HOUR, per: 'context.userId' });
    const hook = new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir: folder, agentId: 'shop-agent' });
    const kit = await kitWith({ client, mirrorNodeUrl: suite.net.mirrorUrl, hooks: [hook], context: { hooks: [budget, approval] } });

    const small = await pay(kit, shop!, 1, { context: { userId: 'alice', sessionId: 's-42', tenantId: 'acme', cart: { items: 3 } }, toolCallId: 'call_small' });
    expect(small.raw.status, small.humanMessage).to.equal('SUCCESS');
    const held = await pay(kit, shop!, 10, { context: { userId: 'bob', sessionId: 's-43' }, toolCallId: 'call_big' });
    expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
    const requestId = held.raw.approvalRequestId as string;
    expect((await store.get(requestId))!.principal).to.deep.equal({ userId: 'bob', sessionId: 's-43' });
    await store.decide(requestId, { approver: 'carol', approve: true });
    const resumed = await kit.resume(requestId);
    expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
    // Resumed as bob: his budget paid for it, alice's did not.
    expect(await budget.usage(suite.net.operatorId, 'HBAR', 'bob')).to.deep.equal({ committed: 10n * HBAR, pending: 0n });
    expect(await budget.usage(suite.net.operatorId, 'HBAR', 'alice')).to.deep.equal({ committed: 1n * HBAR, pending: 0n });
    expect(await balanceOf(shop!)).to.equal(11n * HBAR);

    const [status] = await kit.audit.flush(20_000);
    expect(status!.undelivered).to.equal(0);
    const entries = auditEntries(await readTopicMessages(suite.net.mirrorUrl, topicId));
    expect(entries.map((entry) => entry.kind ?? entry.outcome)).to.deep.equal(['executed', 'approvalRequest', 'blocked', 'approvalDecision', 'executed']);
    expect(entries[0]).to.deep.include({ principal: { userId: 'alice', sessionId: 's-42', tenantId: 'acme' }, toolCallId: 'call_small', session: 'shop-agent' });
    expect(JSON.stringify(entries[0]), 'what else the application set stays in the context').not.to.contain('cart');
    expect(entries[1]).to.deep.include({ requestId, principal: { userId: 'bob', sessionId: 's-43' } });
    expect(entries[2]).to.deep.include({ principal: { userId: 'bob', sessionId: 's-43' }, toolCallId: 'call_big', approvalRequestId: requestId });
    expect(entries[4]).to.deep.include({ principal: { userId: 'bob', sessionId: 's-43' }, approvalRequestId: requestId, transactionId: resumed.raw.transactionId });
  });
});
