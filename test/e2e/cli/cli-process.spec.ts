import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

describe('the agent-hooks executable', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-bin-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  describe('when run as `npm start` runs it (demo, no environment, no network)', () => {
    it('prints each outcome, verifies the audit trail and exits 0', () => {
      const run = spawnSync(process.execPath, [CLI_MAIN, 'demo'], { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 60_000 });
      expect(run.status, run.stderr).to.equal(0);
      expect(run.stdout).to.match(/EXECUTED transaction 0\.0\.2@/);
      expect(run.stdout).to.contain('BLOCKED  by Max Recipients Policy at postParamsNormalization');
      expect(run.stdout).to.contain('BLOCKED  by Reject Tool Call at preToolExecution');
      // The call the ledger refused reads as its audit line does: executed, with the failure status.
      expect(run.stdout).to.match(/EXECUTED transaction (0\.0\.2@\S+), status INVALID_ACCOUNT_ID: the ledger recorded it as failed/);
      const refusedId = /EXECUTED transaction (0\.0\.2@\S+), status INVALID_ACCOUNT_ID/.exec(run.stdout)![1]!;
      expect(run.stdout).to.match(new RegExp(`#5 transfer_hbar_tool +executed +${refusedId.replace(/\./g, '\\.')} INVALID_ACCOUNT_ID`));
      expect(run.stdout).to.not.contain('FAILED');
      expect(run.stdout).to.contain('audit trail verified');
      expect(run.stderr).to.equal('');
    });
  });

  describe('when a command fails on bad input', () => {
    it('prints one clear line and no stack trace', () => {
      const run = spawnSync(process.execPath, [CLI_MAIN, 'call', 'transfer_hbar_tool', 'not json'], { cwd, env: cleanEnv(), encoding: 'utf8' });
      expect(run.status).to.equal(2);
      expect(run.stderr.trim().split('\n')).to.have.length(1);
      expect(run.stderr).to.match(/^error: argument <json> is not valid JSON/);
    });
  });

  describe('devnet', () => {
    it('serves until SIGTERM, reporting its addresses and a config for network "local"', async () => {
      const child = spawn(process.execPath, [CLI_MAIN, 'devnet', '--grpc-port', '0', '--mirror-port', '0', '--mirror-grpc-port', '0', '--json'], { cwd, env: cleanEnv() });
      let stdout = '';
      const ready = new Promise<{ grpcAddress: string; mirrorUrl: string; config: { network: string } }>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          try {
            resolve(JSON.parse(stdout));
          } catch {
            // not complete yet
          }
        });
        child.once('exit', (code) => reject(new Error(`devnet exited early with ${code}`)));
      });
      const info = await ready;
      expect(info.grpcAddress).to.match(/^127\.0\.0\.1:\d+$/);
      expect(info.config.network).to.equal('local');
      const response = await fetch(`${info.mirrorUrl}/api/v1/accounts/0.0.2`);
      expect(response.status).to.equal(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).to.equal(0);
    });
  });
});
