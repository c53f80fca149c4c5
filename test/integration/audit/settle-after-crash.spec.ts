import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountBalanceQuery, Hbar, TransactionId, TransactionReceiptQuery, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import type { Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { callEntries } from '../../../src/audit/entries/audit-entry.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { closeAuditWorld, openAuditWorld } from '../../support/audit-world.js';

const CHILD = join(__dirname, 'settle-child.js');
const TINYBARS = 7_000;
/** What "within seconds" means here: far below the 120 s validity window a restart used to wait for. */
const SETTLED_WITHIN_MS = 15_000;

/**
 * An agent is SIGKILLed with a transfer in flight: its intent is journaled, its outcome is not. The
 * restart must settle that call within seconds, not after the transaction's validity window, and
 * exactly once: the trail and the ledger agree on whether the transfer ran.
 */
describe('settling a call interrupted by SIGKILL', function () {
  this.timeout(90_000);
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  let recipient: string;

  beforeEach(async () => {
    ({ net, client, journalDir, topicId, recipient } = await openAuditWorld('audit-settle-'));
  });

  afterEach(() => closeAuditWorld({ net, journalDir }));

  const journalPath = () => join(journalDir, `hcs-${topicId}.jsonl`);

  /** The transaction ID of the intent the child journaled, once it is on disk. */
  async function journaledIntent(deadline: number): Promise<string> {
    while (Date.now() < deadline) {
      const text = existsSync(journalPath()) ? readFileSync(journalPath(), 'utf8') : '';
      const line = text.split('\n').find((item) => item.includes('"r":"intent"'));
      if (line) return (JSON.parse(line) as { transactionId: string }).transactionId;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the child journaled no intent');
  }

  /** Runs the child until `killWhen` (given the intent's transaction ID) resolves, then SIGKILLs it. */
  async function killInFlight(killWhen: (transactionId: string) => Promise<void>): Promise<string> {
    const child = spawn(process.execPath, [CHILD], {
      env: { ...process.env, SETTLE_GRPC: net.grpcAddress, SETTLE_KEY: net.operatorKey.toStringDer(), SETTLE_TOPIC: topicId, SETTLE_JOURNAL: journalDir, SETTLE_RECIPIENT: recipient, SETTLE_TINYBARS: String(TINYBARS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    try {
      const transactionId = await journaledIntent(Date.now() + 30_000);
      await killWhen(transactionId);
      child.kill('SIGKILL');
      expect(await exited, output).to.equal('SIGKILL');
      expect(output, 'the call never returned').to.not.include('returned');
      return transactionId;
    } finally {
      child.kill('SIGKILL');
    }
  }

  const balance = async (account: string) => (await new AccountBalanceQuery().setAccountId(account).execute(client)).hbars.toTinybars().toNumber();

  /** The restart: a kit on the same journal folder; resolves with how long the interrupted call took to settle and reach the topic. */
  async function restartAndSettle(): Promise<number> {
    const started = Date.now();
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir, minBackoffMs: 10, maxBackoffMs: 500, closeTimeoutMs: SETTLED_WITHIN_MS });
    const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
    const [status] = await kit.audit.flush();
    const took = Date.now() - started;
    await kit.close();
    expect(status, JSON.stringify(status)).to.include({ undelivered: 0 });
    expect(status!.unsettled, 'interrupted calls left unsettled').to.equal(undefined);
    return took;
  }

  async function theTrailOf(transactionId: string): Promise<{ outcome: string; status?: string; error?: { message: string } }[]> {
    const onTopic = auditEntries(await readTopicMessages(net.mirrorUrl, topicId)) as { transactionId?: string; outcome: string; status?: string; error?: { message: string } }[];
    expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    expect(callEntries(readJournalSnapshot(journalPath())!.entries).length, 'entries journaled').to.equal(onTopic.length);
    return onTopic.filter((entry) => entry.transactionId === transactionId);
  }

  describe('when the transfer had reached the network and the answer was still on its way', () => {
    it('settles it within seconds as executed with its ledger status, and the recipient was paid once', async () => {
      const before = await balance(recipient);
      // The node applies the transfer at once and holds its answer: the child waits for it when killed.
      net.faults.inject({ rpc: 'cryptoTransfer', responseDelayMs: 600_000, times: 1 });
      const transactionId = await killInFlight(async (id) => {
        await new TransactionReceiptQuery().setTransactionId(TransactionId.fromString(id)).execute(client);
      });

      const took = await restartAndSettle();
      expect(took, 'time to settle the interrupted call').to.be.below(SETTLED_WITHIN_MS);
      const trail = await theTrailOf(transactionId);
      expect(trail.map(({ outcome, status }) => ({ outcome, status }))).to.deep.equal([{ outcome: 'interrupted', status: 'SUCCESS' }]);
      expect(await balance(recipient), 'the recipient, read back from the ledger').to.equal(before + TINYBARS);
    });
  });

  describe('when the transfer had not reached the network', () => {
    it('settles it within seconds as never executed (a no-op took its ID), and nothing was transferred, then or later', async () => {
      const before = await balance(recipient);
      // The node refuses every connection for transfers: the child is retrying when killed.
      const refusing = net.faults.inject({ rpc: 'cryptoTransfer', grpcError: 'UNAVAILABLE' });
      const transactionId = await killInFlight(async () => {
        while (refusing.hits === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      });
      refusing.remove();

      const took = await restartAndSettle();
      expect(took, 'time to settle the interrupted call').to.be.below(SETTLED_WITHIN_MS);
      const trail = await theTrailOf(transactionId);
      expect(trail.map(({ outcome, status }) => ({ outcome, status }))).to.deep.equal([{ outcome: 'interrupted', status: 'NOT_EXECUTED' }]);
      expect(trail[0]!.error!.message).to.match(/never executed and never can/);
      expect(await balance(recipient), 'the recipient, read back from the ledger').to.equal(before);
      // A copy of the call's transfer arriving now (a resend from somewhere) is refused: the ID is taken.
      const late = new TransferTransaction().setTransactionId(TransactionId.fromString(transactionId)).addHbarTransfer(net.operatorId, Hbar.fromTinybars(-TINYBARS)).addHbarTransfer(recipient, Hbar.fromTinybars(TINYBARS));
      const refused = await late.execute(client).then(() => 'OK', (error: unknown) => String((error as { status?: unknown }).status));
      expect(refused).to.equal('DUPLICATE_TRANSACTION');
      expect(await balance(recipient)).to.equal(before);
    });
  });

  describe('when the transfer was still on its way to a slow node at the kill, and arrives after the restart', () => {
    it('settles it within seconds as never executed, and the late transfer is refused as a duplicate', async () => {
      const before = await balance(recipient);
      // The node takes the transfer only 4 s after it was sent: the no-op of the restart gets there first.
      const slow = net.faults.inject({ rpc: 'cryptoTransfer', latencyMs: 4_000, times: 1 });
      const transactionId = await killInFlight(async () => {
        while (slow.hits === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      });

      const took = await restartAndSettle();
      expect(took, 'time to settle the interrupted call').to.be.below(SETTLED_WITHIN_MS);
      expect((await theTrailOf(transactionId)).map(({ outcome, status }) => ({ outcome, status }))).to.deep.equal([{ outcome: 'interrupted', status: 'NOT_EXECUTED' }]);
      // Past the moment the node handles the held transfer: it found the ID taken.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      expect(await balance(recipient), 'the recipient, read back from the ledger').to.equal(before);
    });
  });
});
