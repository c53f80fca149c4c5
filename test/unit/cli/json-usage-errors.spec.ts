import { expect } from 'chai';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../../src/cli/program.js';

describe('agent-hooks --json on a command line it cannot parse', () => {
  async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env: {}, cwd: process.cwd() };
    const code = await runCli(argv, io);
    return { code, stdout, stderr };
  }

  for (const [what, argv, message] of [
    ['an unknown command', ['fly', '--json'], "unknown command 'fly'"],
    ['a missing argument', ['--json', 'call'], "missing required argument 'tool'"],
    ['an invalid option value', ['devnet', '--grpc-port', 'abc', '--json'], "option '--grpc-port <port>' argument 'abc' is invalid"],
    ['a missing required option', ['pause', '--json'], "required option '-r, --reason <text>' not specified"],
  ] as const) {
    describe(`when given ${what}`, () => {
      it('prints one JSON error document on stdout, as for every other error, and exits 2', async () => {
        const run = await cli(...argv);
        expect(run.code).to.equal(ExitCode.USAGE);
        const document = JSON.parse(run.stdout) as { error: { message: string; code: string } };
        expect(document.error.code).to.equal('E_USAGE');
        expect(document.error.message).to.contain(message);
        expect(document.error.message).to.not.match(/^error: /);
        expect(run.stderr).to.equal('');
      });
    });
  }

  describe('when asking for help with --json', () => {
    it('still prints the help text and exits 0', async () => {
      const run = await cli('call', '--help', '--json');
      expect(run.code).to.equal(ExitCode.OK);
      expect(run.stdout).to.match(/^Usage: agent-hooks call/);
    });
  });
});
