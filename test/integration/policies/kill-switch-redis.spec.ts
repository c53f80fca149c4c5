import { expect } from 'chai';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { KillSwitch } from '../../../src/policies/kill-switch.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';

const CHILD = join(__dirname, 'kill-switch-child.js');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type CallView = { status: string; policy?: string; reason?: string };
type Answer = { transfer: CallView; echo: CallView };

/** One agent process: `call()` makes it run a value-moving call and another, and answers what came back. */
interface Agent {
  call(): Promise<Answer>;
  stop(): Promise<void>;
}

function startAgent(env: Record<string, string>): Promise<Agent> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env } });
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve, reject) => {
    waiting.push(resolve);
    child.once('exit', (code) => reject(new Error(`kill-switch child exited with ${String(code)}: ${err}`)));
  });
  return next().then((ready) => {
    expect(ready).to.equal('ready');
    return {
      call: () => {
        const answer = next();
        child.stdin.write('call\n');
        return answer.then((line) => JSON.parse(line) as Answer);
      },
      stop: () =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.stdin.end();
        }),
    };
  });
}

describe('the kill switch shared on Redis', function () {
  this.timeout(60_000);
  let redis: TestRedis;
  let agents: Agent[] = [];
  let operator: AgentKit | undefined;

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });
  afterEach(async () => {
    await Promise.all(agents.map((agent) => agent.stop()));
    agents = [];
    await operator?.close();
    operator = undefined;
  });

  describe('when one process pauses while three other agent processes run', () => {
    it('blocks their value-moving calls within a second, with who and why, and unpause lets them through again', async () => {
      const name = `fleet-${Date.now()}`;
      const store = { redis: redis.url, prefix: 'kill-test' };
      agents = await Promise.all([1, 2, 3].map(() => startAgent({ SWITCH_REDIS: redis.url, SWITCH_NAME: name })));
      operator = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('p', new EchoTool('echo_tool'))], killSwitch: new KillSwitch({ store, name }) });

      for (const answer of await Promise.all(agents.map((agent) => agent.call()))) expect(answer.transfer.status).to.equal('SUCCESS');

      const pause = await operator.pause('a runaway agent', { by: 'alice' });
      // Each agent reads the switch every 250 ms: a second after the pause, every one of them obeys it.
      await sleep(1_000);
      for (const answer of await Promise.all(agents.map((agent) => agent.call()))) {
        expect(answer.transfer).to.include({ status: 'ERROR', policy: 'Kill Switch' });
        expect(answer.transfer.reason).to.contain(`alice paused every value-moving call at ${pause.at}`).and.contain('"a runaway agent"');
        expect(answer.echo.status).to.equal('SUCCESS');
      }

      await operator.pause('stop everything', { scope: 'all', by: 'bob' });
      await sleep(1_000);
      for (const answer of await Promise.all(agents.map((agent) => agent.call()))) expect(answer.echo).to.include({ status: 'ERROR', policy: 'Kill Switch' });

      await operator.unpause({ by: 'carol' });
      await sleep(1_000);
      for (const answer of await Promise.all(agents.map((agent) => agent.call()))) {
        expect(answer.transfer.status).to.equal('SUCCESS');
        expect(answer.echo.status).to.equal('SUCCESS');
      }
    });
  });

  describe('when Redis goes away under the agents', () => {
    it('fails closed: value-moving calls are refused while the switch cannot be read, and run again once it can', async () => {
      const name = `gone-${Date.now()}`;
      agents = [await startAgent({ SWITCH_REDIS: redis.url, SWITCH_NAME: name })];
      expect((await agents[0]!.call()).transfer.status).to.equal('SUCCESS');
      await redis.kill();
      try {
        await sleep(2_500);
        const answer = await agents[0]!.call();
        expect(answer.transfer).to.include({ status: 'ERROR', policy: 'Kill Switch' });
        expect(answer.transfer.reason).to.contain("the kill switch's state cannot be read from the store (Redis at 127.0.0.1");
        expect(answer.echo.status).to.equal('SUCCESS');
      } finally {
        await redis.start();
      }
      await sleep(2_500);
      expect((await agents[0]!.call()).transfer.status).to.equal('SUCCESS');
    });

    it('keeps the pause it last read in force, for every call it covered, while Redis is gone', async () => {
      const name = `gone-paused-${Date.now()}`;
      agents = [await startAgent({ SWITCH_REDIS: redis.url, SWITCH_NAME: name })];
      operator = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('p', new EchoTool('echo_tool'))], killSwitch: new KillSwitch({ store: { redis: redis.url, prefix: 'kill-test' }, name }) });
      await operator.pause('incident 7', { scope: 'all', by: 'alice' });
      await sleep(1_000);
      expect((await agents[0]!.call()).echo).to.include({ status: 'ERROR', policy: 'Kill Switch' });
      await redis.kill();
      try {
        await sleep(2_500);
        const answer = await agents[0]!.call();
        // Unreadable is not "running": a query under a pause of every call stays refused, saying whose pause holds.
        for (const call of [answer.transfer, answer.echo]) {
          expect(call).to.include({ status: 'ERROR', policy: 'Kill Switch' });
          expect(call.reason).to.contain('the last pause read from it stays in force: alice paused every call').and.contain('"incident 7"');
        }
      } finally {
        await redis.start();
      }
    });
  });
});
