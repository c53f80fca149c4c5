import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/headless-chromium.js';
import { measureConsoleLayout, type ConsoleLayout } from './console-layout.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { ApprovalPolicy, RateLimitPolicy, SpendLimitPolicy } from '../../../src/policies/index.js';
import { MemoryApprovalStore } from '../../../src/policies/approvals/index.js';
import { startConsole, type RunningConsole } from '../../../src/console/index.js';
import { TestTransferTool } from '../../support/audit-transfer-tool.js';
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';

/** Where the screenshots are kept: under dist/, which git ignores. */
const ARTIFACTS = resolve(__dirname, '..', '..', '..', 'test-artifacts', 'console');

/** Tool names as long as real plugins make them, one with nowhere to break. */
const LONG_TOOL = 'transfer_hbar_from_the_treasury_to_a_vendor_account_with_scheduled_signatures_tool';
const UNBROKEN_TOOL = 'transferhbarfromtreasurytovendoraccountwithscheduledsignaturestool';

/** A transfer whose memo may be as long as an agent likes: the request is held before anything reaches the ledger. */
class LongMemoTransfer extends TestTransferTool {
  override parameters = z.object({ to: z.string(), tinybars: z.number().int().positive(), memo: z.string().max(20_000).optional(), note: z.string().max(20_000).optional() }).strict();
}

/**
 * The console an operator reads at a glance, in Debian's chromium at the two sizes operators use:
 * filled with the hard cases (a pending request with a 10 KB memo and a long params block, long
 * tool names, many budgets, a spend chart over real calls on the devnet), then measured.
 */
describe('the operator console layout, measured in a browser', function () {
  this.timeout(120_000);
  let world: AuditWorld;
  let browser: Browser;
  let page: Page;
  let running: RunningConsole;
  let kit: AgentKit;

  before(async () => {
    browser = await launchChromium();
    world = await openAuditWorld('console-layout-e2e-');
    mkdirSync(ARTIFACTS, { recursive: true });
    const tools = ['transfer_hbar_tool', LONG_TOOL, UNBROKEN_TOOL];
    const hook = new HcsAuditTrailHook(tools, world.topicId, undefined, { journalDir: world.journalDir });
    const budgets = [
      new SpendLimitPolicy({ hbar: 100, tokens: { '0.0.9999': 50, '0.0.9998': 1_000_000 }, windowMs: 3_600_000, name: 'hourly-treasury-outflow' }),
      new SpendLimitPolicy({ hbar: 2_500, windowMs: 86_400_000, name: 'daily-vendor-payments-across-every-agent-session' }),
      new SpendLimitPolicy({ hbar: 40, windowMs: 600_000, name: 'ten-minute-burst' }),
      new RateLimitPolicy({ limit: 30, windowMs: 60_000, tools, group: 'all-transfers-including-scheduled' }),
      new RateLimitPolicy({ limit: 5, windowMs: 60_000, tools: [LONG_TOOL], group: 'vendor' }),
      new RateLimitPolicy({ limit: 500, windowMs: 86_400_000 }),
      new RateLimitPolicy({ limit: 5, windowMs: 60_000, per: 'context.sessionId' }),
    ];
    const approval = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', stage: 'postCoreAction', store: new MemoryApprovalStore() });
    const plugin = { name: 'layout-transfers', tools: () => [new LongMemoTransfer('transfer_hbar_tool'), new TestTransferTool(LONG_TOOL), new TestTransferTool(UNBROKEN_TOOL)] };
    kit = await createAgentKit({ client: world.client, pluginsDir: null, plugins: [plugin], context: { sessionId: 'session-with-a-long-identifier-0001', hooks: [hook, ...budgets, approval] } });
    running = await startConsole({ journalDir: world.journalDir, port: 0, kit });
    // Calls that ran on the devnet, so the trail, the budgets and the spend chart have figures.
    for (const [at, tool] of [LONG_TOOL, UNBROKEN_TOOL, 'transfer_hbar_tool', LONG_TOOL].entries()) {
      // For whom each call ran, as long as the application may name them: shown under the agent.
      const principal = { userId: `user-${at}-${'u'.repeat(60)}`, sessionId: `checkout-session-${at}-of-the-quarterly-run`, tenantId: 'acme-corporation-europe-west' };
      const done = await kit.execute(tool, { to: world.recipient, tinybars: (at + 1) * 75_000_000, memo: `invoice ${at + 1} of the quarterly vendor run, reference Q3-2026-VENDOR-${'X'.repeat(20)}` }, { context: principal });
      expect(done.raw.status, `${tool}: ${JSON.stringify(done.raw)}`).to.equal("SUCCESS");
    }
    // Held for approval: a 10 KB memo, and params as long as an agent may make them.
    const memo = Array.from({ length: 200 }, (_, line) => `line ${line}: pay vendor ${line} for the services of the quarter.`).join('\n').padEnd(10_240, '.');
    const held = await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 900_000_000, memo, note: 'n'.repeat(8_000) });
    expect(held.raw.status).to.equal('PENDING_APPROVAL');
    const heldLong = await kit.execute(LONG_TOOL, { to: world.recipient, tinybars: 700_000_000, note: JSON.stringify({ invoices: Array.from({ length: 60 }, (_, n) => ({ n, vendor: `vendor-${n}`, amount: `${n}.5 HBAR` })) }) });
    expect(heldLong.raw.status).to.equal('PENDING_APPROVAL');
    page = await browser.newPage();
    await page.goto(running.pageUrl);
    await page.locator('#approvals li.approval').nth(1).waitFor();
    await page.locator('#calls tr[data-outcome="executed"]').nth(3).waitFor();
    await page.locator('#budgets tr').nth(budgets.length).waitFor();
  });

  after(async () => {
    await page?.close();
    await browser?.close();
    await running?.close();
    await kit?.close();
    if (world) await closeAuditWorld(world);
  });

  for (const [width, height] of [
    [1400, 1000],
    [1024, 768],
  ] as const) {
    describe(`at ${width}×${height}`, () => {
      let layout: ConsoleLayout;

      before(async () => {
        await page.setViewportSize({ width, height });
        // The charts redraw for the new width on resize; let that settle before measuring.
        await page.waitForTimeout(300);
        // What the operator sees on opening the page, and the whole page.
        const window = join(ARTIFACTS, `console-${width}x${height}.png`);
        const whole = join(ARTIFACTS, `console-${width}x${height}-full-page.png`);
        await page.screenshot({ path: window });
        await page.screenshot({ path: whole, fullPage: true });
        process.stdout.write(`      screenshots: ${window} and ${whole}\n`);
        layout = await measureConsoleLayout(page);
      });

      it('puts no element outside its card, no card over another, and nothing wider than the window', () => {
        expect(layout.outsideCards).to.deep.equal([]);
        expect(layout.outsideCells).to.deep.equal([]);
        expect(layout.overlappingCards).to.deep.equal([]);
        expect(layout.pageWidth).to.be.at.most(width);
      });

      it('keeps tool names readable: no name broken a letter or two per line', () => {
        expect(layout.toolNames.length).to.be.at.least(6);
        for (const name of layout.toolNames) expect(name.charsPerLine, `${name.text} in ${name.where}`).to.be.at.least(Math.min(12, name.text.length));
      });

      it('scrolls a 10 KB memo and a long params block inside their boxes', () => {
        expect(layout.scrollBoxes.map((box) => box.what)).to.include.members(['memo', 'params']);
        for (const box of layout.scrollBoxes) {
          expect(box.scrollable, `${box.what} scrolls`).to.equal(true);
          expect(box.height, `${box.what} box height`).to.be.at.most(240);
        }
        // The first request's params carry the memo and the 8 000-character note: more than the box shows, so it scrolls.
        const params = layout.scrollBoxes.find((each) => each.what === 'params')!;
        expect(params.contentHeight, 'params hold more than they show').to.be.above(params.height);
      });

      it('draws the spend chart with a labelled axis, units and times, in type that can be read and does not collide', () => {
        const chart = layout.spendChart;
        expect(chart.yLabels.length, 'value axis labels').to.be.at.least(3);
        for (const label of chart.yLabels) expect(label).to.match(/%$/);
        expect(chart.axisTitle).to.match(/% of (each )?limit/);
        expect(chart.xLabels.length, 'time axis labels').to.be.at.least(2);
        for (const label of chart.xLabels) expect(label).to.match(/^\d\d:\d\d(:\d\d)?$/);
        expect(chart.legend.length, 'one legend entry per budget line').to.be.at.least(3);
        expect(chart.smallestTextPx, 'rendered text height').to.be.at.least(11);
        expect(chart.collidingTexts).to.deep.equal([]);
      });
    });
  }
});
