import { expect } from 'chai';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import { auditEntryProblems, readJournalSnapshot, type AuditEntry } from '../../../src/audit/index.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import type { ReplayReport } from '../../../src/cli/replay/replay-run.js';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { runCliIn } from '../../support/cli-run.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';

/** What the live agent is asked, in order, with what its policies (MaxTransfer 5 ℏ, SpendLimit 10 ℏ an hour) must decide. */
const CALLS = [
  { hbar: 3, live: 'executed' }, // spent 3
  { hbar: 6, live: 'blocked' }, // over the 5 ℏ cap; SpendLimit never reserves it
  { hbar: 4, live: 'executed' }, // spent 7
  { hbar: 4, live: 'blocked' }, // 11 would pass the 10 ℏ budget
  { hbar: 2, live: 'executed' }, // spent 9
] as const;

describe('agent-hooks policy replay', () => {
  let devnet: Devnet;
  let cwd: string;
  let topicId: string;
  let recipient: string;
  let journalDir: string;
  const env = (): NodeJS.ProcessEnv => ({});

  const configFile = (name: string, spendHbar: number): string => {
    const file = path.join(cwd, name);
    writeFileSync(
      file,
      JSON.stringify({
        ...localNetworkOf(devnet),
        hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], topicId, null, { journalDir: 'journal' }] }],
        policies: [
          { policy: 'MaxTransferPolicy', args: [{ hbar: 5 }] },
          { policy: 'SpendLimitPolicy', args: [{ hbar: spendHbar, windowMs: 3_600_000 }] },
        ],
      }),
    );
    return file;
  };

  /** The ledger as the mirror lists it: every transaction it ever took, and the operator's balance. */
  const ledgerState = async (): Promise<string> => {
    const transactions = await (await fetch(`${devnet.mirrorUrl}/api/v1/transactions?limit=100`)).json();
    const account = await (await fetch(`${devnet.mirrorUrl}/api/v1/accounts/${devnet.operatorId}?transactions=false`)).json();
    return JSON.stringify({ transactions, balance: (account as { balance: unknown }).balance });
  };

  const replay = async (...argv: string[]): Promise<{ code: number; report: ReplayReport; stderr: string }> => {
    const run = await runCliIn(cwd, env(), 'policy', 'replay', '--json', ...argv);
    return { code: run.code, report: JSON.parse(run.stdout) as ReplayReport, stderr: run.stderr };
  };

  before(async function () {
    this.timeout(120_000);
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-replay-'));
    journalDir = path.join(cwd, 'journal');
    devnet = await startDevnet();
    const client = devnet.client();
    topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
    recipient = (await devnet.createAccount({ hbar: 1 })).accountId;
    // The live agent: the same configuration file the replay reads, its kit built as `agent-hooks mcp` builds it.
    const loaded = await loadConfig({ path: configFile('agent-hooks.config.json', 10), cwd });
    const live = await createKitFromConfig(loaded, { env: operatorEnvOf(devnet) });
    try {
      for (const call of CALLS) await live.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: call.hbar }] });
      // Input the tool refuses: recorded as raw params, and refused again in the replay.
      await live.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 'lots' }] });
    } finally {
      await live.close();
    }
  });

  after(async () => {
    await devnet?.stop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  describe('the journal the live agent wrote', () => {
    it('holds every call, with its input once as its params, all valid entries', () => {
      const entries = readJournalSnapshot(path.join(journalDir, `hcs-${topicId}.jsonl`))!.entries as AuditEntry[];
      expect(entries.map((entry) => entry.outcome)).to.deep.equal([...CALLS.map((call) => call.live), 'failed']);
      for (const entry of entries) expect(auditEntryProblems(entry)).to.deep.equal([]);
      expect(entries[0]).to.deep.include({ paramsKind: 'input', params: { transfers: [{ accountId: recipient, amount: 3 }] } });
      expect(entries[0]).to.not.have.property('input');
      expect(entries[3]!.blockedBy!.policy).to.match(/spend/i);
    });
  });

  describe('when replayed with the same configuration', () => {
    it('matches what the policies decided live for every call, and the ledger receives nothing', async () => {
      const before = await ledgerState();
      const { code, report } = await replay();
      expect(code).to.equal(ExitCode.OK);
      expect(await ledgerState()).to.equal(before);
      expect(report.submitted).to.equal(0);
      expect(report.accountId).to.equal(devnet.operatorId);
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'block', 'allow', 'block', 'allow', 'fail']);
      expect(report.entries.map((row) => row.changed)).to.deep.equal([false, false, false, false, false, false]);
      expect(report.entries[1]!.replay!.policy).to.equal(report.entries[1]!.live!.policy);
      expect(report.entries[3]!.replay!.policy).to.equal(report.entries[3]!.live!.policy);
      expect(report.entries[5]!.replay!.stage).to.equal('normalizeParams');
      expect(report.totals).to.deep.include({ entries: 6, calls: 6, replayed: 6, wouldAllow: 3, wouldBlock: 2, wouldFail: 1, changed: 0, notReplayable: 0 });
    });

    it('prints one line per call and the totals as text', async () => {
      const run = await runCliIn(cwd, env(), 'policy', 'replay');
      expect(run.code, run.stderr).to.equal(ExitCode.OK);
      const lines = run.stdout.split('\n');
      expect(lines.filter((line) => / transfer_hbar_tool /.test(line))).to.have.length(6);
      expect(run.stdout).to.not.contain('CHANGED');
      expect(run.stdout).to.contain('changed from live: 0 of 6');
      expect(run.stdout).to.match(/would allow 3, block 2 \(.+ 1, .+ 1\)/);
    });
  });

  describe("when the replay section of docs/cli.md is followed as written", () => {
    /** The section of docs/cli.md: its configuration and its command lines, as a user copies them. */
    const readmeSection = () => {
      const page = readFileSync(path.resolve(__dirname, '../../../../docs/cli.md'), 'utf8');
      const section = page.slice(page.indexOf('\n## Replaying policies over past calls\n'), page.indexOf('\n## Configuration\n'));
      const config = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
      const commands = /```sh\n([\s\S]*?)\n```/.exec(section)![1]!.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim().split(/\s+/));
      return { config, commands };
    };

    it('replays the journal next to its configuration, and --fail-on-change exits 4 with a stricter one (the --topic line needs testnet)', async () => {
      const { config, commands } = readmeSection();
      const project = mkdtempSync(path.join(tmpdir(), 'agent-hooks-readme-replay-'));
      try {
        writeFileSync(path.join(project, 'agent-hooks.config.json'), config);
        // The agent ran here: its audit hook's journal is in the default folder beside the configuration.
        mkdirSync(path.join(project, '.agent-hooks', 'audit'), { recursive: true });
        copyFileSync(path.join(journalDir, `hcs-${topicId}.jsonl`), path.join(project, '.agent-hooks', 'audit', 'hcs-0.0.1234.jsonl'));
        const [plain, stricter] = commands;
        expect(plain).to.deep.equal(['agent-hooks', 'policy', 'replay']);
        const same = await runCliIn(project, env(), ...plain!.slice(1));
        expect(same.code, same.stderr).to.equal(ExitCode.OK);
        expect(same.stdout).to.contain('changed from live: 0 of 6').and.contain('nothing is submitted');
        // A stricter budget (6 HBAR an hour) would have blocked the third call, which went through live.
        const strict = JSON.parse(config) as { policies: { args: [{ hbar: number }] }[] };
        strict.policies[1]!.args[0].hbar = 6;
        writeFileSync(path.join(project, 'stricter.json'), JSON.stringify(strict));
        expect(stricter!.slice(1)).to.deep.equal(['policy', 'replay', '--config', 'stricter.json', '--fail-on-change']);
        const changed = await runCliIn(project, env(), ...stricter!.slice(1));
        expect(changed.code, changed.stderr).to.equal(4);
        expect(changed.stdout).to.match(/CHANGED/);
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    });
  });

  describe('when replayed with a larger budget', () => {
    it('reports the call the budget blocked live as allowed, marks it changed, and exits 4 with --fail-on-change', async () => {
      const changed = configFile('larger-budget.json', 20);
      const { code, report } = await replay('--config', changed, '--journal', 'journal');
      expect(code).to.equal(ExitCode.OK);
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'block', 'allow', 'allow', 'allow', 'fail']);
      expect(report.entries.map((row) => row.changed)).to.deep.equal([false, false, false, true, false, false]);
      expect(report.totals).to.deep.include({ wouldAllow: 4, wouldBlock: 1, changed: 1 });

      const failing = await replay('--config', changed, '--fail-on-change');
      expect(failing.code).to.equal(ExitCode.AUDIT_MISMATCH);
      expect((failing.report as unknown as { error: { code: string } }).error.code).to.equal('E_REPLAY_CHANGED');
      const text = await runCliIn(cwd, env(), 'policy', 'replay', '--config', changed);
      expect(text.stdout.split('\n').filter((line) => line.endsWith('CHANGED'))).to.have.length(1);
    });

    it('counts what the larger budget allows as spent, so a later call the smaller one allowed may be blocked', async () => {
      // 3 + 4 + 4 = 11 of 11: the fifth call (2) no longer fits, though live it did.
      const { report } = await replay('--config', configFile('tight-budget.json', 11), '--journal', 'journal');
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'block', 'allow', 'allow', 'block', 'fail']);
      expect(report.entries.map((row) => row.changed)).to.deep.equal([false, false, false, true, true, false]);
    });
  });

  describe('when the calls are read from the audit topic through the mirror', () => {
    it('replays the same calls with the same verdicts', async () => {
      const before = await ledgerState();
      const { code, report } = await replay('--topic', topicId);
      expect(code).to.equal(ExitCode.OK);
      expect(await ledgerState()).to.equal(before);
      expect(report.source).to.contain(`topic ${topicId}`);
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'block', 'allow', 'block', 'allow', 'fail']);
      expect(report.totals.changed).to.equal(0);
    });
  });

  describe('when an entry cannot be replayed', () => {
    it('lists it with the reason and counts it, never dropping it', async () => {
      const folder = path.join(cwd, 'old-journal');
      mkdirSync(folder);
      const file = `hcs-${topicId}.jsonl`;
      // The first entry as a version before replay wrote it: normalised params, no input.
      const lines = readFileSync(path.join(journalDir, file), 'utf8').split('\n');
      const first = lines.findIndex((line) => line.includes('"paramsKind":"input"'));
      const record = JSON.parse(lines[first]!) as { entry: { params?: unknown; paramsKind?: string } };
      record.entry.params = { hbarTransfers: [{ accountId: recipient, amount: '3 ℏ' }] };
      record.entry.paramsKind = 'normalised';
      lines[first] = JSON.stringify(record);
      expect(lines[first]).to.not.contain('"input"');
      writeFileSync(path.join(folder, file), lines.join('\n'));
      const { report } = await replay('--journal', 'old-journal');
      expect(report.entries[0]).to.deep.include({ replayed: false });
      expect(report.entries[0]!.reason).to.contain('no input recorded');
      expect(report.totals).to.deep.include({ calls: 6, replayed: 5, notReplayable: 1 });
      expect(report.warnings.join(' ')).to.contain('1 call was not replayed, so no policy counted it');
    });
  });

  describe('when the input is wrong', () => {
    it('exits 2 naming a folder that does not exist', async () => {
      const run = await runCliIn(cwd, env(), 'policy', 'replay', '--journal', 'nowhere');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain(`--journal: there is no folder ${path.join(cwd, 'nowhere')}`);
    });

    it('exits 2 for a folder without journals', async () => {
      mkdirSync(path.join(cwd, 'empty'), { recursive: true });
      const run = await runCliIn(cwd, env(), 'policy', 'replay', '--journal', 'empty');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('holds no audit journal');
    });

    it('exits 2 for a malformed topic ID, and for a topic the mirror does not know', async () => {
      const bad = await runCliIn(cwd, env(), 'policy', 'replay', '--topic', 'topic-1');
      expect(bad.code).to.equal(ExitCode.USAGE);
      expect(bad.stderr).to.contain('--topic must be a topic ID like 0.0.1234, got "topic-1"');
      const unknown = await runCliIn(cwd, env(), 'policy', 'replay', '--topic', '0.0.987654', '--json');
      expect(unknown.code).to.equal(ExitCode.USAGE);
      expect(JSON.parse(unknown.stdout).error.message).to.contain('knows no topic 0.0.987654');
    });

    it('exits 2 for --topic on the embedded devnet without --mirror, explaining why', async () => {
      const file = path.join(cwd, 'embedded.json');
      writeFileSync(file, JSON.stringify({}));
      const run = await runCliIn(cwd, env(), 'policy', 'replay', '--config', file, '--topic', topicId);
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('policy replay --topic reads an existing topic, and the embedded devnet starts empty; pass --mirror <url>');
    });

    it('exits 2 for --journal with --topic, and for a malformed --account', async () => {
      const both = await runCliIn(cwd, env(), 'policy', 'replay', '--journal', 'journal', '--topic', topicId);
      expect(both.code).to.equal(ExitCode.USAGE);
      expect(both.stderr).to.contain('pass either --journal <dir> or --topic <id>, not both');
      const account = await runCliIn(cwd, env(), 'policy', 'replay', '--account', 'alice');
      expect(account.code).to.equal(ExitCode.USAGE);
      expect(account.stderr).to.contain('--account must be an account ID like 0.0.1234, got "alice"');
    });

    it('exits 2 for a configuration problem, naming the field', async () => {
      const file = path.join(cwd, 'broken.json');
      writeFileSync(file, JSON.stringify({ policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: -1, windowMs: 1000 }] }] }));
      const run = await runCliIn(cwd, env(), 'policy', 'replay', '--config', file, '--journal', 'journal');
      expect(run.code).to.equal(ExitCode.USAGE);
      expect(run.stderr).to.contain('policies[0].args[0].hbar');
    });
  });

  describe('--help', () => {
    it('describes the command under agent-hooks --help and on its own', async () => {
      const top = await runCliIn(cwd, env(), '--help');
      expect(top.stdout).to.match(/policy\s+work with a configuration's policies/);
      const own = await runCliIn(cwd, env(), 'policy', 'replay', '--help');
      expect(own.stdout).to.contain('--journal <dir>').and.to.contain('--topic <id>').and.to.contain('--fail-on-change').and.to.contain('nothing is sent');
    });
  });
});
