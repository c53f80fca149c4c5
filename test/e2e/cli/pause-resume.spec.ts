import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KillSwitch } from '../../../src/policies/kill-switch.js';
import { runCliIn } from '../../support/cli-run.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';

describe('agent-hooks pause and resume', function () {
  this.timeout(120_000);
  let redis: TestRedis;
  let cwd: string;
  const env = { PATH: process.env.PATH };

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'pause-cli-'));
  });
  afterEach(() => {
    rmSync(cwd, { recursive: true, force: true });
  });

  const configure = (config: object) => writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify(config));

  describe("when the configuration's kill switch is on Redis", () => {
    it('turns the switch every agent on that store watches on, with --all, --by and the reason, and off again', async () => {
      const store = { redis: redis.url, prefix: 'cli-test' };
      configure({ network: 'devnet', killSwitch: { store, name: 'fleet' } });
      const agent = new KillSwitch({ store, name: 'fleet' });
      await agent.attach();
      try {
        const paused = await runCliIn(cwd, env, 'pause', '--reason', 'incident 7', '--all', '--by', 'alice', '--json');
        expect(paused.code, paused.stderr).to.equal(0);
        expect(JSON.parse(paused.stdout)).to.include({ paused: true, scope: 'all', reason: 'incident 7', by: 'alice', switch: 'fleet' });
        const seen = await agent.refresh();
        expect(seen.state === 'paused' && seen.pause).to.include({ scope: 'all', reason: 'incident 7', by: 'alice' });

        const resumed = await runCliIn(cwd, env, 'resume', '--by', 'bob');
        expect(resumed.code, resumed.stderr).to.equal(0);
        expect(resumed.stdout).to.contain('resumed by bob').and.contain('lifting the pause by alice').and.contain('"incident 7"');
        expect(await agent.refresh()).to.deep.equal({ state: 'running' });
      } finally {
        await agent.detach();
      }
    });
  });

  describe('when the configuration names a kill switch without a store', () => {
    it('turns the switch in the state file beside the journal, which every agent started from the file watches', async () => {
      configure({ network: 'devnet', killSwitch: {} });
      const agent = new KillSwitch({ store: { sqlite: join(cwd, '.agent-hooks', 'audit', 'agent-hooks-state.sqlite') } });
      await agent.attach();
      try {
        const paused = await runCliIn(cwd, env, 'pause', '--reason', 'incident 8', '--by', 'carol');
        expect(paused.code, paused.stderr).to.equal(0);
        expect(paused.stdout).to.contain('agent-hooks-state.sqlite');
        const seen = await agent.refresh();
        expect(seen.state === 'paused' && seen.pause).to.include({ reason: 'incident 8', by: 'carol' });
        const resumed = await runCliIn(cwd, env, 'resume', '--by', 'dave');
        expect(resumed.code, resumed.stderr).to.equal(0);
        expect(await agent.refresh()).to.deep.equal({ state: 'running' });
      } finally {
        await agent.detach();
      }
    });
  });

  describe('when the configuration has no kill switch, or one only in memory', () => {
    it('refuses with a configuration error saying what to add, before opening any network', async () => {
      configure({ network: 'devnet' });
      const none = await runCliIn(cwd, env, 'pause', '--reason', 'x');
      expect(none.code).to.equal(2);
      expect(none.stderr).to.contain('killSwitch: the configuration has no kill switch to turn; add "killSwitch"');
      configure({ network: 'devnet', killSwitch: { store: 'memory' } });
      const memory = await runCliIn(cwd, env, 'resume');
      expect(memory.code).to.equal(2);
      expect(memory.stderr).to.contain('killSwitch.store: a switch in memory lives in one process');
      const noReason = await runCliIn(cwd, env, 'pause');
      expect(noReason.code).to.equal(2);
      expect(noReason.stderr).to.contain("required option '-r, --reason <text>' not specified");
    });
  });
});
