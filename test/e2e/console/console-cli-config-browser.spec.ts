import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/headless-chromium.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { ApprovalPolicy } from '../../../src/policies/index.js';
import { RedisApprovalStore } from '../../../src/policies/approvals/index.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';

const MAIN = join(__dirname, '..', '..', '..', 'src', 'cli', 'main.js');

/**
 * An operator starts `agent-hooks console --config agent-hooks.config.json` beside an agent that
 * runs on that configuration (on the devnet, its approvals and kill switch on Redis). The console
 * must show the configuration's budgets, the agent's approval requests and its kill switch, not
 * three cards saying nothing is connected, and name the agent beside its calls.
 */
describe('agent-hooks console over a configuration file, in the browser', function () {
  this.timeout(120_000);
  let redis: TestRedis;
  let devnet: Devnet;
  let browser: Browser;
  let page: Page;
  let cwd: string;
  let agent: AgentKit | undefined;
  let store: RedisApprovalStore | undefined;
  let child: ChildProcess | undefined;

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
    devnet = await startDevnet();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await devnet?.stop();
    await redis?.stop();
  });
  afterEach(async () => {
    if (child && child.exitCode === null) {
      const gone = new Promise((done) => child!.once('exit', done));
      child.kill('SIGTERM');
      await gone;
    }
    await page?.close();
    await agent?.close();
    await store?.close();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it('shows the configuration’s budgets, the agent’s pending approval and its kill switch, and names the agent', async () => {
    cwd = mkdtempSync(join(tmpdir(), 'console-config-e2e-'));
    const client = devnet.client();
    const topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
    const recipient = (await devnet.createAccount({ hbar: 1 })).accountId;
    const shared = { redis: redis.url, prefix: 'console-config' };
    writeFileSync(
      join(cwd, 'agent-hooks.config.json'),
      JSON.stringify({
        ...localNetworkOf(devnet),
        hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], topicId, null, { journalDir: 'journal' }] }],
        policies: [
          { policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000 }] },
          { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, wait: 'deferred' }] },
        ],
        approvals: { store: shared },
        killSwitch: { store: shared },
      }),
    );

    // The agent: the same trail, approvals and switch, built in code as an application does.
    store = new RedisApprovalStore({ url: redis.url, prefix: shared.prefix });
    const hook = new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir: join(cwd, 'journal') });
    agent = await createAgentKit({ client, mirrorNodeUrl: devnet.mirrorUrl, context: { sessionId: 'payments-agent', hooks: [hook, new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store })] }, killSwitch: { store: shared, pollMs: 50 } });

    const started = await startConsoleCli(cwd, { ...operatorEnvOf(devnet) }, 'console', '--config', 'agent-hooks.config.json', '--port', '0');
    child = started.child;
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(started.pageUrl);

    // Budgets: the configuration's SpendLimitPolicy.
    await page.locator('#budgets tr', { hasText: 'of 10 HBAR used' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('#budgets-note').textContent()).to.equal('');
    // The kill switch: connected, running.
    await page.locator('#pause-state', { hasText: 'agents are running' }).waitFor();
    expect(await page.locator('#pause-button').isDisabled()).to.equal(false);

    // Approvals: the agent's deferred 6 HBAR transfer waits in the shared store, and shows here.
    const held = await agent.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 6 }] });
    expect(held.raw.status).to.equal('PENDING_APPROVAL');
    const id = held.raw.approvalRequestId as string;
    const item = page.locator(`#approvals li.approval[data-id="${id}"]`);
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).to.contain('6 HBAR').and.to.contain(recipient);

    // The agent column: the agent's name (its session), not the journal file.
    const row = page.locator(`#calls tr[data-id="approval-${id}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect((await row.locator('td.agent').textContent())?.trim()).to.equal('payments-agent');
    expect(await row.locator('td.agent').getAttribute('title')).to.match(/\.jsonl$/);

    // The kill switch pressed here holds in the agent's process.
    await page.locator('#pause-reason').fill('incident 9');
    await page.locator('#pause-button').click();
    await page.locator('#pause-state.paused', { hasText: 'incident 9' }).waitFor({ timeout: 10_000 });
    const deadline = Date.now() + 5_000;
    while (agent.killSwitch?.state.state !== 'paused' && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    expect(agent.killSwitch?.state.state).to.equal('paused');
    // For a person to look at: under dist/, which git ignores.
    const artifacts = join(__dirname, '..', '..', '..', 'test-artifacts', 'console');
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'console-over-config.png'), fullPage: true });
  });
});

/** `agent-hooks console` as an operator starts it, until it prints the address to open. */
function startConsoleCli(cwd: string, env: NodeJS.ProcessEnv, ...argv: string[]): Promise<{ child: ChildProcess; pageUrl: string }> {
  const child = spawn(process.execPath, [MAIN, ...argv], { cwd, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const printed = /agent-hooks console: open (\S+)\n/.exec(err);
      if (printed) resolve({ child, pageUrl: printed[1]! });
    });
    child.once('exit', (code) => reject(new Error(`agent-hooks console exited with ${String(code)}: ${err}`)));
  });
}
