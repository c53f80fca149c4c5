import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

const CALL = ['call', 'transfer_hbar_tool', '{"transfers":[{"accountId":"0.0.98","amount":1}]}'];

/** util-linux `script` runs a command on a pseudo-terminal: the one way to give the CLI a real TTY here. */
function hasScript(): boolean {
  return process.platform === 'linux' && spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

describe('agent-hooks call with ApprovalPolicy({ approver: "terminal" }) from the configuration', function () {
  this.timeout(60_000);
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-terminal-approval-'));
    writeFileSync(
      path.join(cwd, 'agent-hooks.config.json'),
      JSON.stringify({ policies: [{ policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 0.5 }, approver: 'terminal', timeoutMs: 20000 }] }] }),
    );
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  describe('when standard input is not a terminal', () => {
    it('refuses at once (exit 3) saying there is no terminal, and stdout holds only the JSON result', () => {
      const run = spawnSync(process.execPath, [CLI_MAIN, ...CALL, '--json'], { cwd, env: cleanEnv(), encoding: 'utf8', input: 'y\n', timeout: 30_000 });
      expect(run.status, run.stderr).to.equal(3);
      const result = JSON.parse(run.stdout);
      expect(result.raw.blockedBy.reason).to.contain('there is no terminal (standard input is not a TTY)');
      expect(run.stderr).to.not.contain('[y/N]');
    });
  });

  describe('when it runs in a terminal', () => {
    before(function () {
      if (!hasScript()) {
        // .ci/run installs it: in CI this test must run.
        if (process.env.CI) throw new Error('util-linux `script` is missing, but CI is set and this test must run there.');
        console.log('    (skipped: util-linux `script` is not available to provide a pseudo-terminal)');
        this.skip();
      }
    });

    async function answered(answer: string): Promise<{ code: number | null; output: string }> {
      const command = [process.execPath, CLI_MAIN, ...CALL].map(shellQuote).join(' ');
      const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, env: cleanEnv() });
      let output = '';
      let sent = false;
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (!sent && output.includes('[y/N]')) {
          sent = true;
          child.stdin.write(`${answer}\n`);
        }
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { code, output };
    }

    it('asks, and executes the transfer on "y"', async () => {
      const { code, output } = await answered('y');
      expect(output).to.contain('approval needed for transfer_hbar_tool: 1 HBAR from 0.0.2 to 0.0.98');
      expect(code, output).to.equal(0);
      expect(output).to.contain('transfer_hbar_tool');
    });

    it('refuses on "n" (exit 3), saying the person at the terminal refused', async () => {
      const { code, output } = await answered('n');
      expect(code, output).to.equal(3);
      expect(output).to.contain('the person at the terminal refused');
    });
  });
});
