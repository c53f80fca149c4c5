import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { auditEntries, entriesIn, readTopicMessages } from '../../support/mirror-messages.js';

const CHILD = join(__dirname, 'batch-crash-child.js');
const CALLS_PER_RUN = 5;

/**
 * Runs the child; once it prints `holding` (its calls returned, their entries journaled and waiting
 * to share a message), SIGKILLs it after `killAfterMs`. Resolves with its output and how it ended.
 */
function runChild(env: NodeJS.ProcessEnv, killAfterMs: number | null): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (killAfterMs !== null && !timer && output.includes('holding')) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL', output });
    });
  });
}

async function transferIdsTo(mirrorUrl: string, account: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | null = `/api/v1/transactions?account.id=${account}&transactiontype=cryptotransfer&limit=100`;
  while (next) {
    const body = (await (await fetch(new URL(next, mirrorUrl))).json()) as { transactions: { transaction_id: string }[]; links: { next: string | null } };
    // `0.0.2-1700000000-000000001` (mirror) → `0.0.2@1700000000.000000001` (SDK)
    for (const transaction of body.transactions) ids.push(transaction.transaction_id.replace('-', '@').replace('-', '.'));
    next = body.links.next;
  }
  return ids;
}

describe('batched audit delivery across crashes', function () {
  this.timeout(180_000);
  let net: Devnet;
  let journalDir: string;

  beforeEach(async () => {
    net = await startDevnet();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-batch-crash-'));
  });

  afterEach(async () => {
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when an agent is SIGKILLed after its calls returned, while their entries wait to share a message or are being sent', () => {
    it('after a restart every call is on the topic exactly once, several calls to a message, and audit verify passes', async () => {
      const client = net.client();
      const topicId = (await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client)).topicId!.toString();
      const recipient = (await net.createAccount({ hbar: 1 })).accountId;
      // Slow enough that a batch's submission and receipt take a while, so a kill can land inside them.
      net.faults.inject({ rpc: '*', latencyMs: 100 });
      const env = { BATCH_GRPC: net.grpcAddress, BATCH_KEY: net.operatorKey.toStringDer(), BATCH_TOPIC: topicId, BATCH_JOURNAL: journalDir, BATCH_RECIPIENT: recipient };

      // At once (entries journaled, nothing sent), then at random within and past the linger (mid-submission or after it).
      const kills = [0, Math.floor(Math.random() * 2_500), 0, 1_500 + Math.floor(Math.random() * 1_500)];
      let first = 0;
      for (const killAfterMs of kills) {
        const { killed, output } = await runChild({ ...env, BATCH_FIRST: String(first), BATCH_CALLS: String(CALLS_PER_RUN), BATCH_HOLD: '1' }, killAfterMs);
        expect(killed, output).to.equal(true);
        const returned = output.split('\n').filter((line) => line.startsWith('returned '));
        expect(returned, output).to.deep.equal(Array.from({ length: CALLS_PER_RUN }, (_, k) => `returned ${first + k} SUCCESS`));
        first += CALLS_PER_RUN;
      }
      net.faults.clear();
      // A clean start delivers whatever the killed runs left, and closes.
      const { output } = await runChild({ ...env, BATCH_CALLS: '0' }, null);
      expect(output).to.equal('ready\ndone 0\n');

      const texts = await readTopicMessages(net.mirrorUrl, topicId);
      const entries = auditEntries(texts) as { seq: number; transactionId?: string; params: { memo: string } }[];
      // Every call that returned, once, in seq order, and nothing else.
      expect(entries.map((entry) => entry.params.memo)).to.deep.equal(Array.from({ length: first }, (_, k) => `call-${k}`));
      expect(entries.map((entry) => entry.seq)).to.deep.equal(Array.from({ length: first }, (_, k) => k + 1));
      const landed = await transferIdsTo(net.mirrorUrl, recipient);
      expect(landed).to.have.length(first);
      expect([...entries.map((entry) => entry.transactionId)].sort()).to.deep.equal([...landed].sort());
      // Batching was on across the crashes: messages carried several calls' entries.
      expect(texts.length).to.be.lessThan(first);
      expect(Math.max(...texts.map((text) => entriesIn(text).length))).to.be.greaterThan(1);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });
});
