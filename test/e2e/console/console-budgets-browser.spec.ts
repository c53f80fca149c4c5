import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/headless-chromium.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { RateLimitPolicy, SpendLimitPolicy } from '../../../src/policies/index.js';
import { startConsole, type RunningConsole } from '../../../src/console/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';

/** The budgets panel and the per-policy spend chart of a console over a kit whose calls run on the devnet. */
describe('the operator console: budgets and rate-limit counts of a kit', function () {
  this.timeout(60_000);
  let world: AuditWorld;
  let browser: Browser;
  let page: Page;
  let running: RunningConsole;
  let kit: AgentKit;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());

  beforeEach(async () => {
    world = await openAuditWorld('console-budgets-e2e-');
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], world.topicId, undefined, { journalDir: world.journalDir });
    const spend = new SpendLimitPolicy({ hbar: 100, tokens: { '0.0.9999': 50 }, windowMs: 3_600_000, name: 'daily' });
    const rate = new RateLimitPolicy({ limit: 3, windowMs: 60_000, tools: ['transfer_hbar_tool'], group: 'transfers' });
    const perSession = new RateLimitPolicy({ limit: 5, windowMs: 60_000, per: 'context.sessionId' });
    kit = await createAgentKit({ client: world.client, pluginsDir: null, plugins: [transferPlugin()], context: { sessionId: 's-1', hooks: [hook, spend, rate, perSession] } });
    running = await startConsole({ journalDir: world.journalDir, port: 0, kit });
    page = await browser.newPage();
    await page.goto(running.pageUrl);
  });

  afterEach(async () => {
    await page?.close();
    await running?.close();
    await kit?.close();
    await closeAuditWorld(world);
  });

  const row = (text: string) => page.locator('#budgets tr', { hasText: text });

  it('shows HBAR used, token limits, calls counted with when the window ends, and no invented figure for a per-key count', async () => {
    await row('0 of 100 HBAR used').waitFor();
    await row('0 of 3 calls used').waitFor();
    expect(await row('0 of 50 0.0.9999 used').textContent()).to.contain('budget "daily", account 0.0.2');
    expect(await row('context.sessionId').textContent()).to.contain('no single figure').and.not.to.match(/\d+ of 5 calls used/);

    const first = await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 250_000_000 });
    expect(first.raw.status).to.equal('SUCCESS');
    await row('2.5 of 100 HBAR used').waitFor({ timeout: 5_000 });
    const calls = row('1 of 3 calls used');
    await calls.waitFor();
    expect(await calls.textContent()).to.contain('group transfers').and.to.match(/resets \d{4}-\d\d-\d\dT/);

    // Spend over time per policy: the policy's figure as the console read it, not per tool.
    expect(await page.locator('#spend-title').textContent()).to.contain('per policy');
    expect(await page.locator('#spend-legend li', { hasText: 'Spend Limit Policy (budget "daily", account 0.0.2): 2.5 of 100 HBAR' }).count()).to.equal(1);
    await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 100_000_000 });
    await page.locator('#spend-legend li', { hasText: '3.5 of 100 HBAR' }).waitFor({ timeout: 5_000 });
    await row('2 of 3 calls used').waitFor();
  });
});
