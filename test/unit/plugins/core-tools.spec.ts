import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sinon from 'sinon';
import { coreTools } from '../../../src/plugins/core-tools.js';

const SRC = path.resolve(__dirname, '../../../src/index.js');
const ZOD = require.resolve('zod');

/** A CommonJS tool module exporting `exportName`, a BaseTool of this build with the given method and type. */
function toolModule(exportName: string, method: string, base: 'BaseQueryTool' | 'BaseTransactionTool'): string {
  return `const { ${base} } = require(${JSON.stringify(SRC)});
const { z } = require(${JSON.stringify(ZOD)});
class ${exportName} extends ${base} {
  constructor() { super(); this.method = '${method}'; this.name = '${exportName}'; this.description = 'd'; this.parameters = z.object({}).strict(); }
  normalizeParams(p) { return p; }
  coreAction() { return {}; }
}
exports.${exportName} = ${exportName};
`;
}

const MANIFEST = [
  {
    name: 'demo',
    tools: [
      { method: 'read_tool', module: 'demo/read-tool.js', exportName: 'ReadTool', toolType: 'query' },
      { method: 'write_tool', module: 'demo/write-tool.js', exportName: 'WriteTool', toolType: 'transaction', movesNoValue: true },
    ],
  },
];

function errorOf(run: () => unknown): Error & { code?: string } {
  try {
    run();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected it to throw');
}

describe('coreTools', () => {
  const sandbox = sinon.createSandbox();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'core-tools-'));
    mkdirSync(path.join(dir, 'demo'));
  });
  afterEach(() => {
    sandbox.restore();
    rmSync(dir, { recursive: true, force: true });
  });
  function write(manifest: unknown = MANIFEST): void {
    writeFileSync(path.join(dir, '_core-manifest.js'), `exports.CORE_MANIFEST = ${JSON.stringify(manifest)};\n`);
    writeFileSync(path.join(dir, 'demo', 'read-tool.js'), toolModule('ReadTool', 'read_tool', 'BaseQueryTool'));
    writeFileSync(path.join(dir, 'demo', 'write-tool.js'), toolModule('WriteTool', 'write_tool', 'BaseTransactionTool'));
  }

  describe('when the folder does not exist', () => {
    it('has no tools, as the folder loader found none there', async () => {
      expect(await coreTools(path.join(dir, 'missing'))).to.deep.equal([]);
    });
  });

  describe('when the manifest is valid', () => {
    it('describes each tool from the manifest without importing its module', async () => {
      write();
      const tools = await coreTools(dir);
      expect(tools.map(({ method, plugin, toolType, movesNoValue }) => ({ method, plugin, toolType, movesNoValue }))).to.deep.equal([
        { method: 'read_tool', plugin: 'demo', toolType: 'query', movesNoValue: false },
        { method: 'write_tool', plugin: 'demo', toolType: 'transaction', movesNoValue: true },
      ]);
      expect(require.cache[path.join(dir, 'demo', 'read-tool.js')]).to.equal(undefined);
      expect(require.cache[path.join(dir, 'demo', 'write-tool.js')]).to.equal(undefined);
    });

    it('imports a tool module on build(), and only that one, with a new instance per build', async () => {
      write();
      const [read] = await coreTools(dir);
      const first = read!.build() as { method: string };
      expect(first.method).to.equal('read_tool');
      expect(read!.build()).to.not.equal(first);
      expect(require.cache[path.join(dir, 'demo', 'read-tool.js')]).to.not.equal(undefined);
      expect(require.cache[path.join(dir, 'demo', 'write-tool.js')]).to.equal(undefined);
    });

    it('fails a build whose module does not load, naming the plugin, the tool and the file', async () => {
      write();
      writeFileSync(path.join(dir, 'demo', 'read-tool.js'), 'throw new Error("broken on purpose");\n');
      const [read] = await coreTools(dir);
      const error = errorOf(() => read!.build());
      expect(error.code).to.equal('E_PLUGIN_LOAD');
      expect(error.message).to.contain('Core plugin "demo"').and.to.contain('"read_tool"').and.to.contain(path.join(dir, 'demo', 'read-tool.js')).and.to.contain('broken on purpose');
    });

    it('fails a build whose module lacks the class the manifest names', async () => {
      write([{ name: 'demo', tools: [{ ...MANIFEST[0]!.tools[0]!, exportName: 'ReedTool' }] }]);
      const [read] = await coreTools(dir);
      const error = errorOf(() => read!.build());
      expect(error.code).to.equal('E_PLUGIN_INVALID');
      expect(error.message).to.contain('no class "ReedTool"').and.to.contain('"read_tool"');
    });
  });

  describe('when the manifest is missing or malformed', () => {
    it('refuses a folder without a manifest, naming the file it looked for', async () => {
      const error = await coreTools(dir).then(() => undefined, (thrown: Error & { code?: string }) => thrown);
      expect(error?.code).to.equal('E_PLUGIN_LOAD');
      expect(error?.message).to.contain(path.join(dir, '_core-manifest.js'));
    });

    for (const [label, manifest, problem] of [
      ['no array', { name: 'demo' }, 'no CORE_MANIFEST array'],
      ['a plugin without tools', [{ name: 'demo' }], '[0] needs a name and a tools array'],
      ['a tool without a toolType', [{ name: 'demo', tools: [{ method: 'a', module: 'a.js', exportName: 'A' }] }], '[0].tools[0] needs method, module, exportName and a toolType'],
    ] as const) {
      it(`refuses ${label}, naming the file and the entry`, async () => {
        write(manifest);
        const error = await coreTools(dir).then(() => undefined, (thrown: Error & { code?: string }) => thrown);
        expect(error?.code).to.equal('E_PLUGIN_INVALID');
        expect(error?.message).to.contain(path.join(dir, '_core-manifest.js')).and.to.contain(problem);
      });
    }
  });

  describe('when require() cannot load ES modules (require(esm) switched off)', () => {
    function refusingRequire() {
      return sandbox.spy((file: string): unknown => {
        throw Object.assign(new Error(`require() of ES Module ${file} not supported.`), { code: 'ERR_REQUIRE_ESM' });
      });
    }

    it('imports the manifest and every tool module up front, so build() still returns a tool synchronously', async () => {
      write();
      const requireSync = refusingRequire();
      const tools = await coreTools(dir, requireSync);
      expect(tools.map((tool) => (tool.build() as { method: string }).method)).to.deep.equal(['read_tool', 'write_tool']);
      expect(requireSync.callCount).to.equal(1);
    });

    it('fails the build of a tool whose module did not import, naming it, and builds the others', async () => {
      write();
      writeFileSync(path.join(dir, 'demo', 'write-tool.js'), 'throw new Error("broken on purpose");\n');
      const [read, broken] = await coreTools(dir, refusingRequire());
      expect((read!.build() as { method: string }).method).to.equal('read_tool');
      const error = errorOf(() => broken!.build());
      expect(error.code).to.equal('E_PLUGIN_LOAD');
      expect(error.message).to.contain('"write_tool"').and.to.contain('broken on purpose');
    });
  });

  describe('when require() loads a second copy of the package\'s modules (tsx\'s require hook)', () => {
    /** A require that, like tsx's hook, makes a new module instance of every file it is asked for. */
    function copyingRequire() {
      return sandbox.spy((file: string): unknown => {
        const first = require.cache[file];
        delete require.cache[file];
        try {
          return require(file);
        } finally {
          if (first) require.cache[file] = first;
          else delete require.cache[file];
        }
      });
    }

    it('loads no tool through it: every module is imported up front, and build() still returns a tool synchronously', async () => {
      write();
      const requireSync = copyingRequire();
      const tools = await coreTools(dir, requireSync);
      expect(tools.map((tool) => (tool.build() as { method: string }).method)).to.deep.equal(['read_tool', 'write_tool']);
      // Asked once, for the probe that showed it copies; never for the manifest or a tool.
      expect(requireSync.callCount).to.equal(1);
      expect(requireSync.firstCall.args[0]).to.match(/module-copy-probe\.js$/);
    });
  });
});
