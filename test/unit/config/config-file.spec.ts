import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../../src/config/config-error.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { MaxRecipientsPolicy } from '../../../src/policies/max-recipients-policy.js';

async function refusal(options: Parameters<typeof loadConfig>[0]): Promise<ConfigError> {
  const error = await loadConfig(options).then(() => undefined, (thrown: unknown) => thrown);
  expect(error).to.be.instanceOf(ConfigError);
  return error as ConfigError;
}

describe('config files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-config-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);

  describe('when the JSON is malformed', () => {
    for (const [what, text, where, problem] of [
      ['a value missing at the end', '{\n  "network": ', 'line 2, column 14', 'a value is expected, but the file ends'],
      ['a trailing comma', '{\n  "network": "devnet",\n}', 'line 3, column 1', 'a trailing comma before "}"'],
      ['a comment', '{\n  // the network\n  "network": "devnet"\n}', 'line 2, column 3', 'a comment (JSON allows none'],
      ['an unquoted name', '{ network: "devnet" }', 'line 1, column 3', 'unexpected character "n" (property names and strings are in double quotes)'],
      ['single quotes', "{ 'network': 'devnet' }", 'line 1, column 3', 'JSON strings use double quotes'],
      ['an extra brace', '{ "network": "devnet" }}', 'line 1, column 24', 'the document should end here'],
    ] as const) {
      it(`names the line and column of ${what}`, async () => {
        write('agent-hooks.config.json', text);
        const error = await refusal({ cwd: dir });
        expect(error.source).to.equal(path.join(dir, 'agent-hooks.config.json'));
        expect(error.problems).to.have.length(1);
        expect(error.problems[0]).to.match(new RegExp(`^not valid JSON at ${where}: `));
        expect(error.problems[0]).to.contain(problem);
      });
    }
  });

  describe('when a valid JSON file has invalid fields', () => {
    it('gives each problem the line and column of its field', async () => {
      write('agent-hooks.config.json', ['{', '  "network": "moon",', '  "policies": [', '    { "policy": "MaxRecipientsPolicy", "args": [0] }', '  ]', '}'].join('\n'));
      const { problems } = await refusal({ cwd: dir });
      expect(problems).to.include('network (line 2, column 3): one of devnet, local, testnet, mainnet, previewnet');
      expect(problems.find((problem) => problem.startsWith('policies[0].args[0] (line 4, column 49): MaxRecipientsPolicy:'))).to.be.a('string');
    });

    it('gives no place for a field that is missing rather than wrong', async () => {
      write('agent-hooks.config.json', '{ "network": "local" }');
      const { problems } = await refusal({ cwd: dir });
      expect(problems[0]).to.match(/^local: required when network is "local"/);
    });
  });

  describe('when the file is empty', () => {
    it('says so instead of skipping it for the defaults', async () => {
      write('agent-hooks.config.json', '  \n');
      expect((await refusal({ cwd: dir })).problems).to.deep.equal(['the file is empty; write {} for the defaults']);
    });
  });

  describe('when several documented names exist', () => {
    it('reads the first in CONFIG_FILE_NAMES order', async () => {
      write('agent-hooks.config.mjs', 'export default { mode: "returnBytes" };\n');
      write('agent-hooks.config.json', '{ "mode": "autonomous" }');
      expect((await loadConfig({ cwd: dir })).config.mode).to.equal('autonomous');
    });
  });

  describe('when the only config file is in a parent folder', () => {
    it('is not picked up: a command started elsewhere must not load code found further up', async () => {
      write('agent-hooks.config.json', '{ "mode": "returnBytes" }');
      const below = path.join(dir, 'below');
      mkdirSync(below);
      const loaded = await loadConfig({ cwd: below });
      expect(loaded.source).to.equal('(defaults)');
      expect(loaded.baseDir).to.equal(below);
    });
  });

  describe('when an .mjs config uses defineConfig', () => {
    it('loads it and resolves its relative paths from its folder', async () => {
      const configModule = require.resolve('../../../src/config/index.js');
      const policies = require.resolve('../../../src/policies/index.js');
      const sub = path.join(dir, 'conf');
      mkdirSync(sub);
      writeFileSync(
        path.join(sub, 'agent-hooks.config.mjs'),
        [
          `import { defineConfig } from ${JSON.stringify(configModule)};`,
          `import { MaxRecipientsPolicy } from ${JSON.stringify(policies)};`,
          "export default defineConfig({ mode: 'returnBytes', plugins: ['./mine'], policies: [new MaxRecipientsPolicy(3)] });",
        ].join('\n'),
      );
      const loaded = await loadConfig({ cwd: dir, path: 'conf/agent-hooks.config.mjs' });
      expect(loaded.config.mode).to.equal('returnBytes');
      expect(loaded.baseDir).to.equal(sub);
      expect(loaded.listeners[0]).to.be.instanceOf(MaxRecipientsPolicy);
    });
  });

  describe('when the config is TypeScript', () => {
    // Node strips types from 22.18 (and 23.6) on; before that, the error must say what to do.
    const stripsTypes = Boolean((process.features as { typescript?: unknown }).typescript);
    it(stripsTypes ? 'loads it' : 'says this Node cannot load it and what to use instead', async () => {
      write('agent-hooks.config.ts', 'const mode: string = "returnBytes";\nexport default { mode };\n');
      if (stripsTypes) {
        expect((await loadConfig({ cwd: dir })).config.mode).to.equal('returnBytes');
      } else {
        const { problems } = await refusal({ cwd: dir });
        expect(problems[0]).to.contain(`Node.js ${process.version} cannot load TypeScript`).and.to.contain('agent-hooks.config.mjs');
      }
    });
  });

  describe('when --config names an unsupported file type', () => {
    it('lists the accepted ones', async () => {
      write('agent-hooks.yaml', 'network: devnet\n');
      const { problems } = await refusal({ cwd: dir, path: 'agent-hooks.yaml' });
      expect(problems[0]).to.equal('unsupported file type ".yaml"; use .json, .js, .cjs, .mjs, .ts, .mts, .cts');
    });
  });
});
