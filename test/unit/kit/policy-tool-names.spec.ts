import { expect } from 'chai';
import fc from 'fast-check';
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

  describe('when a policy names a loaded tool in another spelling', () => {
    // Ways an LLM-written or copy-pasted configuration misspells a tool without a typo.
    const spellings: Record<string, (name: string) => string> = {
      camelCase: (name) => name.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase()),
      PascalCase: (name) => name.replace(/(^|_)([a-z])/g, (_m, _sep, letter: string) => letter.toUpperCase()),
      'kebab-case': (name) => name.replace(/_/g, '-'),
      'spaced words': (name) => name.replace(/_/g, ' '),
      'no _tool suffix': (name) => name.replace(/_tool$/, ''),
      'upper case': (name) => name.toUpperCase(),
      'Cyrillic look-alikes': (name) => name.replace(/a/g, '\u0430').replace(/e/g, '\u0435').replace(/o/g, '\u043e'),
      'zero-width space': (name) => name.replace('_', '_\u200b'),
      'zero-width joiner': (name) => `${name.slice(0, 2)}\u200d${name.slice(2)}`,
      'fullwidth letters': (name) => [...name].map((char) => (/[a-z]/.test(char) ? String.fromCodePoint(char.codePointAt(0)! - 0x61 + 0xff41) : char)).join(''),
      'soft hyphen': (name) => name.replace('_', '\u00ad_'),
    };

    it('refuses to start whatever mix of spellings hides the name', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('echo_tool', 'transfer_builder_tool'), fc.subarray(Object.keys(spellings), { minLength: 1 }), async (tool, chosen) => {
          const name = chosen.reduce((current, spelling) => spellings[spelling]!(current), tool);
          fc.pre(name !== tool);
          const error = await make([new RejectToolPolicy([name])]).then(() => undefined, (thrown: Error) => thrown);
          expect(error?.message, `${chosen.join(' + ')}: ${JSON.stringify(name)}`).to.contain(`did you mean "${tool}"`);
        }),
        { numRuns: 150 },
      );
    });

    it('still starts for names that are other tools, not spellings of a loaded one', async () => {
      for (const name of ['echo_tool_v2', 'transfer_hbar_tool', 'delete_echo_tool', 'builder_transfer_tool']) {
        await make([new RejectToolPolicy([name])]);
      }
    });
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
