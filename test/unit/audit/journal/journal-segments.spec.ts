import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { readSegment, segmentsFolder, tidySegments, writeSegments } from '../../../../src/audit/journal/journal-segments.js';

function entry(seq: number): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: 's', timestamp: new Date(0).toISOString(),
    tool: 't', outcome: 'executed', stage: 'postToolExecution', params: { n: seq }, paramsKind: 'normalised',
  };
}

describe('journal segments', () => {
  let dir: string;
  let folder: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-segments-'));
    folder = segmentsFolder(join(dir, 'hcs-0.0.1.jsonl'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const entries = (count: number): AuditEntry[] => Array.from({ length: count }, (_, at) => entry(at + 1));

  it('sit in a folder named after the hot file', () => {
    expect(segmentsFolder('/a/hcs-0.0.1.jsonl')).to.equal('/a/hcs-0.0.1.segments');
  });

  describe('when written', () => {
    it('splits the entries into numbered segments of at most perSegment, each read back whole', async () => {
      expect(await writeSegments(folder, 4, entries(5), 2)).to.equal(3);
      expect(readdirSync(folder).sort()).to.deep.equal(['000004.jsonl', '000005.jsonl', '000006.jsonl']);
      expect(readSegment(folder, 4)).to.deep.equal({ entries: [entry(1), entry(2)] });
      expect(readSegment(folder, 6)).to.deep.equal({ entries: [entry(5)] });
    });

    it('writes nothing for no entries', async () => {
      expect(await writeSegments(folder, 1, [], 10)).to.equal(0);
      expect(() => readdirSync(folder)).to.throw();
    });
  });

  describe('when read back damaged', () => {
    beforeEach(async () => {
      await writeSegments(folder, 1, entries(3), 10);
    });
    const path = (): string => join(folder, '000001.jsonl');

    it('reports one cut short, with the entries that survived', () => {
      const text = readFileSync(path(), 'utf8');
      truncateSync(path(), Buffer.byteLength(text.slice(0, text.indexOf('\n', text.indexOf('\n') + 1) + 1)));
      const content = readSegment(folder, 1);
      expect(content.problem).to.contain('Journal segment 1').and.contain('is damaged: its last line is not its seal');
      expect(content.entries).to.deep.equal([entry(1)]);
    });

    it('reports one whose entries were changed', () => {
      writeFileSync(path(), readFileSync(path(), 'utf8').replace('"n":2', '"n":20'));
      expect(readSegment(folder, 1).problem).to.contain('another content hash');
    });

    it('reports one put under another number', () => {
      writeFileSync(join(folder, '000002.jsonl'), readFileSync(path()));
      expect(readSegment(folder, 2).problem).to.contain('its seal names segment 1');
    });

    it('reports one that is missing', () => {
      rmSync(path());
      const content = readSegment(folder, 1);
      expect(content.problem).to.contain('cannot be read (ENOENT)');
      expect(content.entries).to.deep.equal([]);
    });
  });

  describe('when tidied on open', () => {
    it('deletes temporary files and segments above the committed count, and nothing else', async () => {
      await writeSegments(folder, 1, entries(3), 1);
      writeFileSync(join(folder, '000004.jsonl.tmp'), '{"r":"entry"');
      writeFileSync(join(folder, 'notes.txt'), 'mine');
      tidySegments(folder, 2);
      expect(readdirSync(folder).sort()).to.deep.equal(['000001.jsonl', '000002.jsonl', 'notes.txt']);
    });

    it('accepts a journal that has no segments yet', () => {
      expect(() => tidySegments(folder, 0)).not.to.throw();
    });
  });
});
