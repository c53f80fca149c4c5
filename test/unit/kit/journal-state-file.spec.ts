import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { RateLimitPolicy } from '../../../src/policies/rate-limit-policy.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

/**
 * A program that journals its calls, restarted: its rate limit and kill switch, built without a
 * store, used to start again from nothing; they now keep their state beside the journal.
 */
describe('a kit with a journal folder and policies built without a store', function () {
  this.timeout(20_000);
  let journalDir: string;
  const clients: Client[] = [];
  const client = (): Client => {
    const made = offlineClient();
    clients.push(made);
    return made;
  };

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'journal-state-'));
  });
  afterEach(() => {
    clients.splice(0).forEach((each) => each.close());
    rmSync(journalDir, { recursive: true, force: true });
  });

  const start = (options: { journal: boolean; policies: object[]; killSwitch?: object }) =>
    createAgentKit({
      client: client(),
      pluginsDir: null,
      plugins: [pluginOf('p', new EchoTool('echo_tool'), new EchoTool('transfer_hbar_tool'))],
      hooks: [...(options.journal ? [new HcsAuditTrailHook(['*'], '0.0.1001', undefined, { journalDir, deliver: false })] : []), ...options.policies],
      ...(options.killSwitch ? { killSwitch: options.killSwitch } : {}),
    });
  const echo = (kit: Awaited<ReturnType<typeof start>>) => kit.execute('echo_tool', { text: 'hi' });
  const twoPerMinute = () => new RateLimitPolicy({ limit: 2, windowMs: 60_000, tools: ['echo_tool'] });

  it('keeps the rate count across a restart, in agent-hooks-state.sqlite beside the journal', async () => {
    const first = await start({ journal: true, policies: [twoPerMinute()] });
    expect((await echo(first)).raw.status).to.equal('SUCCESS');
    expect((await echo(first)).raw.status).to.equal('SUCCESS');
    await first.close();
    expect(existsSync(join(journalDir, 'agent-hooks-state.sqlite'))).to.equal(true);

    const restarted = await start({ journal: true, policies: [twoPerMinute()] });
    const third = await echo(restarted);
    expect(third.raw.errorCode, third.humanMessage).to.equal('E_POLICY_BLOCKED');
    await restarted.close();
  });

  it('keeps two policies that kept the default name apart', async () => {
    const kit = await start({ journal: true, policies: [twoPerMinute(), new RateLimitPolicy({ limit: 3, windowMs: 60_000, tools: ['echo_tool'] })] });
    // Were they one count, the second call would be refused by the first policy (2 counted by each).
    expect((await echo(kit)).raw.status).to.equal('SUCCESS');
    expect((await echo(kit)).raw.status).to.equal('SUCCESS');
    expect((await echo(kit)).raw.errorCode).to.equal('E_POLICY_BLOCKED');
    await kit.close();
  });

  it('keeps a pause across a restart', async () => {
    const first = await start({ journal: true, policies: [], killSwitch: {} });
    await first.pause('incident 9', { by: 'erin' });
    await first.close();
    const restarted = await start({ journal: true, policies: [], killSwitch: {} });
    expect(restarted.killSwitch!.state).to.deep.include({ state: 'paused' });
    expect((await restarted.execute('transfer_hbar_tool', { text: 'hi' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
    await restarted.unpause({ by: 'erin' });
    await restarted.close();
  });

  it('stays in memory without a journal: each kit counts from zero', async () => {
    for (let run = 0; run < 2; run++) {
      const kit = await start({ journal: false, policies: [twoPerMinute()] });
      expect((await echo(kit)).raw.status).to.equal('SUCCESS');
      expect((await echo(kit)).raw.status).to.equal('SUCCESS');
      await kit.close();
    }
    expect(existsSync(join(journalDir, 'agent-hooks-state.sqlite'))).to.equal(false);
  });
  // An operator whose pause was refused follows the hint: it once sent them to set up Redis, though the file is the default.
  it('says, when pause finds no kill switch, to add killSwitch: {}, which a journaling kit keeps in the state file that `agent-hooks pause` reaches', async () => {
    const without = await start({ journal: true, policies: [] });
    const refused = await without.pause('incident').then(() => undefined, (thrown: Error) => thrown);
    await without.close();
    expect(refused?.message).to.contain('createAgentKit({ client, killSwitch: {} })').and.contain('agent-hooks-state.sqlite');
    expect(refused?.message.indexOf('killSwitch: {}'), 'the file before Redis').to.be.below(refused!.message.indexOf('redis://'));

    const kit = await start({ journal: true, policies: [], killSwitch: {} });
    try {
      expect(kit.killSwitch!.storeDescription).to.contain(join(journalDir, 'agent-hooks-state.sqlite'));
      await kit.pause('incident');
      expect((await kit.execute('transfer_hbar_tool', { text: 'x' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
      await kit.unpause();
    } finally {
      await kit.close();
    }
  });
  // Each policy (and the switch) once opened its own connection to the one file: N connections, N sets of handles and locks.
  it('opens the state file once for all of the kit\'s policies and its kill switch', async function () {
    if (process.platform !== 'linux') this.skip(); // reads the process's open files from /proc
    const file = join(journalDir, 'agent-hooks-state.sqlite');
    const openHandles = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false; // closed while listed
      }
    }).length;
    const kit = await start({ journal: true, policies: [twoPerMinute(), new RateLimitPolicy({ limit: 3, windowMs: 60_000, tools: ['echo_tool'] })], killSwitch: {} });
    expect((await echo(kit)).raw.status).to.equal('SUCCESS');
    expect(kit.killSwitch!.storeDescription).to.equal(`SQLite at ${file}`);
    expect(openHandles(), 'two rate limits and the switch, one connection').to.equal(1);
    await kit.close();
  });
});
