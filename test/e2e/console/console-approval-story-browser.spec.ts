import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/headless-chromium.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { ApprovalPolicy } from '../../../src/policies/index.js';
import { startConsole, type RunningConsole } from '../../../src/console/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';

/** Screenshots for a person to look at: under dist/, which git ignores. */
const ARTIFACTS = resolve(__dirname, '..', '..', '..', 'test-artifacts', 'console');

/**
 * An operator follows a deferred approval in the console: the agent's 3 HBAR transfer is held
 * (PENDING_APPROVAL), the operator approves it on the page, the agent resumes it on the devnet. The
 * trail holds four entries for it (the held call, the request, the decision, the call that ran);
 * the operator must see one call whose state advances, not a block and two more rows.
 */
describe('the operator console: the whole story of a deferred approval', function () {
  this.timeout(90_000);
  let world: AuditWorld;
  let browser: Browser;
  let page: Page;
  let running: RunningConsole;
  let kit: AgentKit;

  before(async () => {
    browser = await launchChromium();
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => browser?.close());

  beforeEach(async () => {
    world = await openAuditWorld('console-story-e2e-');
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], world.topicId, undefined, { journalDir: world.journalDir });
    const approval = new ApprovalPolicy({ when: { hbarAbove: 1 }, wait: 'deferred' });
    kit = await createAgentKit({ client: world.client, pluginsDir: null, plugins: [transferPlugin()], context: { sessionId: 'treasury-agent', hooks: [hook, approval] } });
    running = await startConsole({ journalDir: world.journalDir, port: 0, kit, network: 'devnet', mirrorUrl: world.net.mirrorUrl, topicId: world.topicId, pollMs: 100 });
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(running.pageUrl);
  });

  afterEach(async () => {
    await page?.close();
    await running?.close();
    await kit?.close();
    await closeAuditWorld(world);
  });

  it('shows one row going pending → approved → executed, never as a block, with the transaction linked only once sent, and says what happens after Approve', async () => {
    const held = await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 300_000_000 });
    expect(held.raw.status).to.equal('PENDING_APPROVAL');
    const id = held.raw.approvalRequestId as string;
    const row = page.locator(`#calls tr[data-id="approval-${id}"]`);

    // Pending: the held call and its request are one row; nothing was sent, so nothing is linked or counted as blocked.
    await page.locator(`#calls tr[data-id="approval-${id}"][data-outcome="pending"]`).waitFor({ timeout: 10_000 });
    expect(await page.locator('#calls tr').count(), 'rows while pending').to.equal(1);
    expect(await row.locator('a').count(), 'no transaction link while pending').to.equal(0);
    expect(await row.textContent()).to.contain('waiting for approval');
    expect(await page.locator('#block-chart').textContent()).to.contain('nothing blocked yet');
    // The agent column names the agent (its session), not the journal file it wrote.
    expect((await row.locator('td.agent').textContent())?.trim()).to.equal('treasury-agent');
    expect(await page.locator('#calls').textContent()).not.to.contain('.jsonl');
    await page.screenshot({ path: join(ARTIFACTS, 'approval-story-pending.png'), fullPage: true });

    // Approve: the page says what happens next, and the row is approved but still unsent.
    await page.locator(`#approvals li.approval[data-id="${id}"] button.approve`).click();
    const note = page.locator(`#decision-notes li[data-id="${id}"]`);
    await note.waitFor({ timeout: 10_000 });
    expect(await note.textContent()).to.contain('nothing is sent yet').and.to.contain(`kit.resume('${id}')`);
    await page.locator(`#calls tr[data-id="approval-${id}"][data-outcome="approved"]`).waitFor({ timeout: 10_000 });
    expect(await row.textContent()).to.contain('approved by console').and.to.contain(`kit.resume('${id}')`);
    expect(await row.locator('a').count(), 'no transaction link before the agent resumes').to.equal(0);
    expect(await page.locator('#calls tr').count(), 'rows once approved').to.equal(1);
    await page.screenshot({ path: join(ARTIFACTS, 'approval-story-approved.png'), fullPage: true });

    // The agent resumes it: the same row is executed, and now links the transaction that went out.
    const done = await kit.resume(id);
    expect(done.raw.status).to.equal('SUCCESS');
    await page.locator(`#calls tr[data-id="approval-${id}"][data-outcome="executed"]`).waitFor({ timeout: 10_000 });
    const link = row.locator('a');
    expect(await link.count()).to.equal(1);
    expect(await link.textContent()).to.equal(String(done.raw.transactionId));
    expect(await link.getAttribute('href')).to.contain(world.net.mirrorUrl);
    expect(await row.textContent()).to.contain('SUCCESS');
    expect(await page.locator('#calls tr').count(), 'one row for the whole story').to.equal(1);
    expect(await page.locator('#block-chart').textContent()).to.contain('nothing blocked yet');
    await page.screenshot({ path: join(ARTIFACTS, 'approval-story-executed.png'), fullPage: true });
  });

  it('shows a denial as denied, not as a block, and that nothing was sent', async () => {
    const held = await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 300_000_000 });
    const id = held.raw.approvalRequestId as string;
    const item = page.locator(`#approvals li.approval[data-id="${id}"]`);
    await item.locator('input.reason').fill('unknown recipient');
    await item.locator('button.deny').click();
    await page.locator(`#decision-notes li[data-id="${id}"]`, { hasText: 'denied: nothing was sent' }).waitFor({ timeout: 10_000 });
    const row = page.locator(`#calls tr[data-id="approval-${id}"][data-outcome="denied"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).to.contain('denied by console').and.to.contain('nothing was sent');
    expect(await row.locator('a').count()).to.equal(0);
    expect(await page.locator('#calls tr').count()).to.equal(1);
    expect(await page.locator('#block-chart').textContent()).to.contain('nothing blocked yet');
  });
});
