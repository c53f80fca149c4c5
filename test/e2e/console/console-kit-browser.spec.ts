import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/headless-chromium.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/index.js';
import { RedisApprovalStore } from '../../../src/policies/approvals/index.js';
import { startConsole, type RunningConsole } from '../../../src/console/index.js';
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';
import { redisMissing, startTestRedis, type TestRedis } from '../../support/redis-server.js';

const CHILD = join(__dirname, 'console-kit-child.js');

/** The console of one process (A: startConsole({ kit })) acting on agents in others (B, child processes) through Redis. */
describe('the operator console over a kit, across processes', function () {
  this.timeout(90_000);
  let world: AuditWorld;
  let redis: TestRedis;
  let browser: Browser;
  let page: Page;
  let running: RunningConsole;
  let kit: AgentKit;
  let store: RedisApprovalStore;
  let prefix = 0;
  const children: ChildProcess[] = [];

  before(async function () {
    const missing = redisMissing();
    if (missing) {
      process.stdout.write(`      (skipped: ${missing})\n`);
      return this.skip();
    }
    redis = await startTestRedis();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await redis?.stop();
  });

  beforeEach(async () => {
    world = await openAuditWorld('console-kit-e2e-');
    const shared = `console-${++prefix}`;
    store = new RedisApprovalStore({ url: redis.url, prefix: shared });
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store });
    kit = await createAgentKit({ client: world.client, mirrorNodeUrl: world.net.mirrorUrl, context: { hooks: [policy] }, killSwitch: { store: { redis: redis.url, prefix: shared }, pollMs: 50 } });
    running = await startConsole({ journalDir: world.journalDir, port: 0, kit });
    page = await browser.newPage();
    await page.goto(running.pageUrl);
    env = {
      KIT_GRPC: world.net.grpcAddress,
      KIT_MIRROR: world.net.mirrorUrl,
      KIT_PAYER: '0.0.2',
      KIT_KEY: world.net.operatorKey.toStringDer(),
      KIT_REDIS: redis.url,
      KIT_PREFIX: shared,
      KIT_RECIPIENT: world.recipient,
    };
  });
  let env: Record<string, string> = {};

  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await page?.close();
    await running?.close();
    await kit?.close();
    await store?.close();
    await closeAuditWorld(world);
  });

  it('shows a pending 10 HBAR transfer of process B, approved here; B executes it once and the ledger shows it', async () => {
    const before = await balance(world);
    const child = lines(spawnChild({ ...env, KIT_ACTION: 'transfer' }));
    const held = (await child.next()) as { id: string; status: string };
    expect(held.status).to.equal('PENDING_APPROVAL');
    const item = page.locator('#approvals li.approval');
    await item.waitFor();
    expect(await item.textContent()).to.contain(world.recipient).and.to.contain('10 HBAR');
    await item.locator('button.approve').click();
    const done = (await child.next()) as { status: string; transactionId: string };
    expect(done.status).to.equal('SUCCESS');
    expect((await balance(world)) - before, 'one transfer').to.equal(1_000_000_000n);
    const record = await store.get(held.id);
    expect(record?.state).to.equal('executed');
    expect(record?.decisions).to.have.length(1);
    expect(record?.decisions[0]).to.include({ approver: 'console', via: 'console', approve: true });
    expect(record?.execution?.transactionId).to.equal(done.transactionId);
    await item.waitFor({ state: 'detached' });
  });

  it('the kill switch pressed in the console blocks the calls of another process', async () => {
    const before = await balance(world);
    const child = lines(spawnChild({ ...env, KIT_ACTION: 'guard' }));
    expect(await child.next()).to.deep.equal({ ready: true });
    await page.locator('#pause-reason').fill('incident 42');
    await page.locator('#pause-button').click();
    await page.locator('#pause-state.paused', { hasText: 'incident 42' }).waitFor();
    const blocked = (await child.next()) as { status: string; blockedBy: string; transactionId: string | null };
    expect(blocked).to.deep.equal({ status: 'ERROR', blockedBy: 'Kill Switch', transactionId: null });
    expect(await balance(world)).to.equal(before);
  });

  function spawnChild(childEnv: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...childEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    return child;
  }
});

/** The child's stdout as JSON lines, one per `next()`; rejects with its stderr if it exits first. */
function lines(child: ChildProcess): { next(): Promise<unknown> } {
  const queue: unknown[] = [];
  const waiting: ((line: unknown) => void)[] = [];
  let buffer = '';
  let err = '';
  let failed: Error | undefined;
  const rejecters: ((error: Error) => void)[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let cut: number;
    while ((cut = buffer.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 1);
      const take = waiting.shift();
      rejecters.shift();
      if (take) take(line);
      else queue.push(line);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.on('exit', (code) => {
    if (code === 0) return;
    failed = new Error(`console kit child exited with ${String(code)}: ${err}`);
    for (const reject of rejecters.splice(0)) reject(failed);
  });
  return {
    next: () =>
      queue.length
        ? Promise.resolve(queue.shift())
        : failed
          ? Promise.reject(failed)
          : new Promise((resolve, reject) => {
              waiting.push(resolve);
              rejecters.push(reject);
            }),
  };
}

async function balance(world: AuditWorld): Promise<bigint> {
  return BigInt((await new AccountBalanceQuery().setAccountId(world.recipient).execute(world.client)).hbars.toTinybars().toString());
}
