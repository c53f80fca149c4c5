import { expect } from 'chai';
import { createRequire } from 'node:module';
import * as entry from '../../../plugins/_exports.js';
import { CORE_PLUGINS_DIR, loadPlugins } from '../../../src/plugins/plugin-loader.js';

describe('the hedera-agent-hooks/plugins entry', () => {
  it('is what the package name resolves to', () => {
    const required = createRequire(__filename)('hedera-agent-hooks/plugins') as typeof entry;
    expect(required.allCorePlugins.map((plugin) => plugin.name)).to.deep.equal(entry.allCorePlugins.map((plugin) => plugin.name));
  });

  it('offers every core tool exactly once through allCorePlugins, the same tools the plugins folder loads', async () => {
    const fromEntry = entry.allCorePlugins.flatMap((plugin) => plugin.tools({}).map((tool) => tool.method));
    const fromFolder = (await loadPlugins(CORE_PLUGINS_DIR)).flatMap(({ plugin }) => plugin.tools({}).map((tool) => tool.method));
    expect(new Set(fromEntry).size).to.equal(fromEntry.length);
    expect([...fromEntry].sort()).to.deep.equal([...fromFolder].sort());
  });

  it('names each tool by a constant equal to its method, grouped per plugin as the Hedera Agent Kit groups them', () => {
    const plugins = {
      coreAccountPlugin: entry.coreAccountPluginToolNames,
      coreConsensusPlugin: entry.coreConsensusPluginToolNames,
      coreTokenPlugin: entry.coreTokenPluginToolNames,
      coreAccountQueryPlugin: entry.coreAccountQueryPluginToolNames,
      coreConsensusQueryPlugin: entry.coreConsensusQueryPluginToolNames,
      coreTokenQueryPlugin: entry.coreTokenQueryPluginToolNames,
      coreTransactionQueryPlugin: entry.coreTransactionQueryPluginToolNames,
    } as const;
    for (const [pluginName, names] of Object.entries(plugins)) {
      const methods = entry[pluginName as keyof typeof plugins].tools({}).map((tool) => tool.method);
      expect(Object.values(names), pluginName).to.deep.equal(methods);
      for (const [constant, method] of Object.entries(names)) expect(constant).to.equal(method.toUpperCase());
    }
    expect(entry.TRANSFER_HBAR_TOOL).to.equal('transfer_hbar_tool');
    expect(Object.values(entry.coreQueriesPluginToolNames).sort()).to.deep.equal(entry.coreQueriesPlugin.tools({}).map((tool) => tool.method).sort());
  });
});
