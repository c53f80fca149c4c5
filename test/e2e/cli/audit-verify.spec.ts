import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../../src/cli/program.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { HcsAuditTrailHook } from '../../../src/hooks/hcs-audit-trail-hook.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { RejectToolPolicy } from '../../../src/policies/reject-tool-policy.js';

describe('agent-hooks audit verify', () => {
  let devnet: Devnet;
  let cwd: string;
  let topicId: string;
  const journal = 'journal';

  before(async () => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-verify-'));
    devnet = await startDevnet();
    const client = devnet.client();
    topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
    const kit = await createAgentKit({
      client,
      context: { accountId: devnet.operatorId },
      hooks: [new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir: path.join(cwd, journal) }), new RejectToolPolicy(['delete_account_tool'])],
      mirrorNodeUrl: devnet.mirrorUrl,
    });
    await kit.execute('create_account_tool', { initialBalance: 1 });
    await kit.execute('delete_account_tool', { accountId: '0.0.1001' });
    await kit.close();
  });

  after(async () => {
    await devnet?.stop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return cliIn(cwd, ...argv);
  }

  async function cliIn(folder: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env: {}, cwd: folder };
    const code = await runCli(argv, io);
    return { code, stdout, stderr };
  }

  describe('when the topic matches the journal', () => {
    it('says so and exits 0', async () => {
      const run = await cli('audit', 'verify', '--topic', topicId, '--journal', journal, '--mirror', devnet.mirrorUrl);
      expect(run.code, run.stdout).to.equal(ExitCode.OK);
      expect(run.stdout).to.contain(`HCS audit topic ${topicId}: 2 entries on the topic, 2 in the journal`);
      expect(run.stderr).to.contain(`reading topic ${topicId}`);
    });

    it('prints the report with --json', async () => {
      const run = await cli('audit', 'verify', '--topic', topicId, '--journal', journal, '--mirror', devnet.mirrorUrl, '--json');
      expect(JSON.parse(run.stdout)).to.deep.include({ ok: true, kind: 'hcs', entriesOnTopic: 2, entriesInJournal: 2, problems: [] });
    });
  });

  describe('when the journal does not match', () => {
    it('lists the problems and exits 4', async () => {
      // A copy of the journal that lost one entry's line: the topic holds an entry it does not.
      const tampered = path.join(cwd, 'tampered');
      mkdirSync(tampered);
      const file = `hcs-${topicId}.jsonl`;
      const lines = readFileSync(path.join(cwd, journal, file), 'utf8').split('\n');
      const dropped = lines.findIndex((line) => line.includes('"r":"entry"'));
      expect(dropped, 'the journal holds entry records').to.be.at.least(0);
      writeFileSync(path.join(tampered, file), lines.filter((_, at) => at !== dropped).join('\n'));
      const run = await cli('audit', 'verify', '--topic', topicId, '--journal', 'tampered', '--mirror', devnet.mirrorUrl);
      expect(run.code, run.stdout + run.stderr).to.equal(ExitCode.AUDIT_MISMATCH);
      expect(run.stdout).to.contain('PROBLEM');
    });
  });

  describe('when there is no journal for the topic in the folder', () => {
    it('exits 2, naming the folder and the option, since nothing could be compared', async () => {
      const run = await cli('audit', 'verify', '--topic', topicId, '--journal', 'elsewhere', '--mirror', devnet.mirrorUrl);
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain(`there is no audit journal for topic ${topicId} at ${path.join(cwd, 'elsewhere', `hcs-${topicId}.jsonl`)}; pass --journal <dir>`);
    });
  });

  describe('when the config file names the hook that wrote the journal', () => {
    it("reads that hook's journalDir, relative to the file's folder, wherever the command starts", async () => {
      const configDir = path.join(cwd, 'agent');
      mkdirSync(configDir);
      const config = {
        network: 'local',
        local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl },
        hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], topicId, null, { journalDir: `../${journal}` }] }],
      };
      writeFileSync(path.join(configDir, 'agent-hooks.config.json'), JSON.stringify(config));
      const elsewhere = mkdtempSync(path.join(tmpdir(), 'agent-hooks-verify-cwd-'));
      try {
        const run = await cliIn(elsewhere, 'audit', 'verify', '--topic', topicId, '--config', path.join(configDir, 'agent-hooks.config.json'));
        expect(run.code, run.stdout + run.stderr).to.equal(ExitCode.OK);
        expect(run.stdout).to.contain(`2 entries on the topic, 2 in the journal (${path.join(cwd, journal, `hcs-${topicId}.jsonl`)})`);
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
      }
    });
  });

  describe('when the input is wrong', () => {
    it('exits 2 for a malformed topic ID', async () => {
      const run = await cli('audit', 'verify', '--topic', 'topic-1', '--mirror', devnet.mirrorUrl);
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('--topic must be a topic ID like 0.0.1234, got "topic-1"');
    });

    it('exits 2 without --topic (or --account, its policy signer form)', async () => {
      const run = await cli('audit', 'verify');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('give --topic <id> (check a topic against its journals) or --account <id>');
    });

    it('exits 2 on the embedded devnet without a mirror, explaining why', async () => {
      const run = await cli('audit', 'verify', '--topic', topicId);
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('the embedded devnet starts empty; pass --mirror <url>');
    });
  });
});
