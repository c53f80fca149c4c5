import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KillSwitch } from '../../../src/policies/kill-switch.js';
import { runCliIn } from '../../support/cli-run.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';

describe('agent-hooks pause and unpause', function () {
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

        // "resume" is an approval's verb (kit.resume(id)), not the switch's: an operator who types it turns nothing off.
        const wrongVerb = await runCliIn(cwd, env, 'resume', '--by', 'bob');
        expect(wrongVerb.code).to.not.equal(0);
        expect(wrongVerb.stderr).to.contain("unknown command 'resume'");
        expect((await agent.refresh()).state, 'still paused').to.equal('paused');

        const unpaused = await runCliIn(cwd, env, 'unpause', '--by', 'bob', '--json');
        expect(unpaused.code, unpaused.stderr).to.equal(0);
        const document = JSON.parse(unpaused.stdout) as { paused: boolean; by: string; lifted: Record<string, string> };
        expect(document).to.include({ paused: false, by: 'bob' });
        expect(document.lifted).to.include({ scope: 'all', reason: 'incident 7', by: 'alice' });
        expect(await agent.refresh()).to.deep.equal({ state: 'running' });

        await runCliIn(cwd, env, 'pause', '--reason', 'incident 8', '--by', 'carol');
        const said = await runCliIn(cwd, env, 'unpause', '--by', 'dave');
        expect(said.code, said.stderr).to.equal(0);
        expect(said.stdout).to.contain('unpaused by dave').and.contain('lifting the pause by carol').and.contain('"incident 8"');
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
        const unpaused = await runCliIn(cwd, env, 'unpause', '--by', 'dave');
        expect(unpaused.code, unpaused.stderr).to.equal(0);
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
      // The fix it names first is the default file, not a Redis server the operator may not have.
      expect(none.stderr).to.contain('killSwitch: the configuration has no kill switch to turn; add "killSwitch": {}, kept in the state file beside the journal (agent-hooks-state.sqlite)');
      configure({ network: 'devnet', killSwitch: { store: 'memory' } });
      const memory = await runCliIn(cwd, env, 'unpause');
      expect(memory.code).to.equal(2);
      expect(memory.stderr).to.contain('killSwitch.store: a switch in memory lives in one process').and.contain('leave "store" out to use the state file beside the journal');
      const noReason = await runCliIn(cwd, env, 'pause');
      expect(noReason.code).to.equal(2);
      expect(noReason.stderr).to.contain("required option '-r, --reason <text>' not specified");
    });
  });
});
