import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../../../../src/audit/journal/audit-journal.js';
import { openStreamJournal, streamJournalPath, streamNumbers } from '../../../../src/audit/journal/journal-streams.js';

const FILE = 'hcs-0.0.1.jsonl';

function entry(seq: number): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}-${Math.random()}`, seq, session: 's', timestamp: new Date(0).toISOString(),
    tool: 't', outcome: 'executed', stage: 'postToolExecution', params: {}, paramsKind: 'normalised',
  };
}

/** A pid that was alive a moment ago and is not any more. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

/** What a process that holds `path` (alive or not) leaves beside it. */
function heldBy(path: string, pid: number): void {
  mkdirSync(`${path}.lock`);
  writeFileSync(`${path}.owner`, JSON.stringify({ pid, host: hostname() }));
}

describe('stream journals in a shared folder', () => {
  let dir: string;
  const path = (n: number): string => streamJournalPath(dir, FILE, n);
  const opened: AuditJournal[] = [];
  const open = async (): Promise<AuditJournal> => {
    const journal = await openStreamJournal(dir, FILE);
    opened.push(journal);
    return journal;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-streams-'));
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((journal) => journal.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when several journals of one trail are open at once', () => {
    it('gives each its own file and stream, the first one the name a single process always had', async () => {
      const [first, second, third] = [await open(), await open(), await open()];
      expect([first.path, second.path, third.path]).to.deep.equal([join(dir, FILE), join(dir, 'hcs-0.0.1.stream-2.jsonl'), join(dir, 'hcs-0.0.1.stream-3.jsonl')]);
      const streams = await Promise.all([first, second, third].map((journal) => journal.streamId()));
      expect(new Set(streams).size).to.equal(3);
      // Seqs are per stream: each journal numbers its own entries from 1.
      const seqs = await Promise.all([first, second, third].map(async (journal) => (await journal.addEntry((seq) => entry(seq))).seq));
      expect(seqs).to.deep.equal([1, 1, 1]);
      expect(streamNumbers(dir, FILE)).to.deep.equal([1, 2, 3]);
    });
  });

  describe('when a process restarts on a folder whose journals are all free', () => {
    it('takes one that still has undelivered entries before a lower one with nothing left, and keeps its stream and seqs', async () => {
      const idle = await AuditJournal.open(path(1));
      await idle.close();
      const left = await AuditJournal.open(path(2));
      const stream = await left.streamId();
      await left.addEntry((seq) => entry(seq));
      await left.close();

      const adopted = await open();
      expect(adopted.path).to.equal(path(2));
      expect(await adopted.streamId()).to.equal(stream);
      expect((await adopted.addEntry((seq) => entry(seq))).seq).to.equal(2);
    });

    it('takes the lowest one when none has work left, so one process restarted goes on with its stream', async () => {
      for (const n of [1, 2]) await (await AuditJournal.open(path(n))).close();
      expect((await open()).path).to.equal(path(1));
    });
  });

  describe('when a journal is held by a live process and another by one that died', () => {
    it('leaves the live one alone and adopts the dead one at once', async () => {
      for (const n of [1, 2]) await (await AuditJournal.open(path(n))).close();
      heldBy(path(1), process.ppid);
      heldBy(path(2), deadPid());
      expect((await open()).path).to.equal(path(2));
      expect((await open()).path).to.equal(path(3));
    });
  });

  describe('when the folder holds other files', () => {
    it('counts only the hot files of this trail, under the names it gives', () => {
      for (const name of [FILE, 'hcs-0.0.1.stream-4.jsonl', 'hcs-0.0.1.stream-04.jsonl', 'hcs-0.0.1.stream-1.jsonl', 'hcs-0.0.11.stream-2.jsonl', 'hcs-0.0.1.stream-2.jsonl.owner', 'hol-0.0.1.jsonl']) {
        writeFileSync(join(dir, name), '');
      }
      expect(streamNumbers(dir, FILE)).to.deep.equal([1, 4]);
      expect(streamNumbers(join(dir, 'missing'), FILE)).to.deep.equal([]);
    });
  });
});
