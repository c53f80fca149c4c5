import { expect } from 'chai';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../../../../src/audit/journal/audit-journal.js';

function entry(seq: number): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `id-${seq}`, seq, session: 's', timestamp: new Date(0).toISOString(),
    tool: 't', outcome: 'executed', stage: 'postToolExecution', params: {}, paramsKind: 'normalised',
  };
}

describe('AuditJournal', () => {
  let dir: string;
  let path: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-'));
    path = join(dir, 'nested', 'hcs-0.0.1.jsonl');
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('when entries are added concurrently', () => {
    it('numbers them in call order and writes them in that order', async () => {
      const journal = await AuditJournal.open(path);
      await Promise.all([1, 2, 3, 4, 5].map(() => journal.addEntry((seq) => entry(seq))));
      await journal.close();
      const seqs = readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line).entry.seq);
      expect(seqs).to.deep.equal([1, 2, 3, 4, 5]);
    });
  });

  describe('when reopened after delivery progress', () => {
    it('replays jobs, plans and completion', async () => {
      const journal = await AuditJournal.open(path);
      for (let at = 0; at < 3; at++) await journal.addEntry((seq) => entry(seq));
      const job = await journal.addJob(['id-1', 'id-2'], ['m']);
      await journal.plan(job.job, 'message-0', '0.0.2@1.1');
      await journal.complete(job.job);
      await journal.addJob(['id-3'], ['n']);
      await journal.close();

      const again = await AuditJournal.open(path);
      expect(again.undeliveredEntries().map((item) => item.id)).to.deep.equal(['id-3']);
      expect(again.unassignedEntries()).to.deep.equal([]);
      expect(again.openJobs()).to.have.length(1);
      expect(await again.addEntry((seq) => entry(seq))).to.include({ seq: 4 });
      await again.close();
    });
  });

  describe('when the last line was torn by a crash', () => {
    it('cuts it off and keeps everything before it', async () => {
      const journal = await AuditJournal.open(path);
      await journal.addEntry((seq) => entry(seq));
      await journal.close();
      appendFileSync(path, '{"r":"entry","entry":{"ty');
      const again = await AuditJournal.open(path);
      expect(again.undeliveredEntries().map((item) => item.seq)).to.deep.equal([1]);
      await again.addEntry((seq) => entry(seq));
      await again.close();
      expect(readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line).entry.seq)).to.deep.equal([1, 2]);
    });
  });

  describe('when intents were left by an earlier run', () => {
    it('lists those without an entry, but never intents of the current run', async () => {
      const journal = await AuditJournal.open(path);
      await journal.addIntent({ transactionId: '0.0.2@1.1', tool: 't', at: 'x', params: {}, paramsKind: 'raw' });
      await journal.addIntent({ transactionId: '0.0.2@1.2', tool: 't', at: 'x', params: {}, paramsKind: 'raw' });
      await journal.addEntry((seq) => ({ ...entry(seq), transactionId: '0.0.2@1.2' }));
      expect(journal.unresolvedIntents()).to.deep.equal([]);
      await journal.close();
      const again = await AuditJournal.open(path);
      expect(again.unresolvedIntents().map((intent) => intent.transactionId)).to.deep.equal(['0.0.2@1.1']);
      await again.close();
    });
  });

  describe('when another live process holds the journal', () => {
    it('refuses to open it, naming the process; a stale lock is taken over', async () => {
      const journal = await AuditJournal.open(path);
      try {
        await AuditJournal.open(path).then(() => expect.fail('opened twice'), (error: Error) => expect(error.message).to.contain(`in use by process ${process.pid}`));
      } finally {
        await journal.close();
      }
      writeFileSync(`${path}.lock`, '2147483646');
      const taken = await AuditJournal.open(path);
      await taken.close();
    });
  });

  describe('when the file holds something else', () => {
    it('refuses it with the line number', async () => {
      writeFileSync(path.replace('nested/', ''), 'not json\n');
      await AuditJournal.open(path.replace('nested/', '')).then(
        () => expect.fail('opened'),
        (error: Error) => expect(error.message).to.contain('line 1 is not JSON'),
      );
    });
  });
});
