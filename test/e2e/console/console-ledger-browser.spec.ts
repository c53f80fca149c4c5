import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateKey, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/headless-chromium.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { signScheduledRequest } from '../../../src/policies/approvals/schedule-signing.js';
import { startConsole, type RunningConsole } from '../../../src/console/index.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { readJournalFolder } from '../../../src/cli/replay/replay-sources.js';
import { CORE_PLUGINS, tinybarsOf } from '../../integration/plugins/core-plugins-world.js';
import { createThresholdTreasury } from '../../support/threshold-treasury.js';

/** The console over a kit whose approvals the ledger gives: it shows the schedule and the command that signs it, and offers no buttons. */
describe('the operator console shows requests the ledger approves (via: schedule)', function () {
  this.timeout(90_000);
  let browser: Browser;
  let page: Page;
  let net: Devnet;
  let operator: Client;
  let agentClient: Client;
  let kit: AgentKit;
  let policy: ApprovalPolicy;
  let running: RunningConsole;
  let journalDir: string;
  let treasury: string;
  let approvers: PrivateKey[];

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    operator = net.client();
    const agent = await net.createAccount({ hbar: 50 });
    agentClient = createDevnetClient(net.grpcAddress, agent.accountId, agent.privateKey);
    ({ approvers, treasury } = await createThresholdTreasury(operator, ['ED25519', 'ED25519', 'ECDSA']));
    policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: approvers.map((key) => key.publicKey.toStringDer()) } });
    journalDir = mkdtempSync(join(tmpdir(), 'console-ledger-'));
    // The kit's audit trail: decisions the console records through the kit's store are entries on it.
    const topicId = (await (await new TopicCreateTransaction().execute(operator)).getReceipt(operator)).topicId!.toString();
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir: join(journalDir, 'audit'), lingerMs: 0 });
    kit = await createAgentKit({ client: agentClient, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [hook, policy] } });
    running = await startConsole({ journalDir, port: 0, kit });
    page = await browser.newPage();
    await page.goto(running.pageUrl);
  });

  afterEach(async () => {
    await page?.close();
    await running?.close();
    await kit?.close();
    agentClient?.close();
    await net?.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  it('lists the scheduled request with its schedule ID, what the ledger needs, the signatures so far and the CLI command, without Approve or Deny', async () => {
    const bob = (await net.createAccount({ hbar: 1 })).accountId;
    const result = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: bob, amount: 10 }] });
    expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', awaitingApproval: true });
    const id = String(result.raw.approvalRequestId);
    const item = page.locator('#approvals li.approval.scheduled');
    await item.waitFor();
    const text = (await item.textContent())!;
    expect(text).to.contain(String(result.raw.scheduleId)).and.contain(`2 of 3 keys of ${treasury}`).and.contain(`agent-hooks approve ${id} --key <file>`).and.contain('0 of the 2 approvers required');
    expect(await item.locator('button').count()).to.equal(0);

    // One approver signs (from the CLI's module function): the panel follows the store.
    const signed = await signScheduledRequest(policy.approvalStore, id, approvers[0]!, operator, { via: 'cli' });
    expect(signed).to.include({ ok: true, executed: false });
    await page.locator('#approvals li.approval.scheduled', { hasText: '1 of the 2 approvers required' }).waitFor();

    // A decision posted to the token-protected API is refused: only an approver's key can sign a ledger approval.
    const response = await fetch(new URL(`/api/approvals/${id}/decision`, running.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ approve: true }),
    });
    const body = (await response.json()) as { error: { message: string } };
    expect([response.status, body.error.message]).to.deep.equal([409, `Conflict: the decision on request ${id} changed nothing: request ${id} is approved by the ledger: a decision on it must be signed with an approver's key (agent-hooks approve ${id} --key …).`]);
    expect((await policy.approvalStore.get(id))!.decisions).to.have.length(1);
  });

  it('takes detached signatures over a ScheduleSign it prepared, submits them, and the ledger runs the transfer at the second; it never holds a key', async () => {
    const bob = (await net.createAccount({ hbar: 1 })).accountId;
    const result = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: bob, amount: 10 }] });
    const id = String(result.raw.approvalRequestId);
    const bobBefore = await tinybarsOf(operator, bob);
    const post = async (what: string, body: object = {}) => {
      const response = await fetch(new URL(`/api/approvals/${id}/${what}`, running.url), { method: 'POST', headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { message: string } } };
    };
    /** What an approver does where the key is: sign the prepared bytes, hand back the public key and signature. */
    const signAway = (key: PrivateKey, bodyBytes: string) => ({ publicKey: key.publicKey.toStringDer(), signature: Buffer.from(key.sign(Buffer.from(bodyBytes, 'hex'))).toString('hex') });

    const early = await post('signature', signAway(approvers[0]!, '00'));
    expect([early.status, early.body.error?.message]).to.deep.equal([409, `Conflict: no ScheduleSign is prepared for request ${id}: POST /api/approvals/${id}/schedule-sign first, then sign its bodyBytes`]);

    const first = await post('schedule-sign');
    expect(first.status).to.equal(200);
    expect(first.body).to.include({ requestId: id, scheduleId: result.raw.scheduleId });
    const bytes = String(first.body.bodyBytes);
    const stranger = await post('signature', signAway(PrivateKey.generateED25519(), bytes));
    expect([stranger.status, stranger.body.error?.message]).to.deep.equal([409, `Conflict: that key is not one of the approvers of request ${id}, so its signature would not approve it; nothing was sent`]);
    const forged = await post('signature', { publicKey: approvers[0]!.publicKey.toStringDer(), signature: signAway(approvers[1]!, bytes).signature });
    expect(forged.status).to.equal(409);
    expect(forged.body.error?.message).to.contain("the signature does not verify over the prepared ScheduleSign's body bytes");
    const signed = await post('signature', signAway(approvers[0]!, bytes));
    expect(signed.status, JSON.stringify(signed.body)).to.equal(200);
    expect(signed.body).to.include({ status: 'SUCCESS', executed: false, transactionId: first.body.transactionId, decisionRecorded: false });
    expect(signed.body.note).to.contain('no digestSignature over the requestDigest');
    expect(await tinybarsOf(operator, bob)).to.equal(bobBefore);

    // The second approver (an ECDSA key) signs a fresh ScheduleSign, and the request digest too: the
    // threshold is met, and the signature is a decision on the kit's audit trail.
    const again = await post('schedule-sign');
    const digest = String(again.body.requestDigest);
    const digestSignature = Buffer.from(approvers[2]!.sign(Buffer.from(digest, 'hex'))).toString('hex');
    const wrongDigest = await post('signature', { ...signAway(approvers[2]!, String(again.body.bodyBytes)), digestSignature: Buffer.from(approvers[2]!.sign(Buffer.from('00', 'hex'))).toString('hex') });
    expect(wrongDigest.status).to.equal(409);
    expect(wrongDigest.body.error?.message).to.contain("the digestSignature does not verify over request").and.contain('nothing was sent');
    expect(await tinybarsOf(operator, bob)).to.equal(bobBefore);
    const completed = await post('signature', { ...signAway(approvers[2]!, String(again.body.bodyBytes)), digestSignature });
    expect(completed.status, JSON.stringify(completed.body)).to.equal(200);
    expect(completed.body).to.include({ status: 'SUCCESS', executed: true, decisionRecorded: true });
    expect(await tinybarsOf(operator, bob)).to.equal(bobBefore + 1_000_000_000n);
    const decision = (await policy.approvalStore.get(id))!.decisions.find((each) => each.publicKey === approvers[2]!.publicKey.toStringDer());
    expect(decision).to.include({ approve: true, via: 'console', signature: digestSignature });
    const entries = readJournalFolder(join(journalDir, 'audit')).entries.map((recorded) => recorded.entry as { kind?: string; requestId?: string; via?: string; signature?: { publicKey: string } });
    const onTrail = entries.filter((entry) => entry.kind === 'approvalDecision' && entry.requestId === id);
    expect(onTrail.map((entry) => [entry.via, entry.signature?.publicKey])).to.deep.equal([['console', approvers[2]!.publicKey.toStringDer()]]);
  });
});
