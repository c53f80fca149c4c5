import { expect } from 'chai';
import { createRequire } from 'node:module';
import * as realKitPlugins from '@hashgraph/hedera-agent-kit/plugins';
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
      coreAccountPlugin: ['coreAccountPluginToolNames', entry.coreAccountPluginToolNames],
      coreConsensusPlugin: ['coreConsensusPluginToolNames', entry.coreConsensusPluginToolNames],
      coreTokenPlugin: ['coreTokenPluginToolNames', entry.coreTokenPluginToolNames],
      coreAccountQueryPlugin: ['coreAccountQueryPluginToolNames', entry.coreAccountQueryPluginToolNames],
      coreConsensusQueryPlugin: ['coreConsensusQueryPluginToolNames', entry.coreConsensusQueryPluginToolNames],
      coreTokenQueryPlugin: ['coreTokenQueryPluginToolNames', entry.coreTokenQueryPluginToolNames],
      coreTransactionQueryPlugin: ['coreTransactionQueryPluginToolNames', entry.coreTransactionQueryPluginToolNames],
      coreMiscQueriesPlugin: ['coreMiscQueriesPluginsToolNames', entry.coreMiscQueriesPluginsToolNames],
      coreEVMPlugin: ['coreEVMPluginToolNames', entry.coreEVMPluginToolNames],
      coreEVMQueryPlugin: ['coreEVMQueryPluginToolNames', entry.coreEVMQueryPluginToolNames],
    } as const;
    for (const [pluginName, [groupName, names]] of Object.entries(plugins)) {
      const methods = entry[pluginName as keyof typeof plugins].tools({}).map((tool) => tool.method);
      expect(Object.values(names), pluginName).to.deep.equal(methods);
      // Under that kit's names, in that kit's group, so `coreTokenPluginToolNames.DELETE_NFT_ALLOWANCE_TOOL` carries over.
      const kitGroup = (realKitPlugins as unknown as Record<string, Record<string, string>>)[groupName];
      for (const [constant, method] of Object.entries(names)) {
        expect(kitGroup?.[constant], `${groupName}.${constant}`).to.equal(method);
        expect((entry as unknown as Record<string, unknown>)[constant], constant).to.equal(method);
      }
    }
    expect(entry.TRANSFER_HBAR_TOOL).to.equal('transfer_hbar_tool');
    expect(entry.coreEVMPlugin).to.equal(entry.coreEvmPlugin);
    expect(Object.values(entry.coreQueriesPluginToolNames).sort()).to.deep.equal(entry.coreQueriesPlugin.tools({}).map((tool) => tool.method).sort());
  });
});
