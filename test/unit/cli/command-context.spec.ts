import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../../src/cli/program.js';

describe('CommandContext', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-ctx-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env: {}, cwd };
    const code = await runCli(argv, io);
    return { code, stdout, stderr };
  }

  describe('when an audited call cannot reach its audit topic before the command ends', () => {
    // Topic 0.0.1234 does not exist on the fresh embedded devnet, so every delivery attempt fails;
    // checkTopic: false lets the kit start anyway (otherwise it refuses at start, naming the topic).
    const hook = () => ({ hook: 'HcsAuditTrailHook', args: [['*'], '0.0.1234', null, { journalDir: path.join(cwd, 'audit'), checkTopic: false, closeTimeoutMs: 300, minBackoffMs: 20, maxBackoffMs: 50 }] });

    // The hook's own warning reaches stderr through the CLI's logger (warnings show by default).
    it('says on stderr that entries are undelivered, to which stream, where they wait and why', async () => {
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ hooks: [hook()] }));
      const run = await cli('call', 'get_hbar_balance_query_tool', '{}');
      expect(run.code, run.stderr).to.equal(ExitCode.OK);
      const line = run.stderr.split('\n').find((text) => /^warning: .*not yet delivered/.test(text));
      expect(line, run.stderr).to.be.a('string');
      expect(line).to.contain('stream: HcsAuditTrailHook 0.0.1234').and.to.contain(`journal: ${path.join(cwd, 'audit', 'hcs-0.0.1234.jsonl')}`);
      expect(run.stderr).to.contain('INVALID_TOPIC_ID');
    });

    it('keeps stdout a single JSON document with --json, and logs JSON lines on stderr', async () => {
      writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ hooks: [hook()] }));
      const run = await cli('call', 'get_hbar_balance_query_tool', '{}', '--json');
      expect(JSON.parse(run.stdout).raw.status).to.equal('SUCCESS');
      const logged = run.stderr.split('\n').filter((text) => text.startsWith('{')).map((text) => JSON.parse(text) as { level: number; msg: string; stream?: string });
      expect(logged.find((entry) => /not yet delivered/.test(entry.msg))).to.include({ level: 40, stream: 'HcsAuditTrailHook 0.0.1234' });
    });
  });

  describe('when every audit entry was delivered', () => {
    it('prints no audit warning', async () => {
      const run = await cli('call', 'get_hbar_balance_query_tool', '{}');
      expect(run.code).to.equal(ExitCode.OK);
      expect(run.stderr).to.not.contain('audit');
    });
  });
});
