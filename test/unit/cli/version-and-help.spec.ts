import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCliIn } from '../../support/cli-run.js';

// Compiled to dist/test/unit/cli: the repository root is four levels up.
const packageJson = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { version: string };

describe('agent-hooks --version and --help', () => {
  const cli = (...argv: string[]) => runCliIn(process.cwd(), {}, ...argv);

  describe('when asked for the version', () => {
    for (const flag of ['--version', '-V']) {
      it(`prints the version from package.json for ${flag} and exits 0`, async () => {
        const run = await cli(flag);
        expect(run.code).to.equal(ExitCode.OK);
        expect(run.stdout).to.equal(`${packageJson.version}\n`);
      });
    }
  });

  describe("when asked for a subcommand's help", () => {
    for (const argv of [['call'], ['tools'], ['demo'], ['devnet'], ['mcp'], ['audit', 'verify']]) {
      it(`lists the global --json, --config and --verbose in \`${argv.join(' ')} --help\``, async () => {
        const run = await cli(...argv, '--help');
        expect(run.code).to.equal(ExitCode.OK);
        expect(run.stdout).to.contain('Global Options:');
        for (const option of ['--json', '-c, --config <path>', '-v, --verbose']) expect(run.stdout, option).to.contain(option);
      });
    }
  });
});
