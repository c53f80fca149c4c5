import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { scopedName } from '../../../src/policies/per-key.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { RedisPolicyStore } from '../../../src/policies/state/redis-store.js';
import { tinybarsOf } from '../adversarial/adversarial-world.js';
import { offlineClient } from '../../support/offline-client.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';
import { ScriptedTransferTool, scriptedTransferPlugin } from '../../support/scripted-transfer-tool.js';

const HBAR = 100_000_000n;
const DAY = 86_400_000;
const CHILD = join(__dirname, 'per-budget-child.js');

function runChild(env: Record<string, string>): Promise<Record<string, string[]>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`per budget child exited with ${String(code)}: ${err}${out}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as Record<string, string[]>);
    });
  });
}

describe('budgets per session on Redis', function () {
  this.timeout(180_000);
  let redis: TestRedis;

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });

  describe('when 100 calls across 50 sessions arrive at once', () => {
    let client: Client;
    beforeEach(() => (client = offlineClient()));
    afterEach(() => client.close());

    it('keeps each session to its own budget exactly', async () => {
      const sessions = new AsyncLocalStorage<string>();
      const store = new RedisPolicyStore({ url: redis.url, prefix: 'per-unit' });
      const tool = new ScriptedTransferTool();
      const policy = new SpendLimitPolicy({ hbar: 15, windowMs: DAY, store, name: 'sessions', per: () => sessions.getStore() });
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [scriptedTransferPlugin(tool)], context: { hooks: [policy] } });
      try {
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, at) => sessions.run(`user-${at % 50}`, () => kit.execute('transfer_hbar_tool', { to: '0.0.1001', tinybars: (10n * HBAR).toString(), delayMs: at % 5 }))),
        );
        expect(results.filter((result) => result.raw.status === 'SUCCESS')).to.have.length(50);
        for (let user = 0; user < 50; user++) {
          expect(await policy.usage('0.0.2', 'HBAR', `user-${user}`), `user-${user}`).to.deep.equal({ committed: 10n * HBAR, pending: 0n });
        }
        // Nothing was pooled under the plain name.
        expect(await store.usage('sessions', '0.0.2', 'HBAR', DAY)).to.deep.equal({ committed: 0n, pending: 0n });
      } finally {
        await kit.close();
        await store.close();
      }
    });
  });

  describe('when 4 agent processes spend for the same 5 sessions from one payer on the devnet', () => {
    let net: Devnet;
    beforeEach(async () => (net = await startDevnet()));
    afterEach(async () => net?.stop());

    it('shares each session budget across the processes: each session moves exactly its budget on the ledger', async () => {
      const budgetHbar = 10;
      const payer = await net.createAccount({ hbar: 10_000 });
      const recipients: string[] = [];
      for (let session = 0; session < 5; session++) recipients.push((await net.createAccount({ hbar: 0 })).accountId);
      const env = {
        PER_GRPC: net.grpcAddress,
        PER_MIRROR: net.mirrorUrl,
        PER_PAYER: payer.accountId,
        PER_KEY: payer.privateKey.toStringDer(),
        PER_RECIPIENTS: recipients.join(','),
        PER_REDIS: redis.url,
        PER_NAME: `per-${Date.now()}`,
        PER_HBAR: String(budgetHbar),
        PER_CALLS: '6',
      };
      const runs = await Promise.all([1, 2, 3, 4].map(() => runChild(env)));
      const store = new RedisPolicyStore({ url: redis.url, prefix: 'per-test' });
      try {
        for (let session = 0; session < 5; session++) {
          const statuses = runs.flatMap((run) => run[`session-${session}`]!);
          expect(statuses.filter((status) => status === 'SUCCESS'), `session-${session}: ${statuses.join(' ')}`).to.have.length(budgetHbar);
          expect(statuses.filter((status) => status === 'E_POLICY_BLOCKED')).to.have.length(24 - budgetHbar);
          expect(await tinybarsOf(net.client(), recipients[session]!)).to.equal(BigInt(budgetHbar) * HBAR);
          expect(await store.usage(scopedName(env.PER_NAME, `session-${session}`), payer.accountId, 'HBAR', DAY)).to.deep.equal({ committed: BigInt(budgetHbar) * HBAR, pending: 0n });
        }
      } finally {
        await store.close();
      }
    });
  });
});
