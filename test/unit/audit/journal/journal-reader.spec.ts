import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../../../../src/audit/journal/audit-journal.js';
import { readJournalSnapshot, readUndeliveredEntries } from '../../../../src/audit/journal/journal-reader.js';
import { segmentsFolder } from '../../../../src/audit/journal/journal-segments.js';

function entry(seq: number): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: 's', timestamp: new Date(0).toISOString(),
    tool: 't', outcome: 'executed', stage: 'postToolExecution', params: {}, paramsKind: 'normalised',
  };
}

describe('journal reader', () => {
  let dir: string;
  let path: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'journal-reader-'));
    path = join(dir, 'hcs-0.0.1.jsonl');
    // Entries 1–4 delivered and compacted into segments 1 (1, 2) and 2 (3, 4); 5 delivered, still hot; 6 not delivered.
    const journal = await AuditJournal.open(path, undefined, { compactAfter: 2 });
    for (let at = 0; at < 6; at++) await journal.addEntry((seq) => entry(seq));
    for (const ids of [['id-1', 'id-2'], ['id-3', 'id-4'], ['id-5']]) {
      await journal.complete((await journal.addJob(ids, ['m'])).job);
      await journal.compacted();
    }
    await journal.close();
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const ids = (entries: readonly { id: string }[] | undefined): string[] => (entries ?? []).map((item) => item.id);

  describe('when the journal was compacted', () => {
    it('reads the whole history: segments and hot file, in sequence order, segments as delivered', () => {
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.deep.equal([]);
      expect(ids(snapshot.entries)).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4', 'id-5', 'id-6']);
      expect([...snapshot.delivered].sort()).to.deep.equal(['id-1', 'id-2', 'id-3', 'id-4', 'id-5']);
      expect(snapshot.archived).to.equal(4);
    });

    it('lists the undelivered entries from the hot file alone', () => {
      rmSync(segmentsFolder(path), { recursive: true });
      expect(ids(readUndeliveredEntries(path))).to.deep.equal(['id-6']);
    });
  });

  describe('when the history is not what the hot file counts', () => {
    it('reports a missing segment', () => {
      rmSync(join(segmentsFolder(path), '000002.jsonl'));
      const snapshot = readJournalSnapshot(path)!;
      expect(snapshot.problems).to.have.length(1);
      expect(snapshot.problems[0]).to.contain('Journal segment 2').and.contain('cannot be read');
      expect(ids(snapshot.entries)).to.deep.equal(['id-1', 'id-2', 'id-5', 'id-6']);
    });

    it('reports a count that does not match', () => {
      writeFileSync(path, readFileSync(path, 'utf8').replace('"entries":4', '"entries":40'));
      expect(readJournalSnapshot(path)!.problems).to.deep.equal([`The journal's segments hold 4 entries, but its hot file ${path} counts 40 moved there.`]);
    });

    it('reports an entry that is both in a segment and in the hot file', () => {
      const copy = readFileSync(join(segmentsFolder(path), '000002.jsonl'), 'utf8').split('\n')[0];
      writeFileSync(path, readFileSync(path, 'utf8') + copy + '\n');
      expect(readJournalSnapshot(path)!.problems).to.deep.equal(['Journal entry id-3 (seq 3) is both in the hot file and in segment 2; the journal holds it twice.']);
    });
  });

  it('answers undefined for a journal that does not exist', () => {
    expect(readJournalSnapshot(join(dir, 'none.jsonl'))).to.equal(undefined);
    expect(readUndeliveredEntries(join(dir, 'none.jsonl'))).to.equal(undefined);
  });
});
