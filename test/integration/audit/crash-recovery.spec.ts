import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

const CALLS = 200;
const CHILD = join(__dirname, 'crash-child.js');

/** Runs the child until it finishes or `killAfterMs` passes; then SIGKILL. Resolves with how it ended. */
function runChild(env: NodeJS.ProcessEnv, killAfterMs: number | null): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      // The kill clock starts once the child is ready, so kills land among the calls, not during start-up.
      if (killAfterMs !== null && !timer && output.includes('ready')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL', output });
    });
  });
}

interface MirrorTransaction {
  transaction_id: string;
  result: string;
}

async function transfersTo(mirrorUrl: string, account: string): Promise<MirrorTransaction[]> {
  const all: MirrorTransaction[] = [];
  let next: string | null = `/api/v1/transactions?account.id=${account}&transactiontype=cryptotransfer&limit=100`;
  while (next) {
    const body = (await (await fetch(new URL(next, mirrorUrl))).json()) as { transactions: MirrorTransaction[]; links: { next: string | null } };
    all.push(...body.transactions);
    next = body.links.next;
  }
  return all;
}

/** `0.0.2-1700000000-000000001` (mirror) → `0.0.2@1700000000.000000001` (SDK). */
function sdkTransactionId(mirrorId: string): string {
  const [account, seconds, nanos] = mirrorId.split('-');
  return `${account}@${seconds}.${nanos}`;
}

describe('audit trail across crashes', function () {
  this.timeout(180_000);
  let net: Devnet;
  let journalDir: string;

  beforeEach(async () => {
    net = await startDevnet();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-crash-'));
  });

  afterEach(async () => {
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when the agent is SIGKILLed at random points during 200 audited calls under UNAVAILABLE and BUSY faults', () => {
    it('after a restart and flush, every transfer that reached the network is on the topic exactly once', async () => {
      const client = net.client();
      const topicId = (await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client)).topicId!.toString();
      const recipient = (await net.createAccount({ hbar: 1 })).accountId;
      net.faults.inject({ rpc: '*', grpcError: 'UNAVAILABLE', probability: 0.08 });
      net.faults.inject({ rpc: '*', precheck: 'BUSY', probability: 0.08 });

      const env = {
        CRASH_TOTAL: String(CALLS),
        CRASH_PROGRESS: join(journalDir, 'progress.txt'),
        CRASH_GRPC: net.grpcAddress,
        CRASH_KEY: net.operatorKey.toStringDer(),
        CRASH_TOPIC: topicId,
        CRASH_JOURNAL: journalDir,
        CRASH_RECIPIENT: recipient,
      };
      let kills = 0;
      let finished = false;
      for (let run = 0; run < 40 && !finished; run++) {
        // Kill during the first runs at random points; then let a run finish and flush.
        const killAfter = kills < 6 ? 50 + Math.floor(Math.random() * 600) : null;
        const { killed, output } = await runChild(env, killAfter);
        if (killed) kills++;
        else {
          expect(output, output).to.match(/^ready\ndone \d+\n$/);
          finished = true;
        }
      }
      expect(finished, 'the last run completed').to.equal(true);
      expect(kills).to.be.at.least(3);
      net.faults.clear();

      // One more clean start replays anything the finishing run's close() left undelivered.
      const { output } = await runChild({ ...env, CRASH_TOTAL: '0' }, null);
      expect(output).to.equal('ready\ndone 0\n');

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);

      const entries = auditEntries(await readTopicMessages(net.mirrorUrl, topicId)) as { transactionId?: string; outcome: string }[];
      const landed = await transfersTo(net.mirrorUrl, recipient);
      // Some calls fail before submission under the injected faults (and are audited as failed); most land.
      expect(landed.length).to.be.greaterThan(CALLS / 5);
      for (const transaction of landed) {
        const id = sdkTransactionId(transaction.transaction_id);
        const matching = entries.filter((entry) => entry.transactionId === id);
        expect(matching, `entries for ${id}`).to.have.length(1);
        expect(['executed', 'interrupted']).to.include(matching[0]!.outcome);
      }
    });
  });
});
