import { expect } from 'chai';
import { kitOversight } from '../../../src/console/kit-oversight.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { KillSwitch } from '../../../src/policies/kill-switch.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

describe("the console's oversight over a kit, and the kill switch", () => {
  const kits: AgentKit[] = [];
  const kitWith = async (killSwitch?: KillSwitch): Promise<AgentKit> => {
    const kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('p', new EchoTool('transfer_hbar_tool'), new EchoTool('echo_tool'))], ...(killSwitch ? { killSwitch } : {}) });
    kits.push(kit);
    return kit;
  };
  afterEach(async () => {
    for (const kit of kits.splice(0)) {
      await kit.close();
      kit.client.close();
    }
  });

  describe('when the kit has no kill switch', () => {
    it('refuses a pause, saying how to add one, and shows the agents running with no switch to press', async () => {
      const oversight = kitOversight(await kitWith());
      const refused = await Promise.resolve(oversight.pause('runaway', 'alice')).then(() => undefined, (error: Error) => error.message);
      expect(refused).to.contain('kit.pause: this kit has no kill switch. Create it with createAgentKit({ client, killSwitch:');
      expect(await oversight.state()).to.deep.equal({ paused: false, canPause: false });
    });
  });

  describe("when the kit's switch store stops answering after a pause of every call", () => {
    it('still shows PAUSED, with the pause that holds, since the kit still refuses every call', async () => {
      const memory = new MemoryPolicyStore();
      const cell = memory.switch!('kill-switch');
      let down = false;
      const flaky = Object.assign(Object.create(memory) as MemoryPolicyStore, {
        description: 'a flaky store',
        switch: () => ({ read: () => (down ? Promise.reject(new Error('timed out')) : cell.read()), set: (value: string) => cell.set(value), clear: () => cell.clear() }),
      });
      const killSwitch = new KillSwitch({ store: flaky });
      const kit = await kitWith(killSwitch);
      const oversight = kitOversight(kit);
      await oversight.pause('incident 9', 'alice');
      await kit.pause('incident 9', { scope: 'all', by: 'alice' });
      down = true;
      await killSwitch.refresh();
      expect(await oversight.state()).to.deep.equal({ paused: true, reason: "the kill switch's state cannot be read (timed out), so the last pause read stays in force: incident 9", pausedBy: 'alice' });
      expect((await kit.execute('echo_tool', { text: 'read' })).raw.blockedBy?.policy).to.equal('Kill Switch');
    });
  });
});
