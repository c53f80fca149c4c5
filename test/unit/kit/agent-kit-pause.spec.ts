import { expect } from 'chai';
import sinon from 'sinon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateKey, type Client } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import { KillSwitch } from '../../../src/policies/kill-switch.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import { auditEntryProblems } from '../../../src/audit/entries/audit-entry.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

class CountingPolicy extends AbstractPolicy {
  override name = 'Counting';
  override relevantTools = ['*'];
  seen = 0;
  protected override shouldBlockPreToolExecution(): boolean {
    this.seen++;
    return false;
  }
}

/** A tool without a toolType counts as moving value (it declares nothing); this one says it only reads. */
class EchoQueryTool extends EchoTool {
  override readonly toolType = 'query' as const;
}

describe('AgentKit pause and unpause', () => {
  const sandbox = sinon.createSandbox();
  let journalDir: string;
  const clients: Client[] = [];
  const track = (client: Client): Client => (clients.push(client), client);

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'kill-switch-kit-'));
  });
  afterEach(() => {
    clients.splice(0).forEach((client) => client.close());
    sandbox.restore();
    rmSync(journalDir, { recursive: true, force: true });
  });

  // A tool named like the core transfer, so it counts as value-moving; echo_tool declares itself a query, so it does not.
  const plugin = () => pluginOf('p', new EchoTool('transfer_hbar_tool'), new EchoQueryTool('echo_tool'));

  describe('when the kit has a kill switch and an audit hook', () => {
    it('blocks value-moving calls before any policy, with who, when and why, and journals pause and resume', async () => {
      const counting = new CountingPolicy();
      const hook = new HcsAuditTrailHook(['*'], '0.0.1001', undefined, { journalDir, agentId: 'agent-7', deliver: false });
      const kit = await createAgentKit({ client: track(offlineClient()), pluginsDir: null, plugins: [plugin()], hooks: [hook, counting], killSwitch: {} });
      expect((await kit.execute('transfer_hbar_tool', { text: 'before' })).raw.status).to.equal('SUCCESS');

      const pause = await kit.pause('unexpected recipients', { by: 'alice' });
      const blocked = await kit.execute('transfer_hbar_tool', { text: 'during' });
      expect(blocked.raw.status).to.equal('ERROR');
      expect(blocked.raw.blockedBy).to.include({ policy: 'Kill Switch', stage: 'preToolExecution' });
      expect(blocked.raw.blockedBy!.reason).to.contain('alice paused every value-moving call at').and.contain(pause.at).and.contain('"unexpected recipients"');
      expect(blocked.humanMessage).to.contain('Kill Switch').and.contain('do not retry');
      const seenWhilePaused = counting.seen;
      expect((await kit.execute('echo_tool', { text: 'a read' })).raw.status).to.equal('SUCCESS');
      expect(counting.seen).to.equal(seenWhilePaused + 1); // the blocked transfer never reached it

      await kit.pause('everything', { scope: 'all', by: 'bob' });
      expect((await kit.execute('echo_tool', { text: 'x' })).raw.blockedBy?.policy).to.equal('Kill Switch');

      const released = await kit.unpause({ by: 'carol' });
      expect(released.lifted).to.include({ by: 'bob', scope: 'all' });
      expect((await kit.execute('transfer_hbar_tool', { text: 'after' })).raw.status).to.equal('SUCCESS');
      await kit.close();

      const entries = readFileSync(join(journalDir, 'hcs-0.0.1001.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line)).filter((record) => record.r === 'entry').map((record) => record.entry);
      const summary = entries.map((entry) => entry.kind ?? `${entry.tool} ${entry.outcome}`);
      expect(summary).to.deep.equal([
        'transfer_hbar_tool executed',
        'pause',
        'transfer_hbar_tool blocked',
        'echo_tool executed',
        'pause',
        'echo_tool blocked',
        'unpause',
        'transfer_hbar_tool executed',
      ]);
      for (const entry of entries) expect(auditEntryProblems(entry), JSON.stringify(entry)).to.deep.equal([]);
      expect(entries[1]).to.include({ kind: 'pause', tool: '*', switch: 'kill-switch', scope: 'value-moving', reason: 'unexpected recipients', by: 'alice', timestamp: pause.at, session: 'agent-7' });
      expect(entries[6]).to.deep.include({ kind: 'unpause', by: 'carol', lifted: { scope: 'all', reason: 'everything', by: 'bob', at: entries[4].timestamp } });
    });

    it('journals no key material an operator pasted into a reason', async () => {
      const key = PrivateKey.generateED25519();
      const hook = new HcsAuditTrailHook(['*'], '0.0.1001', undefined, { journalDir, deliver: false });
      const kit = await createAgentKit({ client: track(offlineClient()), pluginsDir: null, plugins: [plugin()], hooks: [hook], killSwitch: {} });
      await kit.pause(`leaked ${key.toStringDer()}`, { by: 'alice' });
      await kit.close();
      expect(readFileSync(join(journalDir, 'hcs-0.0.1001.jsonl'), 'utf8')).not.to.contain(key.toStringDer());
    });
  });

  describe('when two kits in one process share a KillSwitch', () => {
    it('a pause through one blocks the other at once', async () => {
      const killSwitch = new KillSwitch({ store: new MemoryPolicyStore() });
      const one = await createAgentKit({ client: track(offlineClient()), pluginsDir: null, plugins: [plugin()], killSwitch });
      const two = await createAgentKit({ client: track(offlineClient()), pluginsDir: null, plugins: [plugin()], killSwitch });
      await one.pause('halt', { by: 'alice' });
      expect((await two.execute('transfer_hbar_tool', { text: 'x' })).raw.blockedBy?.policy).to.equal('Kill Switch');
      await one.close();
      // Still watched for the kit that remains.
      expect(two.killSwitch!.state.state).to.equal('paused');
      await two.unpause();
      expect((await two.execute('transfer_hbar_tool', { text: 'x' })).raw.status).to.equal('SUCCESS');
      await two.close();
    });
  });

  describe('when the kit has no kill switch', () => {
    it('installs no guard, and pause says how to configure one', async () => {
      const kit = await createAgentKit({ client: track(offlineClient()), pluginsDir: null, plugins: [plugin()] });
      expect(kit.killSwitch).to.equal(undefined);
      const error = await kit.pause('halt').then(() => undefined, (thrown: Error & { code?: string }) => thrown);
      expect(error?.code).to.equal('E_CONFIG');
      expect(error?.message).to.contain('kit.pause: this kit has no kill switch').and.contain('killSwitch');
      await kit.close();
    });

    it('refuses a bad killSwitch option by name', async () => {
      const error = await createAgentKit({ client: track(offlineClient()), pluginsDir: null, killSwitch: { pollMs: 0 } as never }).then(() => undefined, (thrown: Error) => thrown);
      expect(error?.message).to.contain('killSwitch');
    });
  });
});
