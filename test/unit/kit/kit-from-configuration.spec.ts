import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { AbstractHook } from '../../../src/listeners/abstract-hook.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { agentKitFromConfiguration, type KitConfiguration } from '../../../src/kit/kit-from-configuration.js';
import type { Context } from '../../../src/lifecycle/context.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import { RejectToolPolicy } from '../../../src/policies/reject-tool-policy.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

describe('agentKitFromConfiguration', () => {
  let client: Client;
  const kits: AgentKit[] = [];
  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(async () => {
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    client.close();
  });

  const echoPlugin = () => pluginOf('echo-plugin', new EchoTool('echo_tool'), new EchoTool('shout_tool'));
  function make(configuration: KitConfiguration): AgentKit {
    const kit = agentKitFromConfiguration({ client, configuration });
    kits.push(kit);
    return kit;
  }

  describe('when the configuration is valid', () => {
    it('offers the tools of the given plugins only, read from no plugins folder', async () => {
      const kit = make({ plugins: [echoPlugin()] });
      expect(kit.listTools().map((tool) => [tool.method, tool.plugin])).to.deep.equal([['echo_tool', 'echo-plugin'], ['shout_tool', 'echo-plugin']]);
      expect((await kit.execute('echo_tool', { text: 'hi' })).raw).to.deep.include({ status: 'SUCCESS', data: { echoed: 'hi', amount: 1 } });
    });

    it('offers no tools without plugins', () => {
      expect(make({}).listTools()).to.deep.equal([]);
    });

    it('keeps only configuration.tools, and all tools when that list is empty, as the Hedera Agent Kit does', () => {
      expect(make({ plugins: [echoPlugin()], tools: ['shout_tool'] }).listTools().map((tool) => tool.method)).to.deep.equal(['shout_tool']);
      expect(make({ plugins: [echoPlugin()], tools: [] }).listTools()).to.have.length(2);
    });

    it('builds the tools for the context, in AUTONOMOUS mode unless it names one', () => {
      const seen: Context[] = [];
      const watching: Plugin = { name: 'watching', tools: (context) => (seen.push(context), [new EchoTool()]) };
      make({ plugins: [watching], context: { accountId: '0.0.7' } });
      make({ plugins: [watching], context: { mode: AgentMode.RETURN_BYTES } });
      expect(seen.map(({ accountId, mode }) => ({ accountId, mode }))).to.deep.equal([
        { accountId: '0.0.7', mode: AgentMode.AUTONOMOUS },
        { accountId: undefined, mode: AgentMode.RETURN_BYTES },
      ]);
    });

    it('runs the context\'s hooks, then each plugin\'s hooks and policies', async () => {
      const order: string[] = [];
      class Marker extends AbstractHook {
        override relevantTools = ['*'];
        constructor(private readonly label: string) {
          super();
        }
        override async preToolExecutionHook() {
          order.push(this.label);
        }
      }
      const plugin = { ...echoPlugin(), hooks: [new Marker('plugin hook')], policies: [new RejectToolPolicy(['shout_tool'])] };
      const kit = make({ plugins: [plugin], context: { hooks: [new Marker('context hook')] } });
      await kit.execute('echo_tool', { text: 'a' });
      expect(order).to.deep.equal(['context hook', 'plugin hook']);
      expect((await kit.execute('shout_tool', { text: 'a' })).raw.blockedBy).to.deep.include({ policy: 'Reject Tool Call' });
    });
  });

  describe('when a field is wrong', () => {
    const cases: { when: string; options: () => unknown; message: RegExp }[] = [
      { when: 'there are no options', options: () => undefined, message: /expected an object \{ client, configuration \}, got undefined/ },
      { when: 'the client is no SDK Client', options: () => ({ client: { ping() {} }, configuration: {} }), message: /'client' must be a Hedera SDK Client .*, got a plain object/ },
      { when: 'the configuration is missing', options: () => ({ client }), message: /'configuration' is required: an object \{ plugins, tools, context \}/ },
      { when: 'plugins is no array', options: () => ({ client, configuration: { plugins: echoPlugin() } }), message: /'configuration\.plugins' must be an array of plugins, got a plain object/ },
      { when: 'tools is no array', options: () => ({ client, configuration: { tools: 'echo_tool' } }), message: /'configuration\.tools' must be an array of tool names, got "echo_tool"/ },
      { when: 'a tool name is no string', options: () => ({ client, configuration: { tools: ['echo_tool', 7] } }), message: /'configuration\.tools\[1\]' must be a tool name, got 7/ },
      { when: 'the context is an array', options: () => ({ client, configuration: { context: [] } }), message: /'configuration\.context' must be an object.*, got an array/ },
      { when: 'context.hooks is no array', options: () => ({ client, configuration: { context: { hooks: new RejectToolPolicy(['echo_tool']) } } }), message: /'configuration\.context\.hooks' must be an array of hooks and policies, got an instance of RejectToolPolicy/ },
      { when: 'context.mode is no mode', options: () => ({ client, configuration: { context: { mode: 'yolo' } } }), message: /'configuration\.context\.mode' must be one of autonomous, returnBytes.*, got "yolo"/ },
      {
        when: 'a tool name matches no tool of the plugins',
        options: () => ({ client, configuration: { plugins: [echoPlugin()], tools: ['echo_tol'] } }),
        message: /configuration\.tools names tool\(s\) no plugin given defines: "echo_tol" \(closest: echo_tool, shout_tool\)\. The plugins define: echo_tool, shout_tool\./,
      },
    ];
    for (const { when, options, message } of cases) {
      it(`refuses it when ${when}, naming the field`, () => {
        expect(() => agentKitFromConfiguration(options() as never))
          .to.throw(message)
          .with.property('code', 'E_INVALID_ARGUMENT');
      });
    }

    it('refuses a plugin that breaks the plugin contract, naming where it sits', () => {
      expect(() => make({ plugins: [echoPlugin(), { name: 'bad plugin!', tools: [] } as never] }))
        .to.throw(/Plugin configuration\.plugins\[1\] \("bad plugin!"\) does not match the plugin contract: name: .*; tools: /)
        .with.property('code', 'E_PLUGIN_INVALID');
    });
  });
});
