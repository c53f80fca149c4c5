import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import type { CliIo } from '../../../src/cli/cli-io.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../../src/cli/program.js';
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';

const CHILD = join(__dirname, 'fleet-child.js');

/** One agent process (fleet-child.ts) and what it said so far. */
class Agent {
  private output = '';
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(name: string, calls: number, env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [CHILD], { env: { ...env, FLEET_NAME: name, FLEET_CALLS: String(calls) }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (chunk) => (this.output += chunk));
    this.child.stderr!.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  /** Resolves with the first match of `pattern` in what the process said; rejects if it ends first. */
  async said(pattern: RegExp): Promise<RegExpMatchArray> {
    let ended = false;
    void this.exited.then(() => (ended = true));
    for (;;) {
      const match = this.output.match(pattern);
      if (match) return match;
      if (ended) throw new Error(`the agent ended without saying ${pattern}: ${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async ready(): Promise<string> {
    return (await this.said(/ready (\S+)\n/))[1]!;
  }

  go(): void {
    this.child.stdin!.write('go\n');
  }

  /** Lets it close its kit (which flushes) and waits for it to end; resolves with what it left undelivered. */
  async finish(): Promise<number> {
    await this.said(/called\n/);
    this.child.stdin!.end();
    const undelivered = Number((await this.said(/done (\d+)\n/))[1]);
    await this.exited;
    return undelivered;
  }

  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

describe('a fleet of agent processes on one audited configuration', function () {
  this.timeout(120_000);
  let world: AuditWorld;
  let journals: string;
  let env: NodeJS.ProcessEnv;
  const started: Agent[] = [];

  beforeEach(async () => {
    world = await openAuditWorld('audit-fleet-');
    journals = join(world.journalDir, 'audit');
    const config = join(world.journalDir, 'agent-hooks.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        network: 'local',
        local: { grpcAddress: world.net.grpcAddress, mirrorUrl: world.net.mirrorUrl },
        tools: ['transfer_hbar_tool'],
        hooks: [{ hook: 'HcsAuditTrailHook', args: [['transfer_hbar_tool'], world.topicId, null, { journalDir: './audit', minBackoffMs: 20, maxBackoffMs: 200 }] }],
      }),
    );
    const { HEDERA_NETWORK: _network, HEDERA_MIRROR_NODE_URL: _mirror, ...inherited } = process.env;
    env = { ...inherited, HEDERA_OPERATOR_ID: world.net.operatorId, HEDERA_OPERATOR_KEY: world.net.operatorKey.toStringDer(), FLEET_CONFIG: config, FLEET_RECIPIENT: world.recipient };
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((agent) => agent.kill()));
    await closeAuditWorld(world);
  });

  const agent = (name: string, calls: number): Agent => {
    const started_ = new Agent(name, calls, env);
    started.push(started_);
    return started_;
  };
  const file = (n: number): string => join(journals, n === 1 ? `hcs-${world.topicId}.jsonl` : `hcs-${world.topicId}.stream-${n}.jsonl`);
  const verify = () => verifyAuditTopic({ mirrorUrl: world.net.mirrorUrl, topicId: world.topicId, journalDir: journals });

  /** Starts the agents, waits until every one holds its journal, then lets them all call at once. */
  async function startTogether(fleet: Agent[]): Promise<string[]> {
    const paths = await Promise.all(fleet.map((member) => member.ready()));
    for (const member of fleet) member.go();
    return paths;
  }

  describe('when three processes start together and call concurrently', () => {
    it('all start, each with a stream of its own, all deliver to the one topic, and verify passes over the three streams', async () => {
      const fleet = [agent('a', 6), agent('b', 6), agent('c', 6)];
      const paths = await startTogether(fleet);
      expect([...paths].sort()).to.deep.equal([file(1), file(2), file(3)].sort());
      expect(await Promise.all(fleet.map((member) => member.finish()))).to.deep.equal([0, 0, 0]);

      const report = await verify();
      expect(report.problems, report.problems.join('\n')).to.deep.equal([]);
      expect(report).to.include({ ok: true, entriesInJournal: 18, entriesOnTopic: 18 });
      expect(report.journals).to.deep.equal([file(1), file(2), file(3)]);
      expect(report.streams.map((stream) => [stream.journal, stream.entriesInJournal, stream.entriesOnTopic, stream.ok])).to.deep.equal([
        [file(1), 6, 6, true],
        [file(2), 6, 6, true],
        [file(3), 6, 6, true],
      ]);
      expect(new Set(report.streams.map((stream) => stream.stream)).size).to.equal(3);
    });
  });

  describe('when one of them is SIGKILLed mid-run', () => {
    it('a process started later adopts its stream, delivers what it left, and verify passes over the three streams', async () => {
      const [a, b, c] = [agent('a', 4), agent('b', 40), agent('c', 4)];
      const paths = await startTogether([a, b, c]);
      await b.said(/call 3\n/);
      await b.kill();
      // a and c hold their journals meanwhile, so the later process has only the dead one's to take.
      await Promise.all([a.said(/called\n/), c.said(/called\n/)]);
      const later = agent('d', 2);
      expect(await later.ready()).to.equal(paths[1]);
      later.go();
      expect(await later.finish()).to.equal(0);
      expect(await Promise.all([a.finish(), c.finish()])).to.deep.equal([0, 0]);

      const report = await verify();
      expect(report.problems, report.problems.join('\n')).to.deep.equal([]);
      expect(report.ok).to.equal(true);
      expect(report.streams).to.have.length(3);
      const adopted = report.streams.find((stream) => stream.journal === paths[1])!;
      // b's calls that returned (3 at least) and the later process's 2, in one stream, every one on the topic.
      expect(adopted.entriesInJournal).to.be.at.least(5);
      expect(adopted.entriesOnTopic).to.equal(adopted.entriesInJournal);
      const memos = readFileSync(paths[1]!, 'utf8').match(/"transactionMemo":"d-\d"/g) ?? [];
      expect(new Set(memos)).to.deep.equal(new Set(['"transactionMemo":"d-1"', '"transactionMemo":"d-2"']));
    });
  });

  describe('when one stream of the fleet was tampered with', () => {
    it('verify names that stream and passes the others; the CLI exits 4, one line per stream', async () => {
      const fleet = [agent('a', 2), agent('b', 2), agent('c', 2)];
      await startTogether(fleet);
      await Promise.all(fleet.map((member) => member.finish()));
      const lines = readFileSync(file(2), 'utf8').split('\n');
      const at = lines.findIndex((line) => line.startsWith('{"r":"entry"'));
      lines[at] = lines[at]!.replace('"status":"SUCCESS"', '"status":"INSUFFICIENT_PAYER_BALANCE"');
      writeFileSync(file(2), lines.join('\n'));

      const report = await verify();
      expect(report.ok).to.equal(false);
      expect(report.problems).to.have.length(1);
      expect(report.problems[0]).to.match(/^Journal entry seq 1 \(transfer_hbar_tool, executed, .*\) differs from the copy in message #\d+\.$/);
      expect(report.streams.map((stream) => [stream.journal, stream.ok])).to.deep.equal([
        [file(1), true],
        [file(2), false],
        [file(3), true],
      ]);

      let stdout = '';
      const io: CliIo = { stdout: (text) => void (stdout += text), stderr: () => undefined, env: {}, cwd: world.journalDir };
      const code = await runCli(['audit', 'verify', '--topic', world.topicId, '--journal', 'audit', '--mirror', world.net.mirrorUrl], io);
      expect(code, stdout).to.equal(ExitCode.AUDIT_MISMATCH);
      expect(stdout).to.contain(`6 entries on the topic, 6 in 3 journals (${journals})`);
      expect(stdout).to.contain(`(${file(2)}): 2 on the topic, 2 journaled, 1 problem`);
      expect(stdout).to.contain(`(${file(1)}): 2 on the topic, 2 journaled, verified`);
      expect(stdout).to.contain(`(${file(3)}): 2 on the topic, 2 journaled, verified`);
    });
  });
});
