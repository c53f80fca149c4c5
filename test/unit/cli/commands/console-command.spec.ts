import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliIn } from '../../../support/cli-run.js';

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
});
