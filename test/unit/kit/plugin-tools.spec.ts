import { expect } from 'chai';
import { buildPluginTools } from '../../../src/kit/plugin-tools.js';
import type { Context } from '../../../src/lifecycle/context.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

describe('buildPluginTools', () => {
  describe('when every plugin builds its tools', () => {
    it('lists them in plugin order, each with its plugin\'s name, built for the kit\'s context', () => {
      const seen: Context[] = [];
      const first = new EchoTool('first_tool');
      const watching: Plugin = { name: 'watching', tools: (context) => (seen.push(context), [first]) };
      const second = new EchoTool('second_tool');
      const context: Context = { accountId: '0.0.7' };
      const tools = buildPluginTools([{ plugin: watching, source: 'a' }, { plugin: pluginOf('other', second), source: 'b' }], context);
      expect(tools).to.deep.equal([{ tool: first, plugin: 'watching' }, { tool: second, plugin: 'other' }]);
      expect(seen).to.deep.equal([context]);
    });
  });

  describe('when a plugin cannot build its tools', () => {
    it('names the plugin and where it came from when tools() throws', () => {
      const broken: Plugin = { name: 'broken', tools: () => { throw new Error('no config'); } };
      expect(() => buildPluginTools([{ plugin: broken, source: 'plugins[0]' }], {}))
        .to.throw('Plugin "broken" (plugins[0]) failed to build its tools: no config')
        .with.property('code', 'E_PLUGIN_LOAD');
    });

    it('refuses a tools() that returns no array', () => {
      const odd = { name: 'odd', tools: () => ({ echo: new EchoTool() }) } as unknown as Plugin;
      expect(() => buildPluginTools([{ plugin: odd, source: 'dir/odd.js' }], {}))
        .to.throw('Plugin "odd" (dir/odd.js): tools(context) must return an array of tools.')
        .with.property('code', 'E_PLUGIN_INVALID');
    });
  });
});
