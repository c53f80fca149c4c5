import { expect } from 'chai';
import path from 'node:path';
import { CORE_MANIFEST } from '../../../plugins/_core-manifest.js';
import { asDrivableTool } from '../../../src/compat/kit-tools.js';
import { factsOf } from '../../../src/kit/tool-facts.js';
import { CORE_PLUGINS_DIR, loadPlugins } from '../../../src/plugins/plugin-loader.js';

/**
 * The manifest repeats what the plugin folders say so that the kit need not import them at start;
 * these checks fail when the two drift apart.
 */
describe('the core plugins manifest', () => {
  describe('when compared with the compiled plugin folders', () => {
    it('names the same plugins, in the order the folder loader reads them', async () => {
      const folders = await loadPlugins(CORE_PLUGINS_DIR);
      expect(CORE_MANIFEST.map((plugin) => plugin.name)).to.deep.equal(folders.map(({ plugin }) => plugin.name));
    });

    it('lists each plugin\'s tools in the order its tools() builds them, each from the class the plugin uses', async () => {
      for (const { plugin } of await loadPlugins(CORE_PLUGINS_DIR)) {
        const entries = CORE_MANIFEST.find((described) => described.name === plugin.name)!.tools;
        const built = plugin.tools({});
        expect(entries.map((entry) => entry.method), plugin.name).to.deep.equal(built.map((tool) => tool.method));
        entries.forEach((entry, at) => {
          const exported = (require(path.join(CORE_PLUGINS_DIR, entry.module)) as Record<string, unknown>)[entry.exportName];
          expect(exported, `${entry.module} ${entry.exportName}`).to.equal(built[at]!.constructor);
        });
      }
    });

    it('declares the facts the start checks read: tool type, moves no value, inner stages, a movements view of its own', async () => {
      for (const { plugin } of await loadPlugins(CORE_PLUGINS_DIR)) {
        const entries = CORE_MANIFEST.find((described) => described.name === plugin.name)!.tools;
        for (const tool of plugin.tools({})) {
          const entry = entries.find((described) => described.method === tool.method)!;
          expect(factsOf(asDrivableTool(tool)!), tool.method).to.deep.equal({
            toolType: entry.toolType,
            offersInnerStages: true,
            ownMovementsView: entry.ownMovementsView === true,
            movesNoValue: entry.movesNoValue === true,
          });
        }
      }
    });

    it('leaves out no hooks or policies: a core plugin carrying any would have to be loaded at start', async () => {
      for (const { plugin } of await loadPlugins(CORE_PLUGINS_DIR)) {
        expect(plugin.hooks ?? [], plugin.name).to.deep.equal([]);
        expect(plugin.policies ?? [], plugin.name).to.deep.equal([]);
      }
    });
  });
});
