import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScheduleId, ScheduleInfoQuery, type Client, type PrivateKey } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { RedisApprovalStore } from '../../../src/policies/approvals/index.js';
import { startConsole, type RunningConsole } from '../../../src/console/index.js';
import { CORE_PLUGINS, tinybarsOf } from '../../integration/plugins/core-plugins-world.js';
import { createThresholdTreasury } from '../../support/threshold-treasury.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';
import { tamperApprovalRecord } from '../../support/tamper-approval-record.js';
import { launchChromium } from '../../support/headless-chromium.js';

/**
 * The console's ledger-approval API (POST /api/approvals/<id>/schedule-sign, then /signature with a
 * detached signature) over a kit whose approval store an attacker can write (Redis): the schedule
 * is read from the ledger before the ScheduleSign is prepared and again before it is submitted.
 */
describe('the console refuses to sign a ledger-approved request whose record does not match the ledger (via: schedule)', function () {
  this.timeout(120_000);
  let redis: TestRedis;
  let net: Devnet;
  let operator: Client;
  let agentClient: Client;
  let kit: AgentKit;
  let store: RedisApprovalStore;
  let prefix: string;
  let running: RunningConsole;
  let journalDir: string;
  let treasury: string;
  let bob: string;
  let mallory: string;
  let approvers: PrivateKey[];

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });

  beforeEach(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    operator = net.client();
    const agent = await net.createAccount({ hbar: 50 });
    agentClient = createDevnetClient(net.grpcAddress, agent.accountId, agent.privateKey);
    ({ approvers, treasury } = await createThresholdTreasury(operator, ['ED25519', 'ED25519', 'ECDSA']));
    bob = (await net.createAccount({ hbar: 1 })).accountId;
    mallory = (await net.createAccount({ hbar: 1 })).accountId;
    prefix = `console-tampered-${Date.now()}`;
    store = new RedisApprovalStore({ url: redis.url, prefix });
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: approvers.map((key) => key.publicKey.toStringDer()) }, store });
    journalDir = mkdtempSync(join(tmpdir(), 'console-ledger-tampered-'));
    kit = await createAgentKit({ client: agentClient, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [policy] } });
    running = await startConsole({ journalDir, port: 0, kit });
  });

  afterEach(async () => {
    await running?.close();
    await kit?.close();
    await store?.close();
    agentClient?.close();
    await net?.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const scheduleTen = async (to: string) => {
    const result = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: to, amount: 10 }] });
    expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', awaitingApproval: true });
    return { id: String(result.raw.approvalRequestId), scheduleId: String(result.raw.scheduleId) };
  };
  const post = async (id: string, what: string, body: object = {}) => {
    const response = await fetch(new URL(`/api/approvals/${id}/${what}`, running.url), { method: 'POST', headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { message: string } } };
  };
  const signAway = (key: PrivateKey, bodyBytes: string) => ({ publicKey: key.publicKey.toStringDer(), signature: Buffer.from(key.sign(Buffer.from(bodyBytes, 'hex'))).toString('hex') });
  const signersOf = async (scheduleId: string) => {
    const info = await new ScheduleInfoQuery().setScheduleId(ScheduleId.fromString(scheduleId)).execute(operator);
    return (info.signers?.toArray() ?? []).map((key) => key.toString());
  };
  /** The attacker's rewrite: the request now says the 10 HBAR go to bob. */
  const sayBob = (id: string) =>
    tamperApprovalRecord(redis.url, prefix, id, (record) => ({ ...record, summary: `Transfer 10 HBAR from ${treasury} to ${bob}`, movements: record.movements!.map((movement) => ({ ...movement, to: bob })) }));

  it('prepares a ScheduleSign whose answer shows the transfer decoded from the ledger', async () => {
    const { id, scheduleId } = await scheduleTen(bob);
    const prepared = await post(id, 'schedule-sign');
    expect(prepared.status, JSON.stringify(prepared.body)).to.equal(200);
    const ledger = prepared.body.ledger as { scheduleId: string; kind: string; changes: { account: string; amount: string }[]; lines: string[] };
    expect([ledger.scheduleId, ledger.kind]).to.deep.equal([scheduleId, 'cryptoTransfer']);
    expect(ledger.changes.map((change) => [change.account, change.amount])).to.deep.equal([[treasury, '-1000000000'], [bob, '1000000000']]);
    expect(ledger.lines.join('\n')).to.contain(`the ledger moves: ${treasury} -10 HBAR, ${bob} +10 HBAR`);
  });

  it('schedule-sign: a request rewritten to say bob while its schedule pays the attacker is refused (409) with the reason, and nothing is prepared', async () => {
    const { id, scheduleId } = await scheduleTen(mallory);
    await sayBob(id);
    const refused = await post(id, 'schedule-sign');
    expect([refused.status, refused.body.error?.message]).to.deep.equal([
      409,
      `Conflict: request ${id} says it moves ${treasury} -10 HBAR, ${bob} +10 HBAR, but schedule ${scheduleId} on the ledger moves ${treasury} -10 HBAR, ${mallory} +10 HBAR (the request in the approval store was changed); nothing was signed`,
    ]);
    const late = await post(id, 'signature', signAway(approvers[0]!, '00'));
    expect(late.body.error?.message).to.contain(`no ScheduleSign is prepared for request ${id}`);
    expect(await signersOf(scheduleId)).not.to.include(approvers[0]!.publicKey.toString());
  });

  it('signature: a record rewritten after the ScheduleSign was prepared is refused (409) before submitting, and no ScheduleSign reaches the ledger', async () => {
    const { id, scheduleId } = await scheduleTen(mallory);
    const prepared = await post(id, 'schedule-sign');
    expect(prepared.status).to.equal(200);
    await sayBob(id);
    const malloryBefore = await tinybarsOf(operator, mallory);
    // Two approvers sign the prepared bytes: either signature would complete nothing on its own, both are refused.
    for (const approver of approvers.slice(0, 2)) {
      const refused = await post(id, 'signature', signAway(approver, String(prepared.body.bodyBytes)));
      expect(refused.status).to.equal(409);
      expect(refused.body.error?.message).to.contain(`but schedule ${scheduleId} on the ledger moves ${treasury} -10 HBAR, ${mallory} +10 HBAR`).and.contain('nothing was signed');
    }
    expect(await signersOf(scheduleId)).not.to.include(approvers[0]!.publicKey.toString());
    expect(await tinybarsOf(operator, mallory)).to.equal(malloryBefore);
  });

  it("the page shows each scheduled request's transfer as the ledger has it, and 'Do not sign' with the reason for one whose record was rewritten", async () => {
    const honest = await scheduleTen(bob);
    const rewritten = await scheduleTen(mallory);
    await sayBob(rewritten.id);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(running.pageUrl);
      const itemOf = (scheduleId: string) => page.locator('#approvals li.approval.scheduled', { hasText: scheduleId });
      await itemOf(rewritten.scheduleId).locator('p.bad').waitFor();
      const good = (await itemOf(honest.scheduleId).textContent())!;
      expect(good).to.contain(`the ledger moves: ${treasury} -10 HBAR, ${bob} +10 HBAR`);
      expect(await itemOf(honest.scheduleId).locator('p.bad').count()).to.equal(0);
      const bad = (await itemOf(rewritten.scheduleId).textContent())!;
      // The store's claim (to bob) is not shown as what moves; the ledger's recipient is, with the refusal.
      expect(bad).to.contain(`the ledger moves: ${treasury} -10 HBAR, ${mallory} +10 HBAR`);
      expect(bad).to.contain(`Do not sign: request ${rewritten.id} says it moves ${treasury} -10 HBAR, ${bob} +10 HBAR, but schedule ${rewritten.scheduleId} on the ledger moves`);
      expect(await itemOf(rewritten.scheduleId).locator('dt', { hasText: /^moves$/ }).count()).to.equal(0);
    } finally {
      await browser.close();
    }
  });

  it('schedule-sign: a record without the scheduled-body digest (an older record) is refused, saying why', async () => {
    const { id } = await scheduleTen(bob);
    await tamperApprovalRecord(redis.url, prefix, id, (record) => {
      const { scheduledBody: _dropped, ...schedule } = record.schedule!;
      return { ...record, schedule };
    });
    const refused = await post(id, 'schedule-sign');
    expect(refused.status).to.equal(409);
    expect(refused.body.error?.message).to.contain(`request ${id} was recorded without the digest of the transaction its schedule runs (made by an older version)`);
  });
});
