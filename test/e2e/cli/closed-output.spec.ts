import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

/** Runs the CLI with a stdout pipe whose reader has already gone, as in `agent-hooks tools | head -1`. */
function runWithClosedStdout(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

describe('agent-hooks writing to a pipe that was closed', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-pipe-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  describe('when the reader stops before the tool list is printed', () => {
    it('finishes without a crash or a stack trace', async () => {
      const run = await runWithClosedStdout(['tools'], cwd);
      expect(run.stderr).to.not.match(/EPIPE|Unhandled|\n\s+at /);
      expect(run.code, run.stderr).to.equal(0);
    });
  });

  describe('when the reader of a call result has gone', () => {
    it('still reports a usage error with its exit code, not a crash', async () => {
      const run = await runWithClosedStdout(['call', 'no_such_tool', '{}'], cwd);
      expect(run.stderr).to.not.match(/EPIPE|Unhandled|\n\s+at /);
      expect(run.code, run.stderr).to.equal(2);
    });
  });
});
