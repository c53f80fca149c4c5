import { expect } from 'chai';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/headless-chromium.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { ApprovalPolicy, KillSwitch } from '../../../src/policies/index.js';
import { MemoryOversight, startConsole, type RunningConsole } from '../../../src/console/index.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import { reportOnly } from '../../../src/listeners/report-mode.js';
import { PolicyBlockedError } from '../../../src/lifecycle/policy-blocked-error.js';
import type { PreToolExecutionParams } from '../../../src/lifecycle/stage-events.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';

/** A rule being rolled out: it would refuse calls whose memo says "rollout"; in report mode they go on. */
class RolloutRule extends AbstractPolicy {
  override name = 'Rollout Rule';
  override relevantTools = ['transfer_hbar_tool'];
  protected override shouldBlockPreToolExecution(params: PreToolExecutionParams, method: string): boolean {
    const memo = (params.rawParams as { memo?: unknown } | undefined)?.memo;
    if (typeof memo !== 'string' || !memo.startsWith('rollout')) return false;
    throw new PolicyBlockedError(method, { policy: this.name, stage: 'preToolExecution', reason: `memo <b>${memo}</b> is not allowed yet` }, 'refuses rollout memos');
  }
}
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';

/** The operator console in Debian's chromium, over a journal folder written by real audited calls on the devnet. */
describe('the operator console in a browser', function () {
  this.timeout(60_000);
  let world: AuditWorld;
  let browser: Browser;
  let page: Page;
  let running: RunningConsole;
  let kit: AgentKit;
  let oversight: MemoryOversight;
  const dialogs: string[] = [];

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());

  beforeEach(async () => {
    world = await openAuditWorld('console-e2e-');
    // The console's pause turns the switch the kit obeys: a pause there stops this kit's calls.
    const killSwitch = new KillSwitch();
    oversight = new MemoryOversight({ killSwitch });
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], world.topicId, undefined, { journalDir: world.journalDir });
    const approval = new ApprovalPolicy({ when: { hbarAbove: 5 }, approver: oversight, timeoutMs: 30_000 });
    kit = await createAgentKit({ client: world.client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook, approval, reportOnly(new RolloutRule())] }, killSwitch });
    await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 7, memo: 'first call' });
    running = await startConsole({ journalDir: world.journalDir, port: 0, oversight, network: 'devnet', mirrorUrl: world.net.mirrorUrl, topicId: world.topicId });
    page = await browser.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(running.pageUrl);
    await page.waitForSelector('#calls tr[data-outcome="executed"]');
  });

  afterEach(async () => {
    await page?.close();
    await running?.close();
    await kit?.close();
    await closeAuditWorld(world);
  });

  const rowCount = (outcome: string): Promise<number> => page.locator(`#calls tr[data-outcome="${outcome}"]`).count();

  it('shows a new call within a second of its journal entry, with a link to the devnet mirror', async () => {
    expect(await rowCount('executed')).to.equal(1);
    await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 3, memo: 'second call' });
    const written = Date.now();
    await page.locator('#calls tr[data-outcome="executed"]', { hasText: 'second call' }).waitFor({ timeout: 1_000 });
    expect(Date.now() - written).to.be.below(1_000);
    const href = await page.locator('#calls tr', { hasText: 'second call' }).locator('a').getAttribute('href');
    expect(href).to.match(new RegExp(`^${world.net.mirrorUrl}/api/v1/transactions/0\\.0\\.2-\\d+-\\d{9}$`));
    // The link leads to the transaction on the mirror.
    expect((await fetch(href!)).status).to.equal(200);
  });

  it('names for whom a call ran under its agent, as text, whatever the application put there', async () => {
    const userId = '<img src=x onerror="alert(2)">';
    await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 1, memo: 'for a user' }, { context: { userId, tenantId: 'acme' } });
    const row = page.locator('#calls tr', { hasText: 'for a user' });
    await row.waitFor();
    expect(await row.locator('td.agent .principal').textContent()).to.equal(`user ${userId} \u00b7 tenant acme`);
    expect(await page.locator('#calls img').count()).to.equal(0);
    expect(dialogs).to.deep.equal([]);
  });

  it('renders hostile memos as text: no script runs and no element is made', async () => {
    const hostile = ['<script>alert("x")</script>', '<img src=x onerror="alert(1)">', 'APPROVED BY ADMIN'];
    for (const memo of hostile) await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 1, memo });
    await page.locator('#calls tr[data-outcome="executed"]').nth(hostile.length).waitFor();
    const memos = await page.locator('#calls td.memo .agent-text').allTextContents();
    for (const memo of hostile) expect(memos).to.include(memo);
    expect(await page.locator('#calls img, #calls script, main script').count()).to.equal(0);
    expect(dialogs).to.deep.equal([]);
    // "APPROVED BY ADMIN" sits in an agent-text box, like every other memo, not in the console's own words.
    const approved = page.locator('#calls td.memo', { hasText: 'APPROVED BY ADMIN' });
    expect(await approved.locator('.agent-text').count()).to.equal(1);
  });

  it("shows what a policy in report mode would have blocked on the executed call, its reason as agent text", async () => {
    const result = await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 2, memo: 'rollout one' });
    expect(result.raw.status).to.equal('SUCCESS');
    const row = page.locator('#calls tr[data-outcome="executed"]', { hasText: 'rollout one' });
    await row.waitFor({ timeout: 5_000 });
    const would = row.locator('.would-block');
    expect(await would.count()).to.equal(1);
    expect(await would.textContent()).to.equal('would have blocked (report mode): Rollout Rule at preToolExecution: memo <b>rollout one</b> is not allowed yet');
    // The reason (agent text: it quotes the memo) is in a marked box, and its markup made no element.
    expect(await would.locator('.agent-text').textContent()).to.equal('memo <b>rollout one</b> is not allowed yet');
    expect(await row.locator('b').count()).to.equal(0);
  });

  it('approves a pending 10 HBAR transfer from its button, with the token, and the ledger shows it executed', async () => {
    const before = await balance(world);
    const call = kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 10 * 100_000_000, memo: 'ten hbar' });
    const item = page.locator('#approvals li.approval');
    await item.waitFor();
    expect(await item.textContent()).to.contain(world.recipient).and.to.contain('10 HBAR');
    // The call waiting for approval is one row of the trail (its request's entry), not one per entry.
    await page.locator('#calls tr[data-outcome="pending"]').waitFor();
    expect(await rowCount('pending')).to.equal(1);
    const decision = page.waitForRequest((request) => request.url().endsWith('/decision'));
    await item.locator('button.approve').click();
    const sent = await decision;
    expect(sent.headers()['authorization']).to.equal(`Bearer ${running.token}`);
    expect(sent.postDataJSON()).to.deep.equal({ approve: true });
    const result = await call;
    expect(result.raw.status).to.equal('SUCCESS');
    expect((await balance(world)) - before).to.equal(10n * 100_000_000n);
    await page.locator('#calls tr[data-outcome="executed"]', { hasText: 'ten hbar' }).waitFor();
    expect(await page.locator('#approvals li.approval').count()).to.equal(0);
  });

  it('denies one with a reason, and the agent gets the reason', async () => {
    const call = kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 6 * 100_000_000 });
    const item = page.locator('#approvals li.approval');
    await item.waitFor();
    await item.locator('input.reason').fill('not this week');
    await item.locator('button.deny').click();
    const result = await call;
    expect(result.raw.status).to.equal('ERROR');
    expect(JSON.stringify(result.raw)).to.contain('denied by console: not this week');
    await page.locator('#calls tr[data-outcome="blocked"]').waitFor();
  });

  it('keeps the reason an operator is typing when another request and another call arrive', async () => {
    const first = kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 6 * 100_000_000 });
    const items = page.locator('#approvals li.approval');
    await items.first().waitFor();
    await items.first().locator('input.reason').fill('not this week');
    const second = kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 7 * 100_000_000 });
    await items.nth(1).waitFor();
    await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 2, memo: 'small one' });
    await page.locator('#calls tr[data-outcome="executed"]', { hasText: 'small one' }).waitFor();
    expect(await items.first().locator('input.reason').inputValue()).to.equal('not this week');
    await items.first().locator('button.deny').click();
    expect(JSON.stringify((await first).raw)).to.contain('denied by console: not this week');
    await page.locator('#approvals li.approval').nth(0).locator('button.deny').click();
    expect((await second).raw.status).to.equal('ERROR');
  });

  it('pauses and unpauses the kill switch the kit obeys', async () => {
    await page.locator('#pause-reason').fill('incident 42');
    await page.locator('#pause-button').click();
    await page.locator('#pause-state.paused', { hasText: 'incident 42' }).waitFor();
    expect(oversight.state()).to.deep.equal({ paused: true, reason: 'incident 42', pausedBy: 'console' });
    // PAUSED on the page is a pause the kit enforces: its next transfer sends nothing.
    const refused = await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 2, memo: 'while paused' });
    expect(refused.raw.blockedBy).to.include({ policy: 'Kill Switch', stage: 'preToolExecution' });
    expect(refused.raw.transactionId).to.equal(undefined);
    await page.locator('#unpause-button').click();
    await page.locator('#pause-state', { hasText: 'agents are running' }).waitFor();
    expect(oversight.state().paused).to.equal(false);
    expect((await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 2, memo: 'after unpause' })).raw.status).to.equal('SUCCESS');
  });

  it('verifies the trail against the topic', async () => {
    // Delivery runs in the background: verified before it lands, the entry is rightly "not on the topic yet".
    expect((await kit.audit.flush(10_000))[0]!.undelivered).to.equal(0);
    await page.locator('#verify-button').click();
    await page.locator('#verify-state.ok').waitFor({ timeout: 15_000 });
    expect(await page.locator('#verify-state').textContent()).to.match(/^verified: 1 entries/);
  });
});

async function balance(world: AuditWorld): Promise<bigint> {
  return BigInt((await new AccountBalanceQuery().setAccountId(world.recipient).execute(world.client)).hbars.toTinybars().toString());
}
