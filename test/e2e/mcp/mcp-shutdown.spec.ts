import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

describe('agent-hooks mcp shutdown', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-stop-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  async function startServer() {
    const child = spawn(process.execPath, [CLI_MAIN, 'mcp'], { cwd, env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('serving')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`mcp exited early with ${code}: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, exited, output: () => ({ stdout, stderr }) };
  }

  describe('when it receives SIGTERM', () => {
    it('closes the kit and the devnet and exits 0, writing nothing to stdout', async () => {
      const server = await startServer();
      server.child.kill('SIGTERM');
      expect(await server.exited).to.equal(0);
      expect(server.output().stdout).to.equal('');
      expect(server.output().stderr).to.match(/serving \d+ tools on network "devnet" over stdio/);
    });
  });

  describe('when the client closes stdin', () => {
    it('exits 0', async () => {
      const server = await startServer();
      server.child.stdin.end();
      expect(await server.exited).to.equal(0);
    });
  });
});
