import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { RedisPolicyStore } from '../../../src/policies/state/redis-store.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { tinybarsOf } from '../adversarial/adversarial-world.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';

const HBAR = 100_000_000n;
const DAY = 86_400_000;
const CHILD = join(__dirname, 'budget-child.js');

type CallResult = { status: string; errorCode?: string };

function runChild(env: Record<string, string>): Promise<CallResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`budget child exited with ${String(code)}: ${err}${out}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as CallResult[]);
    });
  });
}

describe('a budget shared on Redis', function () {
  this.timeout(180_000);
  let redis: TestRedis;
  let net: Devnet;

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });
  beforeEach(async () => {
    net = await startDevnet();
  });
  afterEach(async () => {
    await net?.stop();
  });

  describe('when 4 agent processes make 50 transfers each from one account while the devnet injects failures', () => {
    it('never spends more than the budget, and the budget holds exactly what the ledger moved', async () => {
      const budgetHbar = 120;
      const payer = await net.createAccount({ hbar: 10_000 });
      const recipient = (await net.createAccount({ hbar: 0 })).accountId;
      // Failures on the ledger after approval (the budget must come back), busy nodes and lost
      // connections (the SDK retries; an open outcome is settled from the receipt).
      net.faults.inject({ rpc: 'cryptoTransfer', receiptStatus: 'INSUFFICIENT_PAYER_BALANCE', probability: 0.15 });
      net.faults.inject({ rpc: 'cryptoTransfer', precheck: 'BUSY', probability: 0.1 });
      net.faults.inject({ rpc: '*', grpcError: 'UNAVAILABLE', probability: 0.03 });
      const env = {
        BUDGET_GRPC: net.grpcAddress,
        BUDGET_MIRROR: net.mirrorUrl,
        BUDGET_PAYER: payer.accountId,
        BUDGET_KEY: payer.privateKey.toStringDer(),
        BUDGET_RECIPIENT: recipient,
        BUDGET_REDIS: redis.url,
        BUDGET_NAME: `shared-${Date.now()}`,
        BUDGET_HBAR: String(budgetHbar),
        BUDGET_CALLS: '50',
        BUDGET_AMOUNT: '1',
      };
      const results = (await Promise.all([1, 2, 3, 4].map(() => runChild(env)))).flat();
      net.faults.clear();

      expect(results).to.have.length(200);
      const count = (predicate: (result: CallResult) => boolean) => results.filter(predicate).length;
      const executed = count((result) => result.status === 'SUCCESS');
      const unknown = count((result) => result.status === 'UNKNOWN');
      const failed = count((result) => result.status === 'ERROR' && result.errorCode !== 'E_POLICY_BLOCKED');
      const blocked = count((result) => result.errorCode === 'E_POLICY_BLOCKED');
      expect(failed, 'some approved transfers failed on the ledger').to.be.greaterThan(0);
      expect(blocked, 'the budget was reached').to.be.greaterThan(0);

      const moved = await tinybarsOf(net.client(), recipient);
      const summary = `moved ${moved} tinybars; ${executed} executed, ${unknown} unknown, ${failed} failed, ${blocked} blocked`;
      expect(moved <= BigInt(budgetHbar) * HBAR, summary).to.equal(true);
      expect(moved >= BigInt(executed) * HBAR && moved <= BigInt(executed + unknown) * HBAR, summary).to.equal(true);
      if (process.env.BUDGET_TEST_VERBOSE) process.stdout.write(`      ${summary}\n`);

      const store = new RedisPolicyStore({ url: redis.url, prefix: 'shared-test' });
      const usage = await store.usage(env.BUDGET_NAME, payer.accountId, 'HBAR', DAY);
      await store.close();
      // Nothing left reserved; committed is what executed, plus UNKNOWN outcomes (counted as spent).
      expect(usage).to.deep.equal({ committed: BigInt(executed + unknown) * HBAR, pending: 0n });
    });
  });

  describe('when Redis is killed in the middle of a run and started again', () => {
    it('blocks while it is gone, saying the store is unreachable, and recovers when it is back', async () => {
      const payer = await net.createAccount({ hbar: 1_000 });
      const recipient = (await net.createAccount({ hbar: 0 })).accountId;
      const client = createDevnetClient(net.grpcAddress, payer.accountId, payer.privateKey);
      const store = new RedisPolicyStore({ url: redis.url, prefix: 'kill-test', connectTimeoutMs: 300, commandTimeoutMs: 300 });
      const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [new SpendLimitPolicy({ hbar: 100, windowMs: DAY, store, name: 'kill' })] } });
      const pay = () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
      try {
        for (let call = 0; call < 3; call++) expect((await pay()).raw.status).to.equal('SUCCESS');

        // Killed while calls are in flight: each either went out or was refused, nothing in between.
        net.faults.inject({ rpc: 'cryptoTransfer', latencyMs: 40 });
        const inFlight = Array.from({ length: 10 }, () => pay());
        await new Promise((resolve) => setTimeout(resolve, 20));
        await redis.kill();
        const during = await Promise.all(inFlight);
        net.faults.clear();
        const sent = during.filter((result) => result.raw.status === 'SUCCESS').length;
        for (const result of during) expect(['SUCCESS', 'ERROR']).to.include(result.raw.status);

        const refused = await pay();
        expect(refused.raw.errorCode).to.equal('E_POLICY_BLOCKED');
        expect(refused.raw.blockedBy?.reason).to.match(/^budget "kill": the policy store \(Redis at 127\.0\.0\.1:\d+ \(prefix "kill-test"\)\) is unreachable: .+; spending is refused until it answers$/);
        expect(await tinybarsOf(client, recipient)).to.equal(BigInt(3 + sent) * HBAR);

        await redis.start();
        let recovered = false;
        for (let attempt = 0; attempt < 50 && !recovered; attempt++) {
          const result = await pay();
          recovered = result.raw.status === 'SUCCESS';
          if (!recovered) {
            expect(result.raw.blockedBy?.reason).to.match(/unreachable/);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        expect(recovered, 'a transfer goes out once Redis is back').to.equal(true);
        expect(await tinybarsOf(client, recipient)).to.equal(BigInt(4 + sent) * HBAR);
      } finally {
        await kit.close();
        await store.close();
        client.close();
      }
    });
  });
});
