import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sinon from 'sinon';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../../../../src/audit/journal/audit-journal.js';
import { readJournalSnapshot } from '../../../../src/audit/journal/journal-reader.js';
import { segmentsFolder } from '../../../../src/audit/journal/journal-segments.js';
import type { Logger } from '../../../../src/lifecycle/logger.js';

function entry(seq: number, transactionId?: string): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: 's', timestamp: new Date(0).toISOString(),
    tool: 't', outcome: 'executed', stage: 'postToolExecution', params: { n: seq }, paramsKind: 'normalised',
    ...(transactionId ? { transactionId } : {}),
  };
}

const intent = (transactionId: string) => ({ transactionId, tool: 't', at: 'x', params: {}, paramsKind: 'raw' as const });
const ids = (entries: readonly { id: string }[]): string[] => entries.map((item) => item.id);

/** What the publisher writes for a job that went out in one message. */
async function deliver(journal: AuditJournal, entries: string[]): Promise<void> {
  const job = await journal.addJob(entries, [`message for ${entries.join(',')}`]);
  await journal.plan(job.job, 'message-0', '0.0.2@1.1');
  await journal.done(job.job, 'message-0', '7');
  await journal.complete(job.job);
}

/**
 * What the pipelined publisher writes for a batch: the job with its message's transaction ID in one
 * write, then, once the message landed, its `done` and `complete` side by side (sharing a write).
 */
async function deliverBatch(journal: AuditJournal, entries: string[]): Promise<void> {
  const job = await journal.addPlannedJob(entries, [`batch of ${entries.join(',')}`], [{ step: 'message-0', transactionId: '0.0.2@2.1' }]);
  await Promise.all([journal.done(job.job, 'message-0', '9'), journal.complete(job.job)]);
}

async function addEntries(journal: AuditJournal, count: number): Promise<AuditEntry[]> {
  const written: AuditEntry[] = [];
  for (let at = 0; at < count; at++) written.push(await journal.addEntry((seq) => entry(seq)));
  return written;
}

describe('AuditJournal compaction', () => {
  const sandbox = sinon.createSandbox();
  let dir: string;
  let path: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-compaction-'));
    path = join(dir, 'hcs-0.0.1.jsonl');
  });

  afterEach(() => {
    sandbox.restore();
    rmSync(dir, { recursive: true, force: true });
  });

  const hotRecords = (): { r: string; [key: string]: unknown }[] => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  const segmentFiles = (): string[] => (existsSync(segmentsFolder(path)) ? readdirSync(segmentsFolder(path)).sort() : []);

  describe('when enough entries are delivered', () => {
    it('moves them to a sealed segment and keeps only what is live in the hot file', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 3 });
      await addEntries(journal, 5);
      await deliver(journal, ['id-1', 'id-2', 'id-3']);
      await journal.compacted();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      const records = hotRecords();
      expect(records[0]).to.deep.equal({ r: 'archive', segments: 1, entries: 3, lastSeq: 5 });
      expect(records.slice(1).map((record) => record.r)).to.deep.equal(['entry', 'entry']);
      expect(ids(journal.undeliveredEntries())).to.deep.equal(['id-4', 'id-5']);
      await journal.close();

      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(ids(snapshot.entries)).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4', 'id-5']);
      expect([...snapshot.delivered].sort()).to.deep.equal(['id-1', 'id-2', 'id-3']);
      expect(snapshot.archived).to.equal(3);
    });

    it('waits until compactAfter entries are delivered', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 3 });
      await addEntries(journal, 3);
      await deliver(journal, ['id-1', 'id-2']);
      await journal.compacted();
      expect(segmentFiles()).to.deep.equal([]);
      await deliver(journal, ['id-3']);
      await journal.compacted();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      await journal.close();
    });

    it('goes on numbering after the archived entries when none is left in the hot file', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 2 });
      await addEntries(journal, 2);
      await deliver(journal, ['id-1', 'id-2']);
      await journal.close();
      expect(hotRecords()).to.deep.equal([{ r: 'archive', segments: 1, entries: 2, lastSeq: 2 }]);

      const again = await AuditJournal.open(path);
      expect(again.undeliveredCount()).to.equal(0);
      expect(await again.addEntry((seq) => entry(seq))).to.include({ seq: 3 });
      await again.close();
    });

    it('carries the no-ops sent under an unsettled intent into the new file, and drops them with the intent once its entry is written', async () => {
      const noopHash = 'ab'.repeat(48);
      const settledHash = 'cd'.repeat(48);
      const crashed = await AuditJournal.open(path);
      await crashed.addIntent({ ...intent('0.0.2@1.1'), preemptible: true });
      await crashed.addIntent({ ...intent('0.0.2@1.2'), preemptible: true });
      await crashed.close();
      // The restart sent a no-op under each ID, settled the second, and compacted before settling the first.
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 2 });
      await journal.addNoop('0.0.2@1.1', [noopHash]);
      await journal.addNoop('0.0.2@1.2', [settledHash]);
      await journal.addEntry((seq) => entry(seq, '0.0.2@1.2'));
      expect(journal.noopHashes('0.0.2@1.2'), 'settled: its no-ops no longer matter').to.deep.equal([]);
      await addEntries(journal, 2);
      await deliver(journal, ['id-1', 'id-2']);
      await journal.compacted();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      expect(hotRecords().filter((record) => record.r === 'noop')).to.deep.equal([{ r: 'noop', transactionId: '0.0.2@1.1', hashes: [noopHash] }]);
      await journal.close();

      // A later start still knows the no-op's hash, so a record with it is never taken for the call's.
      const again = await AuditJournal.open(path);
      expect(again.unresolvedIntents().map((each) => [each.transactionId, each.preemptible])).to.deep.equal([['0.0.2@1.1', true]]);
      expect(again.noopHashes('0.0.2@1.1')).to.deep.equal([noopHash]);
      await again.close();
    });

    it('carries intents without an outcome and jobs in progress, with their latest plan, into the new file', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 2 });
      await journal.addIntent(intent('0.0.2@1.1')); // a call of this run still in progress
      await journal.addIntent(intent('0.0.2@1.2'));
      await journal.addEntry((seq) => entry(seq, '0.0.2@1.2'));
      await addEntries(journal, 3);
      const inProgress = await journal.addJob(['id-3'], ['payload of 3']);
      await journal.plan(inProgress.job, 'message-0', '0.0.2@5.1');
      await journal.plan(inProgress.job, 'message-0', '0.0.2@5.2'); // replanned after its ID expired
      await journal.done(inProgress.job, 'file-topic', '0.0.99');
      await deliver(journal, ['id-1', 'id-2']);
      await journal.compacted();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      expect(hotRecords().filter((record) => record.r === 'plan')).to.have.length(1);
      expect(journal.unresolvedIntents()).to.deep.equal([]);
      await journal.close();

      const again = await AuditJournal.open(path);
      expect(again.unresolvedIntents().map((each) => each.transactionId)).to.deep.equal(['0.0.2@1.1']);
      const [job] = again.openJobs();
      expect(again.openJobs()).to.have.length(1);
      expect(job).to.deep.include({ job: inProgress.job, entries: ['id-3'], payload: ['payload of 3'], complete: false });
      expect([...job!.plans]).to.deep.equal([['message-0', '0.0.2@5.2']]);
      expect([...job!.done]).to.deep.equal([['file-topic', '0.0.99']]);
      expect(ids(again.unassignedEntries())).to.deep.equal(['id-4']);
      expect(ids(again.undeliveredEntries())).to.deep.equal(['id-3', 'id-4']);
      await again.close();
    });

    it('loses and duplicates nothing written while it runs', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 10 });
      await addEntries(journal, 10);
      const job = await journal.addJob(ids(journal.undeliveredEntries()), ['m']);
      // complete() starts the compaction; these writes race it.
      const racing = journal.complete(job.job).then(() =>
        Promise.all(Array.from({ length: 20 }, () => journal.addEntry((seq) => entry(seq)))).then((written) => deliver(journal, ids(written.slice(0, 5)))),
      );
      await racing;
      await journal.compacted();
      await journal.close();

      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(snapshot.entries.map((item) => item.seq)).to.deep.equal(Array.from({ length: 30 }, (_, at) => at + 1));
      expect(snapshot.delivered.size).to.equal(15);
      const again = await AuditJournal.open(path);
      expect(again.undeliveredEntries().map((item) => item.seq)).to.deep.equal(Array.from({ length: 15 }, (_, at) => at + 16));
      await again.close();
    });

    it('refuses a compactAfter that is not a positive whole number', async () => {
      for (const compactAfter of [0, -1, 1.5, Number.NaN]) {
        await AuditJournal.open(path, undefined, { compactAfter }).then(
          () => expect.fail(`opened with compactAfter ${compactAfter}`),
          (error: Error) => expect(error.message).to.contain('compactAfter must be a positive whole number'),
        );
      }
      // The refusal released the lock.
      await (await AuditJournal.open(path)).close();
    });
  });

  describe('when the journal has a stream', () => {
    it('carries the stream record into every compacted hot file: reopened, the journal keeps its stream ID and goes on with its seqs', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 3 });
      const stream = await journal.streamId();
      await addEntries(journal, 4);
      await deliverBatch(journal, ['id-1', 'id-2', 'id-3']);
      await journal.compacted();
      expect(hotRecords().slice(0, 2)).to.deep.equal([
        { r: 'archive', segments: 1, entries: 3, lastSeq: 4 },
        { r: 'stream', id: stream },
      ]);
      await journal.close();

      const again = await AuditJournal.open(path, undefined, { compactAfter: 3 });
      expect(await again.streamId()).to.equal(stream);
      const [next] = await addEntries(again, 2);
      expect(next!.seq).to.equal(5);
      await deliverBatch(again, ['id-4', 'id-5', 'id-6']);
      await again.compacted();
      await again.close();
      // The second compaction kept the same one record, and nothing wrote a new stream.
      expect(hotRecords()).to.deep.equal([
        { r: 'archive', segments: 2, entries: 6, lastSeq: 6 },
        { r: 'stream', id: stream },
      ]);

      const third = await AuditJournal.open(path);
      expect(await third.streamId()).to.equal(stream);
      expect((await third.addEntry((seq) => entry(seq))).seq).to.equal(7);
      await third.close();
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(snapshot.stream).to.equal(stream);
      expect(snapshot.entries.map((item) => item.seq)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    });

    it('keeps a stream made while a compaction is queued', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 2 });
      await addEntries(journal, 2);
      const job = await journal.addJob(['id-1', 'id-2'], ['m']);
      // complete() starts the compaction, and the first stream record's write races it.
      const [, stream] = await Promise.all([journal.complete(job.job), journal.streamId()]);
      await journal.compacted();
      await journal.close();
      expect(hotRecords().filter((record) => record.r === 'stream')).to.deep.equal([{ r: 'stream', id: stream }]);
      const again = await AuditJournal.open(path);
      expect(await again.streamId()).to.equal(stream);
      await again.close();
    });
  });

  describe('when batches are in flight while it runs', () => {
    it('carries their jobs with their transaction IDs, and the job objects the publisher holds go on being updated in place', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 2 });
      const stream = await journal.streamId();
      await addEntries(journal, 6);
      const inFlight = await journal.addPlannedJob(['id-3', 'id-4'], ['batch 3-4'], [{ step: 'message-0', transactionId: '0.0.2@3.1' }]);
      const split = await journal.addPlannedJob(['id-5'], ['part 0', 'part 1'], [
        { step: 'message-0', transactionId: '0.0.2@4.1' },
        { step: 'message-1', transactionId: '0.0.2@4.2' },
      ]);
      // Delivering 1–2 starts a compaction; the first batch's message lands meanwhile.
      await deliverBatch(journal, ['id-1', 'id-2']);
      const landed = journal.done(inFlight.job, 'message-0', '11');
      await journal.compacted();
      await landed;
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      expect(journal.openJobs()).to.have.length(2);
      expect(journal.openJobs()[0]).to.equal(inFlight);
      expect(journal.openJobs()[1]).to.equal(split);
      expect([...inFlight.done]).to.deep.equal([['message-0', '11']]);

      // After the compaction: one part of the split batch lands, then the first batch completes.
      await journal.done(split.job, 'message-1', '13');
      expect([...split.done]).to.deep.equal([['message-1', '13']]);
      await journal.complete(inFlight.job); // two more delivered: the next compaction, awaited by close()
      expect(inFlight.complete).to.equal(true);
      expect(ids(journal.undeliveredEntries())).to.deep.equal(['id-5', 'id-6']);
      await journal.close();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl', '000002.jsonl']);

      const again = await AuditJournal.open(path);
      expect(await again.streamId()).to.equal(stream);
      const [job] = again.openJobs();
      expect(again.openJobs()).to.have.length(1);
      expect(job).to.deep.include({ job: split.job, entries: ['id-5'], payload: ['part 0', 'part 1'], complete: false });
      expect([...job!.plans]).to.deep.equal([['message-0', '0.0.2@4.1'], ['message-1', '0.0.2@4.2']]);
      expect([...job!.done]).to.deep.equal([['message-1', '13']]);
      expect(ids(again.unassignedEntries())).to.deep.equal(['id-6']);
      await again.close();
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(ids(snapshot.entries)).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4', 'id-5', 'id-6']);
      expect([...snapshot.delivered].sort()).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4']);
      expect(snapshot.archived).to.equal(4);
    });
  });

  describe('when a hot file from before compaction holds a long delivered history', () => {
    it('compacts it in the background after opening, into segments of at most 10000 entries', async () => {
      const records = [];
      for (let seq = 1; seq <= 10_001; seq++) records.push({ r: 'entry', entry: entry(seq) });
      records.push({ r: 'job', job: 'j', entries: records.map((record) => record.entry.id), payload: ['m'] }, { r: 'complete', job: 'j' });
      writeFileSync(path, records.map((record) => JSON.stringify(record) + '\n').join(''));

      const journal = await AuditJournal.open(path);
      expect(journal.undeliveredCount()).to.equal(0);
      await journal.compacted();
      await journal.close();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl', '000002.jsonl']);
      expect(hotRecords()).to.deep.equal([{ r: 'archive', segments: 2, entries: 10_001, lastSeq: 10_001 }]);
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(snapshot.entries).to.have.length(10_001);
    });
  });

  describe('when a compaction was interrupted by a crash', () => {
    /**
     * The files a crash leaves between a segment's rename and the hot file's: the hot file from
     * before the compaction (delivered entries still in it) beside the segment already written, a
     * half-written next segment and a half-written replacement hot file.
     */
    async function interruptedCompaction(): Promise<void> {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 1_000 });
      await addEntries(journal, 4);
      await deliver(journal, ['id-1', 'id-2', 'id-3']);
      await journal.close();
      const before = readFileSync(path);
      const compacting = await AuditJournal.open(path, undefined, { compactAfter: 3 });
      await compacting.compacted();
      await compacting.close();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      writeFileSync(path, before);
      writeFileSync(join(segmentsFolder(path), '000002.jsonl.tmp'), '{"r":"entry","entry":{"type":"hedera-agent-hooks/au');
      writeFileSync(`${path}.compact.tmp`, '{"r":"archive","segments":1,"entries":3,"lastSeq":4}\n{"r":"entry","en');
    }

    it('a reader meanwhile sees every entry once: a segment the hot file does not count is not read', async () => {
      await interruptedCompaction();
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(ids(snapshot.entries)).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4']);
      expect(snapshot.archived).to.equal(0);
    });

    it('opening deletes what it left and keeps each entry once, the delivered ones as delivered', async () => {
      await interruptedCompaction();
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 1_000 });
      expect(existsSync(`${path}.compact.tmp`)).to.equal(false);
      expect(segmentFiles()).to.deep.equal([]);
      expect(ids(journal.undeliveredEntries())).to.deep.equal(['id-4']);
      expect(ids(journal.unassignedEntries())).to.deep.equal(['id-4']);
      await journal.close();
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(ids(snapshot.entries)).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4']);
      expect([...snapshot.delivered].sort()).to.deep.equal(['id-1', 'id-2', 'id-3']);
    });

    it('the next compaction writes the segment again and counts it', async () => {
      await interruptedCompaction();
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 3 });
      await journal.compacted();
      await journal.close();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      expect(hotRecords()[0]).to.deep.equal({ r: 'archive', segments: 1, entries: 3, lastSeq: 4 });
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(ids(snapshot.entries)).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4']);
    });
  });

  describe('when a compaction fails', () => {
    const logger = (): Logger & { warn: sinon.SinonStub } => ({ debug: sandbox.stub(), warn: sandbox.stub(), error: sandbox.stub() });

    it('while writing the segment: the hot file stays as it was and a later compaction succeeds', async () => {
      const rename = sandbox.stub(fsPromises, 'rename').rejects(new Error('EIO: simulated'));
      const log = logger();
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 2, logger: log });
      await addEntries(journal, 3);
      await deliver(journal, ['id-1', 'id-2']);
      await journal.compacted();
      expect(log.warn.calledOnce).to.equal(true);
      expect(log.warn.firstCall.args[0]).to.include({ journal: path, error: 'EIO: simulated' });
      expect(hotRecords().filter((record) => record.r === 'entry')).to.have.length(3);
      expect(hotRecords()[0]!.r).to.equal('entry');

      rename.restore();
      await deliver(journal, ['id-3']); // not yet: retried after compactAfter more deliveries
      await journal.compacted();
      expect(segmentFiles()).to.deep.equal([]);
      await journal.addEntry((seq) => entry(seq));
      await deliver(journal, ['id-4']);
      await journal.compacted();
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      await journal.close();
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(snapshot.archived).to.equal(4);
      expect(ids(snapshot.entries)).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4']);
    });

    it('while replacing the hot file: the journal goes on, and the segment it did not count is never read', async () => {
      const rename = sandbox.stub(fsPromises, 'rename').callThrough();
      rename.onSecondCall().rejects(new Error('ENOSPC: simulated'));
      const log = logger();
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 2, logger: log });
      await addEntries(journal, 2);
      await deliver(journal, ['id-1', 'id-2']);
      await journal.compacted();
      expect(log.warn.calledOnce).to.equal(true);
      expect(segmentFiles()).to.deep.equal(['000001.jsonl']);
      expect(existsSync(`${path}.compact.tmp`)).to.equal(false);
      await journal.addEntry((seq) => entry(seq));
      expect(ids(journal.undeliveredEntries())).to.deep.equal(['id-3']);
      expect(readJournalSnapshot(path)!.problems).to.deep.equal([]);
      expect(readJournalSnapshot(path)!.archived).to.equal(0);
      await journal.close();

      const again = await AuditJournal.open(path);
      expect(ids(again.undeliveredEntries())).to.deep.equal(['id-3']);
      expect(segmentFiles()).to.deep.equal([]);
      await again.close();
    });
  });
});
