import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import type { AuditTrailOptions } from '../../../src/hooks/audit-trail-base.js';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../src/audit/entries/audit-entry.js';
import { decodeAuditMessage } from '../../../src/audit/codecs/hcs-message-codec.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

interface MirrorMessage {
  consensus_timestamp: string;
  message: string;
}

/** Every message of a topic as the mirror lists it (consensus order). */
async function mirrorMessages(mirrorUrl: string, topicId: string): Promise<MirrorMessage[]> {
  const all: MirrorMessage[] = [];
  let next: string | null = `/api/v1/topics/${topicId}/messages?limit=100&order=asc`;
  while (next) {
    const body = (await (await fetch(new URL(next, mirrorUrl))).json()) as { messages: MirrorMessage[]; links: { next: string | null } };
    all.push(...body.messages);
    next = body.links.next;
  }
  return all;
}

/** `"1700000000.000000123"` → microseconds since the first of `base`'s second (exact as a number). */
const micros = (timestamp: string, base: number): number => {
  const [seconds, fraction] = timestamp.split('.');
  return (Number(seconds) - base) * 1_000_000 + Math.floor(Number(fraction!.padEnd(9, '0')) / 1_000);
};

/** The seqs each message carries, in consensus order. */
const seqsPerMessage = (messages: readonly MirrorMessage[]): number[][] =>
  messages.map((message) => {
    const decoded = decodeAuditMessage(Buffer.from(message.message, 'base64').toString('utf8'));
    return decoded.kind === 'entries' ? decoded.entries.map((entry) => (entry as AuditEntry).seq) : [];
  });

describe('pipelined audit delivery on the devnet', function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let topicId: string;
  const kits: AgentKit[] = [];

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-pipelined-'));
    topicId = (await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client)).topicId!.toString();
  });

  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const journalPath = (): string => join(journalDir, `hcs-${topicId}.jsonl`);

  /** Journals `count` entries as an earlier run would have left them: all waiting at once. */
  const journalEntries = async (count: number, noteBytes: number): Promise<void> => {
    const journal = await AuditJournal.open(journalPath());
    // A hundred at a time: concurrent appends share one fsync.
    for (let written = 0; written < count; written += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, count - written) }, () =>
          journal.addEntry((assigned) => ({
            type: AUDIT_ENTRY_TYPE, version: 1, id: `entry-${assigned}`, seq: assigned, session: '0.0.2', timestamp: new Date(0).toISOString(),
            tool: 'echo_tool', outcome: 'executed', stage: 'postToolExecution', params: { note: randomBytes(noteBytes).toString('hex') }, paramsKind: 'normalised', status: 'SUCCESS',
          })),
        ),
      );
    }
    await journal.close();
  };

  const startKit = async (options: AuditTrailOptions, loggingClient?: Client): Promise<AgentKit> => {
    const hook = new HcsAuditTrailHook(['echo_tool'], topicId, loggingClient, { journalDir, minBackoffMs: 10, maxBackoffMs: 100, ...options });
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('echo', new EchoTool())], context: { hooks: [hook] } });
    kits.push(kit);
    return kit;
  };

  describe('when calls come one after another within the linger', () => {
    it('holds their entries back, then sends them as one batch that the reader splits; a restart continues the stream', async () => {
      const first = await startKit({ lingerMs: 60_000 });
      for (let k = 0; k < 5; k++) expect((await first.execute('echo_tool', { text: `call ${k}` })).raw.status).to.equal('SUCCESS');
      // The linger is a minute, so nothing has gone out yet; the entries are on disk.
      expect(first.audit.pending()[0]!.undelivered).to.equal(5);
      expect(await readTopicMessages(net.mirrorUrl, topicId)).to.deep.equal([]);
      const [status] = await first.audit.flush(10_000);
      expect(status!.undelivered).to.equal(0);
      await first.close();

      const afterFirst = await readTopicMessages(net.mirrorUrl, topicId);
      expect(afterFirst).to.have.length(1);
      expect(auditEntries(afterFirst).map((entry) => entry.params.text)).to.deep.equal(['call 0', 'call 1', 'call 2', 'call 3', 'call 4']);

      const second = await startKit({ lingerMs: 60_000 });
      for (let k = 5; k < 8; k++) await second.execute('echo_tool', { text: `call ${k}` });
      await second.close();
      const texts = await readTopicMessages(net.mirrorUrl, topicId);
      expect(texts).to.have.length(2);
      const streams = texts.map((text) => JSON.parse(text).s);
      expect(streams[0]).to.be.a('string').and.equal(streams[1]);
      expect(texts.map((text) => JSON.parse(text).seq)).to.deep.equal([[1, 5], [6, 8]]);
      expect(auditEntries(texts).map((entry) => entry.seq)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });

  describe('when lingerMs is 0', () => {
    it('sends an entry without waiting for company or a flush', async () => {
      const kit = await startKit({ lingerMs: 0 });
      await kit.execute('echo_tool', { text: 'alone' });
      let texts: string[] = [];
      for (let attempt = 0; attempt < 200 && texts.length === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        texts = await readTopicMessages(net.mirrorUrl, topicId);
      }
      expect(auditEntries(texts).map((entry) => entry.params.text)).to.deep.equal(['alone']);
    });
  });

  describe('when many batches wait and every message is slow to be handled', () => {
    it('keeps at most maxInFlight submissions outstanding, and more than one', async () => {
      // About two entries per message: some 25 messages.
      await journalEntries(50, 220);
      const latencyMs = 300;
      net.faults.inject({ rpc: 'submitMessage', latencyMs });
      const maxInFlight = 4;
      const kit = await startKit({ maxInFlight, lingerMs: 0 });
      const [status] = await kit.audit.flush(30_000);
      expect(status!.undelivered).to.equal(0);

      // A message is handled `latencyMs` after it reaches the node, and with at most k outstanding the
      // (k+1)-th can only be sent once one of them was answered: any k+1 consecutive consensus times
      // then span more than the latency (less a timer's millisecond of slack). Sent together, they would not.
      const messages = await mirrorMessages(net.mirrorUrl, topicId);
      const base = Number(messages[0]!.consensus_timestamp.split('.')[0]);
      const times = messages.map((message) => micros(message.consensus_timestamp, base));
      expect(times.length).to.be.greaterThan(maxInFlight * 3);
      const slack = 20_000;
      const latency = latencyMs * 1_000;
      for (let at = 0; at + maxInFlight < times.length; at++) {
        expect(times[at + maxInFlight]! - times[at]!, `messages ${at + 1}..${at + maxInFlight + 1}`).to.be.greaterThan(latency - slack);
      }
      const overlapping = times.slice(1).filter((time, at) => time - times[at]! < latency / 3).length;
      expect(overlapping, 'messages handled while another was outstanding').to.be.greaterThan(0);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });

  describe('when the journal compacts its delivered history while batches are in flight', () => {
    it('moves that history to segments, and a restarted journal goes on in the same stream, seq after seq', async () => {
      // More than the 1000 delivered entries that start a compaction; the rest are still in flight
      // (slow messages, up to 32 at once) when the batch that crosses the threshold completes.
      await journalEntries(1_100, 20);
      net.faults.inject({ rpc: 'submitMessage', latencyMs: 20 });
      const first = await startKit({ lingerMs: 0 });
      const [status] = await first.audit.flush(45_000);
      expect(status!.undelivered, status!.lastError).to.equal(0);
      await first.close();
      const compacted = readJournalSnapshot(journalPath())!;
      expect(compacted.problems).to.deep.equal([]);
      expect(compacted.archived, 'entries moved to segments').to.be.at.least(1_000);

      const second = await startKit({ lingerMs: 0 });
      for (let k = 0; k < 3; k++) await second.execute('echo_tool', { text: `after ${k}` });
      await second.close();

      const texts = await readTopicMessages(net.mirrorUrl, topicId);
      expect(new Set(texts.map((text) => JSON.parse(text).s)), 'streams on the topic').to.deep.equal(new Set([readJournalSnapshot(journalPath())!.stream]));
      const entries = auditEntries(texts);
      expect(entries.map((entry) => entry.seq)).to.deep.equal(Array.from({ length: 1_103 }, (_, at) => at + 1));
      expect(entries.slice(-3).map((entry) => entry.params.text)).to.deep.equal(['after 0', 'after 1', 'after 2']);
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report).to.include({ entriesInJournal: 1_103, entriesOnTopic: 1_103 });
    });
  });

  describe('when answers are lost past the gRPC deadline, receipts fail and one message is held up', () => {
    it('publishes every entry exactly once, and readers restore seq order although batches landed out of it', async () => {
      await journalEntries(60, 150);
      // The first message handled waits long enough for several later ones to overtake it.
      net.faults.inject({ rpc: 'submitMessage', latencyMs: 600, times: 1 });
      // Applied, but answered after the client's deadline: the SDK resends and meets DUPLICATE_TRANSACTION.
      const lost = net.faults.inject({ rpc: 'submitMessage', responseDelayMs: 1_500, times: 4 });
      // A fixed number of lost receipts: with a probability, a run with few receipt queries could meet none.
      const receipts = net.faults.inject({ rpc: 'getTransactionReceipts', grpcError: 'UNAVAILABLE', times: 3 });
      // Fast answers take a few ms on loopback; 400 ms is a deadline only the injected delay misses.
      const kit = await startKit({ maxInFlight: 8, lingerMs: 0 }, net.client().setGrpcDeadline(400));
      const [status] = await kit.audit.flush(45_000);
      expect(status!.undelivered, status!.lastError).to.equal(0);
      expect(lost.hits).to.equal(4);
      expect(receipts.hits).to.equal(3);

      const messages = await mirrorMessages(net.mirrorUrl, topicId);
      const landed = seqsPerMessage(messages);
      const inConsensusOrder = landed.flat();
      expect([...inConsensusOrder].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 60 }, (_, at) => at + 1));
      expect(inConsensusOrder, 'some batch overtook an earlier one').to.not.deep.equal([...inConsensusOrder].sort((a, b) => a - b));
      const texts = messages.map((message) => Buffer.from(message.message, 'base64').toString('utf8'));
      expect(auditEntries(texts).map((entry) => entry.seq)).to.deep.equal(Array.from({ length: 60 }, (_, at) => at + 1));
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });
});
