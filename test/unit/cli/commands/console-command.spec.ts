import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliIn } from '../../../support/cli-run.js';

const MAIN = join(__dirname, '..', '..', '..', '..', 'src', 'cli', 'main.js');

/** `agent-hooks console` as an operator starts it, until it prints the address it serves. */
function startCli(cwd: string, env: NodeJS.ProcessEnv, ...argv: string[]): Promise<{ child: ChildProcess; printed: string }> {
  const child = spawn(process.execPath, [MAIN, ...argv], { cwd, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (/agent-hooks console: .*\n/.test(err)) resolve({ child, printed: err });
    });
    child.once('exit', (code) => reject(new Error(`agent-hooks console exited with ${String(code)}: ${err}`)));
  });
}

describe('agent-hooks console', () => {
  let cwd: string;
  beforeEach(() => (cwd = mkdtempSync(join(tmpdir(), 'console-cli-'))));
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  describe('when asked to listen beyond loopback without AGENT_HOOKS_CONSOLE_TOKEN', () => {
    it('refuses to start (exit 2) and says what to do', async () => {
      const run = await runCliIn(cwd, {}, 'console', '--host', '0.0.0.0', '--port', '0');
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain('startConsole: listening on an address other machines can reach needs a token');
    });
  });

  describe('when --mirror comes without --topic', () => {
    it('is a usage error naming both', async () => {
      const run = await runCliIn(cwd, {}, 'console', '--mirror', 'http://127.0.0.1:5551');
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain('--mirror and --topic go together');
    });
  });

  describe('with one token per approver', function () {
    this.timeout(20_000);
    const tokens = { alice: 'alice-secret-token-0123456789', bob: 'bob-secret-token-9876543210' };
    let child: ChildProcess | undefined;
    afterEach(() => void child?.kill('SIGTERM'));

    const status = async (url: string, token: string): Promise<number> => (await fetch(`${url}api/oversight`, { headers: { authorization: `Bearer ${token}` } })).status;

    it('reads them from a file only its owner can read, and the token a request carries names who acts', async () => {
      const file = join(cwd, 'console-tokens.json');
      writeFileSync(file, JSON.stringify(tokens), { mode: 0o600 });
      const started = await startCli(cwd, {}, 'console', '--port', '0', '--tokens-file', file);
      child = started.child;
      const url = /open (http:\/\/127\.0\.0\.1:\d+\/)#token=<their token>/.exec(started.printed)?.[1];
      expect(started.printed, 'names the approvers, shows no token').to.contain('alice, bob open').and.not.to.contain(tokens.alice);
      expect(await status(url!, tokens.alice)).to.equal(200);
      const view = (await (await fetch(`${url!}api/oversight`, { headers: { authorization: `Bearer ${tokens.bob}` } })).json()) as { approver: string };
      expect(view.approver).to.equal('bob');
      expect(await status(url!, 'mallory-secret-token-000000')).to.equal(401);
    });

    it('reads them from AGENT_HOOKS_CONSOLE_TOKENS as JSON', async () => {
      const started = await startCli(cwd, { AGENT_HOOKS_CONSOLE_TOKENS: JSON.stringify(tokens) }, 'console', '--port', '0');
      child = started.child;
      const url = /open (http:\/\/127\.0\.0\.1:\d+\/)/.exec(started.printed)?.[1];
      expect(await status(url!, tokens.bob)).to.equal(200);
      expect(await status(url!, 'wrong-secret-token-00000000')).to.equal(401);
    });

    it('refuses a tokens file other users can read (exit 2), saying how to fix it', async () => {
      const file = join(cwd, 'console-tokens.json');
      writeFileSync(file, JSON.stringify(tokens), { mode: 0o644 });
      const run = await runCliIn(cwd, {}, 'console', '--port', '0', '--tokens-file', file);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain(`can be read or written by other users of this machine (mode 644); make it its owner's only: chmod 600 ${file}`);
    });

    it('refuses tokens that are not JSON without showing any of their text (a slip in the file shows no secret)', async () => {
      const secret = 'alice-very-secret-token-0123';
      const file = join(cwd, 'broken-tokens.json');
      writeFileSync(file, `{"alice": "${secret}", bob}`, { mode: 0o600 });
      const run = await runCliIn(cwd, {}, 'console', '--port', '0', '--tokens-file', file);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain(`--tokens-file ${file} is not JSON; write an object naming each of the approvers' tokens`);
      expect(run.stderr).to.not.contain(secret.slice(0, 12));
      const fromEnv = await runCliIn(cwd, { AGENT_HOOKS_CONSOLE_TOKENS: `{"alice": "${secret}"` }, 'console', '--port', '0');
      expect(fromEnv.code).to.equal(2);
      expect(fromEnv.stderr).to.contain('AGENT_HOOKS_CONSOLE_TOKENS is not JSON').and.not.contain(secret.slice(0, 12));
    });

    it('refuses a single token and tokens per approver together', async () => {
      const run = await runCliIn(cwd, { AGENT_HOOKS_CONSOLE_TOKEN: 'one-operator-token-0123456', AGENT_HOOKS_CONSOLE_TOKENS: JSON.stringify(tokens) }, 'console', '--port', '0');
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain('AGENT_HOOKS_CONSOLE_TOKEN (one operator) and AGENT_HOOKS_CONSOLE_TOKENS (one token per approver) both give the console\'s tokens; use one.');
    });
  });
});
