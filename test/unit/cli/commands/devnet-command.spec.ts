import { expect } from 'chai';
import type { CliIo } from '../../../../src/cli/cli-io.js';
import { ExitCode } from '../../../../src/cli/exit-codes.js';
import { runCli } from '../../../../src/cli/program.js';

describe('agent-hooks devnet --exchange-rate', () => {
  async function cli(...argv: string[]): Promise<{ code: number; stdout: string }> {
    let stdout = '';
    const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stdout += text), env: {}, cwd: process.cwd() };
    return { code: await runCli(argv, io), stdout };
  }

  for (const value of ['12', '0:12', '1:0', '1.5:12', '1:2147483648', 'ten:cents']) {
    describe(`when given ${JSON.stringify(value)}`, () => {
      it('refuses it before starting anything, saying what is accepted', async () => {
        const run = await cli('devnet', '--exchange-rate', value, '--grpc-port', '0', '--mirror-port', '0', '--mirror-grpc-port', '0', '--json');
        expect(run.code).to.equal(ExitCode.USAGE);
        const document = JSON.parse(run.stdout) as { error: { message: string } };
        expect(document.error.message).to.contain(`'--exchange-rate <hbar:cents>' argument '${value}' is invalid`).and.contain('expected HBAR:US cents');
      });
    });
  }
});
