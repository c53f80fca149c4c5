import { expect } from 'chai';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, TopicMessageSubmitTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { AuditJournal } from '../../../src/audit/journal/audit-journal.js';
import { segmentsFolder } from '../../../src/audit/journal/journal-segments.js';
import { registerMessage } from '../../../src/audit/codecs/hcs2-codec.js';
import { entriesMessage } from '../../../src/audit/codecs/hcs-message-codec.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { entriesIn, readTopicMessages } from '../../support/mirror-messages.js';

describe('verifyAuditTopic', () => {
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let recipient: string;

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-verify-'));
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });

  afterEach(async () => {
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const topic = async (memo = '', adminKey = false): Promise<string> => {
    const create = new TopicCreateTransaction().setTopicMemo(memo);
    if (adminKey) create.setAdminKey(net.operatorKey.publicKey);
    return (await (await create.execute(client)).getReceipt(client)).topicId!.toString();
  };
  const post = async (topicId: string, message: string): Promise<void> => {
    await (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(message).execute(client)).getReceipt(client);
  };
  const audited = async (topicId: string, calls: number, deliver = true): Promise<void> => {
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir, deliver });
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
    for (let call = 0; call < calls; call++) await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 });
    await kit.close();
  };

  describe('when the topic holds a duplicate, a foreign message and an unknown entry', () => {
    it('names each problem in plain words', async () => {
      const topicId = await topic();
      await audited(topicId, 2);
      const delivered = await readTopicMessages(net.mirrorUrl, topicId);
      const first = delivered[0];
      const n = delivered.length;
      await post(topicId, first!);
      await post(topicId, 'hello');
      const stranger = { p: 'hedera-agent-hooks/audit', v: 1, e: [{ ...entriesIn(first!)[0], id: 'not-mine' }] };
      await post(topicId, JSON.stringify(stranger));

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.ok).to.equal(false);
      // Every entry of the resent first message is reported as a duplicate.
      const resent = entriesIn(first!);
      expect(report.problems, report.problems.join('\n')).to.have.length(2 + resent.length);
      expect(report.problems[0]).to.equal(`Message #${n + 2} is not JSON.`);
      expect(report.problems[1]).to.match(new RegExp(`^The entry in message #${n + 3} \\(id not-mine, transfer_hbar_tool, .*\\) is not in the journal`));
      resent.forEach((entry, at) => {
        expect(report.problems[2 + at]).to.match(new RegExp(`^Journal entry seq ${entry.seq} \\(transfer_hbar_tool, executed, .*\\) appears 2 times on the topic \\(message #1, message #${n + 1}\\)\\.$`));
      });
    });
  });

  describe('when delivered entries were compacted out of the hot file', () => {
    it('checks the whole history, segments included, and says when a segment is gone', async () => {
      const topicId = await topic();
      const journalPath = join(journalDir, `hcs-${topicId}.jsonl`);
      await audited(topicId, 3);
      // A restart that finds enough delivered entries compacts them (here: any at all).
      const journal = await AuditJournal.open(journalPath, undefined, { compactAfter: 1 });
      await journal.compacted();
      await journal.close();
      await audited(topicId, 2);

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report).to.include({ ok: true, entriesInJournal: 5, entriesOnTopic: 5 });

      renameSync(segmentsFolder(journalPath), `${segmentsFolder(journalPath)}-moved`);
      const missing = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(missing.ok).to.equal(false);
      expect(missing.entriesInJournal).to.equal(2);
      expect(missing.problems[0]).to.match(/^Journal segment 1 \(.*000001\.jsonl\) cannot be read \(ENOENT\)/);
      expect(missing.problems.slice(1)).to.have.length(3);
      for (const problem of missing.problems.slice(1)) expect(problem).to.match(/is not in the journal/);
    });
  });

  describe('when the journal lost its stream record between two runs', () => {
    it('says which entries went out under another stream than the journal\'s', async () => {
      const topicId = await topic();
      const journalPath = join(journalDir, `hcs-${topicId}.jsonl`);
      await audited(topicId, 2);
      const streams = async (): Promise<string[]> => (await readTopicMessages(net.mirrorUrl, topicId)).map((text) => JSON.parse(text).s as string);
      const before = await streams();
      const [first] = before;
      // What a compaction that dropped the record would leave: the next run makes a new stream.
      const lines = readFileSync(journalPath, 'utf8').split('\n');
      writeFileSync(journalPath, lines.filter((line) => !line.startsWith('{"r":"stream"')).join('\n'));
      await audited(topicId, 1);

      const after = (await streams()).slice(before.length);
      expect(new Set(before)).to.deep.equal(new Set([first]));
      expect(after).to.have.length(1);
      const second = after[0]!;
      expect(second).to.not.equal(first);
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([
        `Journal entries seq 1-2 reached the topic in batches of stream ${first}, but the journal's stream is ${second}: the journal lost its stream ID.`,
      ]);
    });
  });

  describe('when entries were journaled but not delivered', () => {
    it('says they are not on the topic yet and how to deliver them', async () => {
      const topicId = await topic();
      await audited(topicId, 1, false);
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.have.length(1);
      expect(report.problems[0]).to.match(/^Journal entry seq 1 .* is not on the topic yet: the journal has not delivered it/);
    });
  });

  describe('when a HOL session registers a file that is not a valid HCS-1 file', () => {
    it('reports the admin key, the missing submit key and the broken file', async () => {
      const sessionId = await topic('hcs-2:0:0');
      const fileTopic = await topic(`${'0'.repeat(64)}:brotli:base64`, true);
      await post(fileTopic, JSON.stringify({ o: 0, c: 'data:application/json;base64,AAAA' }));
      await post(sessionId, registerMessage(fileTopic));
      await post(sessionId, '{"p":"hcs-2","op":"delete","uid":"1"}');
      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId: sessionId, journalDir });
      expect(report.kind).to.equal('hol');
      expect(report.problems).to.deep.equal([
        `There is no journal for this topic at ${join(journalDir, `hol-${sessionId}.jsonl`)}; pass the journalDir the hook used.`,
        `The file topic ${fileTopic} (register #1) has an admin key, so it is not a valid HCS-1 file (it could be changed or deleted).`,
        `The file topic ${fileTopic} (register #1) has no submit key, so it is not a valid HCS-1 file.`,
        `The file topic ${fileTopic} (register #1) is not a valid HCS-1 file: its data does not decompress with brotli.`,
        'Session message #2 is not an HCS-2 register message.',
      ]);
    });
  });

  /** Two audit hooks of one topic open at once, one call each: what two processes of a fleet leave. */
  const twoStreams = async (topicId: string): Promise<void> => {
    const kits = await Promise.all([0, 1].map(() => createAgentKit({
      client, pluginsDir: null, plugins: [transferPlugin()],
      context: { hooks: [new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir })] },
    })));
    for (const kit of kits) await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 });
    for (const kit of kits) await kit.close();
  };

  describe('when the folder was written before journals had streams of their own (test/fixtures/audit-journal-main)', () => {
    // Made by the main branch's hooks (3b8150a): three calls, a compaction into a segment, two more calls.
    const FIXTURE = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'audit-journal-main');
    const FIXTURE_TOPIC = '0.0.1001';
    const FIXTURE_STREAM = '5e53409b-452c-4aaf-b943-018b5817c396';

    /** The fixture under `topicId`'s name, and its delivered history on that topic, as its hook had sent it. */
    const restoreFixture = async (topicId: string): Promise<string> => {
      const path = join(journalDir, `hcs-${topicId}.jsonl`);
      cpSync(join(FIXTURE, `hcs-${FIXTURE_TOPIC}.jsonl`), path);
      cpSync(segmentsFolder(join(FIXTURE, `hcs-${FIXTURE_TOPIC}.jsonl`)), segmentsFolder(path), { recursive: true });
      const archived = readFileSync(join(segmentsFolder(path), '000001.jsonl'), 'utf8').trim().split('\n').slice(0, -1).map((line) => JSON.parse(line).entry);
      for (const entry of archived) await post(topicId, entriesMessage({ stream: FIXTURE_STREAM, first: entry.seq, last: entry.seq }, [entry]));
      for (const line of readFileSync(path, 'utf8').trim().split('\n')) {
        const record = JSON.parse(line);
        if (record.r === 'job') for (const message of record.payload) await post(topicId, message);
      }
      return path;
    };

    it('verifies it as it is, then as the first stream beside a new one, its stream and seqs going on', async () => {
      const topicId = await topic();
      const path = await restoreFixture(topicId);
      const before = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(before.problems).to.deep.equal([]);
      expect(before).to.include({ ok: true, entriesInJournal: 5, entriesOnTopic: 5, journal: path });
      expect(before.streams).to.deep.equal([{ stream: FIXTURE_STREAM, journal: path, entriesInJournal: 5, entriesOnTopic: 5, problems: [], ok: true }]);

      await twoStreams(topicId);
      const after = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(after.problems, after.problems.join('\n')).to.deep.equal([]);
      expect(after.journals).to.deep.equal([path, join(journalDir, `hcs-${topicId}.stream-2.jsonl`)]);
      expect(after.streams.map((stream) => [stream.stream === FIXTURE_STREAM, stream.entriesInJournal, stream.entriesOnTopic])).to.deep.equal([[true, 6, 6], [false, 1, 1]]);
      const seqs = readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line)).filter((record) => record.r === 'entry').map((record) => record.entry.seq);
      expect(seqs).to.deep.equal([4, 5, 6]);
    });
  });

  describe('when a stream on the topic has no journal in the folder', () => {
    it('reports that stream as not compared, and the stream that has one as verified', async () => {
      const topicId = await topic();
      await twoStreams(topicId);
      const second = join(journalDir, `hcs-${topicId}.stream-2.jsonl`);
      const moved = JSON.parse(readFileSync(second, 'utf8').split('\n').find((line) => line.startsWith('{"r":"stream"'))!).id as string;
      renameSync(second, join(journalDir, 'moved-away.jsonl'));

      const report = await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir });
      expect(report.problems).to.deep.equal([]);
      expect(report).to.include({ ok: true, entriesInJournal: 1, entriesOnTopic: 2 });
      expect(report.streams.map((item) => [item.journal, item.entriesOnTopic, item.ok])).to.deep.equal([
        [join(journalDir, `hcs-${topicId}.jsonl`), 1, true],
        [undefined, 1, true],
      ]);
      expect(report.streams[1]!.stream).to.equal(moved);
    });
  });
});
