import { expect } from 'chai';
import sinon from 'sinon';
import { KillSwitch, isKillSwitch } from '../../../src/policies/kill-switch.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import type { PolicyStore, SwitchCell } from '../../../src/policies/state/policy-store.js';

/** A memory store whose switch answers through `cell` (to fail or hold a read). */
function storeWith(cell: SwitchCell): PolicyStore {
  const store = new MemoryPolicyStore();
  return Object.assign(Object.create(store) as PolicyStore, { switch: () => cell, description: 'a test store' });
}

describe('KillSwitch', () => {
  const sandbox = sinon.createSandbox();
  const switches: KillSwitch[] = [];
  const track = (killSwitch: KillSwitch): KillSwitch => (switches.push(killSwitch), killSwitch);
  afterEach(async () => {
    for (const killSwitch of switches.splice(0)) await killSwitch.detach();
    sandbox.restore();
  });

  describe('when given bad options or arguments', () => {
    it('names the field, what was given and what is accepted', async () => {
      expect(() => new KillSwitch({ pollMs: 5_000 })).to.throw("'pollMs' must be a whole number of ms from 50 to 1000");
      expect(() => new KillSwitch({ name: 'a b' })).to.throw("'name' must be 1 to 64 letters");
      expect(() => new KillSwitch({ every: 1 } as never)).to.throw('every');
      expect(() => new KillSwitch({ store: {} as never })).to.throw('store');
      const killSwitch = new KillSwitch();
      const refused = async (promise: Promise<unknown>) => promise.then(() => undefined, (error: Error) => error.message);
      expect(await refused(killSwitch.pause('   '))).to.contain('a reason of 1 to 500 characters, not only spaces');
      expect(await refused(killSwitch.pause('why', { scope: 'some' as never }))).to.contain("one of 'value-moving', 'all'");
      expect(await refused(killSwitch.pause('why', { by: 7 as never }))).to.contain("'by' must be a name of 1 to 200 characters");
      expect(killSwitch.state).to.deep.equal({ state: 'running' });
    });

    it('refuses a store that has no switches, saying which store', () => {
      const store = new MemoryPolicyStore();
      const withoutSwitch = Object.assign(Object.create(store) as PolicyStore, { switch: undefined });
      expect(() => new KillSwitch({ store: withoutSwitch })).to.throw('the store (memory) has no switch(name) method');
    });
  });

  describe('when two switches share a store', () => {
    it('a pause in one reaches the other at its next read, with who, when, why and scope', async () => {
      const store = new MemoryPolicyStore();
      const here = track(new KillSwitch({ store, name: 'fleet' }));
      const there = track(new KillSwitch({ store, name: 'fleet' }));
      const elsewhere = track(new KillSwitch({ store, name: 'other-fleet' }));
      await Promise.all([here.attach(), there.attach(), elsewhere.attach()]);
      const pause = await here.pause('  suspicious transfers  ', { by: 'alice' });
      expect(pause).to.include({ scope: 'value-moving', reason: 'suspicious transfers', by: 'alice' });
      expect(here.state).to.deep.equal({ state: 'paused', pause });
      expect(there.state.state).to.equal('running');
      expect(await there.refresh()).to.deep.equal({ state: 'paused', pause });
      expect(await elsewhere.refresh()).to.deep.equal({ state: 'running' });

      const reason = there.blockReason('transfer_hbar_tool', true)!;
      expect(reason).to.contain('alice paused every value-moving call at').and.contain(pause.at).and.contain('"suspicious transfers"');
      expect(there.blockReason('get_hbar_balance_query_tool', false)).to.equal(undefined);

      await here.pause('stop everything', { scope: 'all', by: 'bob' });
      await there.refresh();
      expect(there.blockReason('get_hbar_balance_query_tool', false)).to.contain('bob paused every call');

      const released = await there.unpause({ by: 'carol' });
      expect(released.by).to.equal('carol');
      expect(released.lifted).to.include({ scope: 'all', by: 'bob', reason: 'stop everything' });
      expect(await here.refresh()).to.deep.equal({ state: 'running' });
      expect((await here.unpause()).lifted).to.equal(undefined);
    });

    it('watches the store on its own, every pollMs', async () => {
      const store = new MemoryPolicyStore();
      const here = track(new KillSwitch({ store, pollMs: 50 }));
      const there = track(new KillSwitch({ store, pollMs: 50 }));
      await there.attach();
      await here.pause('halt', { by: 'alice' });
      const deadline = Date.now() + 2_000;
      while (there.state.state !== 'paused' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(there.state.state).to.equal('paused');
    });
  });

  describe('when the store cannot be read', () => {
    it('is unknown: refuses value-moving calls, saying why, and lets the others run', async () => {
      const cell: SwitchCell = { read: async () => Promise.reject(new Error('connection refused')), set: async () => undefined, clear: async () => undefined };
      const killSwitch = track(new KillSwitch({ store: storeWith(cell) }));
      await killSwitch.attach();
      expect(killSwitch.state).to.deep.equal({ state: 'unknown', problem: 'connection refused' });
      expect(killSwitch.blockReason('transfer_hbar_tool', true)).to.contain("the kill switch's state cannot be read from the store (a test store: connection refused)");
      expect(killSwitch.blockReason('echo_tool', false)).to.equal(undefined);
    });

    it('keeps the last pause it read in force, scope included, until the store answers again', async () => {
      // An attacker who cuts the agents off the store (or a Redis that restarts) must not lift a pause.
      const memory = new MemoryPolicyStore();
      const real = memory.switch!('kill-switch');
      let down = false;
      const cell: SwitchCell = { read: async () => (down ? Promise.reject(new Error('connection refused')) : real.read()), set: (value) => real.set(value), clear: () => real.clear() };
      const operator = track(new KillSwitch({ store: memory }));
      const agent = track(new KillSwitch({ store: storeWith(cell) }));
      await agent.attach();
      const pause = await operator.pause('incident 42', { scope: 'all', by: 'alice' });
      await agent.refresh();
      down = true;
      expect(await agent.refresh()).to.deep.equal({ state: 'unknown', problem: 'connection refused', lastPause: pause });
      const refusal = agent.blockReason('echo_tool', false);
      expect(refusal, 'a call that moves nothing is refused too: the pause was of every call').to.contain("cannot be read from the store (a test store: connection refused), so the last pause read from it stays in force");
      expect(refusal).to.contain('alice paused every call').and.contain('"incident 42"');
      expect(await agent.refresh(), 'a second failed read still remembers it').to.deep.include({ lastPause: pause });
      expect(agent.blockReason('transfer_hbar_tool', true)).to.contain('alice paused every call');

      down = false;
      await operator.unpause({ by: 'bob' });
      expect(await agent.refresh()).to.deep.equal({ state: 'running' });
      expect(agent.blockReason('echo_tool', false)).to.equal(undefined);
    });

    it('treats a record it cannot read as a pause of every call', async () => {
      const cell: SwitchCell = { read: async () => 'not json', set: async () => undefined, clear: async () => undefined };
      const killSwitch = track(new KillSwitch({ store: storeWith(cell) }));
      await killSwitch.attach();
      expect(killSwitch.blockReason('echo_tool', false)).to.contain('cannot read');
    });
  });

  describe('when a read of the store is out while this process pauses', () => {
    it('keeps the pause: the older read does not undo it', async () => {
      let answer!: (value: string | undefined) => void;
      const cell: SwitchCell = { read: () => new Promise((resolve) => (answer = resolve)), set: async () => undefined, clear: async () => undefined };
      const killSwitch = new KillSwitch({ store: storeWith(cell) });
      const reading = killSwitch.refresh();
      await killSwitch.pause('now', { by: 'alice' });
      answer(undefined);
      await reading;
      expect(killSwitch.state.state).to.equal('paused');
    });
  });

  describe('when several kits use one switch', () => {
    it('stops watching and closes its own store only when the last detaches', async () => {
      const killSwitch = new KillSwitch();
      const close = sandbox.spy(MemoryPolicyStore.prototype, 'close');
      await killSwitch.attach();
      await killSwitch.attach();
      await killSwitch.detach();
      expect(close.callCount).to.equal(0);
      await killSwitch.detach();
      expect(close.callCount).to.equal(1);
    });
  });

  it('is recognised by shape', () => {
    expect(isKillSwitch(new KillSwitch())).to.equal(true);
    expect(isKillSwitch({ pause() {} })).to.equal(false);
  });
});
