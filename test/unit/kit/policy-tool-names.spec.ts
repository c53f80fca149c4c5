import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit, type AgentKit } from '../../../src/index.js';
import { MaxRecipientsPolicy, RejectToolPolicy } from '../../../src/policies/index.js';
import { EchoTool, TransferBuilderTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

describe('policy tool names at kit start', () => {
  let client: Client;
  const kits: AgentKit[] = [];
  beforeEach(() => { client = offlineClient(); });
  afterEach(async () => {
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    client.close();
  });
  async function make(hooks: unknown[]): Promise<AgentKit> {
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool(), new TransferBuilderTool())], context: { hooks } });
    kits.push(kit);
    return kit;
  }

  describe('when a policy names a loaded tool with a slip', () => {
    for (const slip of ['echo_tol', 'Echo_Tool', ' echo_tool', 'echo_tools', 'ecxo_tool']) {
      it(`refuses to start for "${slip}", naming the policy and the tool meant`, async () => {
        const error = await make([new RejectToolPolicy([slip])]).then(() => undefined, (thrown: Error) => thrown);
        expect(error?.message).to.contain('"Reject Tool Call"').and.to.contain(`"${slip}"`).and.to.contain('did you mean "echo_tool"');
        expect((error as { code?: string }).code).to.equal('E_INVALID_LISTENER');
      });
    }
  });

  describe('when kit.use adds a policy with a slip', () => {
    it('throws and leaves the tool as it was', async () => {
      const kit = await make([]);
      expect(() => kit.use(new RejectToolPolicy(['echo-tool']))).to.throw(/did you mean "echo_tool"/);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when a policy names tools this kit does not load at all', () => {
    it('starts: the policy may cover another plugin (MaxRecipientsPolicy lists every core transfer tool)', async () => {
      const kit = await make([new MaxRecipientsPolicy(2), new RejectToolPolicy(['delete_account_tool'])]);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when a policy names the loaded tool exactly', () => {
    it('starts and the policy applies', async () => {
      const kit = await make([new RejectToolPolicy(['echo_tool'])]);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
    });
  });
});
