import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../../src/cli/program.js';

const ROOT = resolve(__dirname, '../../../..');

/** Splits a shell line the way sh would for the simple quoting the docs use (words and '…'). */
function shellWords(line: string): string[] {
  return [...line.replace(/\s+#.*$/, '').matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

describe('the agent-hooks examples people copy', function () {
  this.timeout(30_000);
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'agent-hooks-readme-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env: {}, cwd };
    const code = await runCli(argv, io);
    return { code, stdout, stderr };
  }

  describe("when docs/cli.md's `agent-hooks call` line runs as written, with no configuration", () => {
    it('executes on the default network', async () => {
      const line = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8').split('\n').find((text) => text.startsWith('agent-hooks call '));
      expect(line, 'docs/cli.md has an agent-hooks call example').to.be.a('string');
      const run = await cli(shellWords(line!).slice(1));
      expect(run.code, run.stdout + run.stderr).to.equal(ExitCode.OK);
    });
  });

  describe('when the example in `agent-hooks call --help` runs as written', () => {
    it('executes on the default network', async () => {
      const help = await cli(['call', '--help']);
      const line = help.stdout.split('\n').map((text) => text.trim()).find((text) => text.startsWith('agent-hooks call '));
      expect(line, 'call --help shows an example').to.be.a('string');
      const run = await cli(shellWords(line!).slice(1));
      expect(run.code, run.stdout + run.stderr).to.equal(ExitCode.OK);
    });
  });
});
