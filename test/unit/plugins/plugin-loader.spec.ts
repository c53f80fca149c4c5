import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit, loadPlugins } from '../../../src/index.js';
import { offlineClient } from '../../support/offline-client.js';

const SRC = path.resolve(__dirname, '../../../src/index.js');
const ZOD = require.resolve('zod');

/** A plugin module's source; the tool is built from the real BaseTool of this build. */
function pluginSource(name: string, method: string, style: 'cjs-default' | 'cjs-module' | 'esm-default'): string {
  const tool = `class T extends BaseTool {
    constructor() { super(); this.method = '${method}'; this.name = 'T'; this.description = 'd';
      this.parameters = z.object({}).strict(); }
    normalizeParams(p) { return p; }
    coreAction() { return { from: '${name}' }; }
  }`;
  if (style === 'esm-default') {
    return `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { BaseTool } = require(${JSON.stringify(SRC)});
const { z } = require(${JSON.stringify(ZOD)});
${tool}
export default { name: '${name}', tools: () => [new T()] };
`;
  }
  const exported = style === 'cjs-default' ? `exports.__esModule = true; exports.default = plugin;` : `module.exports = plugin;`;
  return `const { BaseTool } = require(${JSON.stringify(SRC)});
const { z } = require(${JSON.stringify(ZOD)});
${tool}
const plugin = { name: '${name}', tools: () => [new T()] };
${exported}
`;
}

describe('loadPlugins', () => {
  let dir: string;
  let client: Client;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'plugins-'));
    client = offlineClient();
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    client.close();
  });

  describe('when the folder holds every accepted form', () => {
    it('loads subfolder index modules and single .js/.cjs/.mjs files, default export or module itself', async () => {
      mkdirSync(path.join(dir, 'folder-plugin'));
      writeFileSync(path.join(dir, 'folder-plugin', 'index.js'), pluginSource('folder-plugin', 'folder_tool', 'cjs-default'));
      writeFileSync(path.join(dir, 'single.cjs'), pluginSource('single', 'single_tool', 'cjs-module'));
      writeFileSync(path.join(dir, 'modern.mjs'), pluginSource('modern', 'modern_tool', 'esm-default'));
      mkdirSync(path.join(dir, '_shared'));
      writeFileSync(path.join(dir, '_shared', 'helper.js'), 'throw new Error("helpers are not plugins")');
      writeFileSync(path.join(dir, 'README.md'), '# not a plugin');

      const loaded = await loadPlugins(dir);
      expect(loaded.map(({ plugin }) => plugin.name)).to.deep.equal(['folder-plugin', 'modern', 'single']);

      const kit = await createAgentKit({ client, pluginsDir: dir });
      expect(kit.listTools().map((tool) => tool.method).sort()).to.deep.equal(['folder_tool', 'modern_tool', 'single_tool']);
      expect((await kit.execute('modern_tool', {})).raw.data).to.deep.equal({ from: 'modern' });
      await kit.close();
    });
  });

  describe('when a plugin is broken', () => {
    it('stops start-up naming the plugin file when it fails to import', async () => {
      writeFileSync(path.join(dir, 'broken.js'), 'throw new Error("missing dependency foo")');
      let error: unknown;
      await loadPlugins(dir).catch((caught) => (error = caught));
      expect(String(error)).to.match(/Plugin .*broken\.js failed to load: missing dependency foo/);
    });

    it('stops start-up naming the field when the plugin does not match the contract', async () => {
      writeFileSync(path.join(dir, 'bad.js'), 'module.exports = { name: "bad", tools: [] };');
      let error: unknown;
      await loadPlugins(dir).catch((caught) => (error = caught));
      expect(String(error)).to.match(/Plugin .*bad\.js does not match the plugin contract: tools: a function \(context\) => tools\[\]/);
    });

    it('refuses a subfolder without an index module', async () => {
      mkdirSync(path.join(dir, 'half-done'));
      let error: unknown;
      await loadPlugins(dir).catch((caught) => (error = caught));
      expect(String(error)).to.match(/half-done has no index\.js, index\.cjs or index\.mjs/);
    });

    it('refuses a tool with an invalid shape, naming the plugin', async () => {
      writeFileSync(path.join(dir, 'odd.js'), 'module.exports = { name: "odd", tools: () => [{ method: "Bad Name" }] };');
      let error: unknown;
      await createAgentKit({ client, pluginsDir: dir }).catch((caught) => (error = caught));
      expect(String(error)).to.match(/Plugin "odd" returned an invalid tool: method: snake_case/);
    });

    it('refuses a plugin that shadows another plugin tool', async () => {
      writeFileSync(path.join(dir, 'a.js'), pluginSource('a', 'same_tool', 'cjs-module'));
      writeFileSync(path.join(dir, 'b.js'), pluginSource('b', 'same_tool', 'cjs-module'));
      let error: unknown;
      await createAgentKit({ client, pluginsDir: dir }).catch((caught) => (error = caught));
      expect(String(error)).to.match(/Plugin "b" defines tool "same_tool", which plugin "a" already defines/);
    });
  });
});
