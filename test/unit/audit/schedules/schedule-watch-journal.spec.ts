import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_ENTRY_TYPE, auditEntryProblems, type AuditEntry, type ScheduleOutcomeEntry } from '../../../../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../../../../src/audit/journal/audit-journal.js';
import { readJournalSnapshot } from '../../../../src/audit/journal/journal-reader.js';
import { watchOf } from '../../../../src/audit/journal/journal-state.js';
import { scheduleOutcomeEntry } from '../../../../src/audit/schedules/schedule-outcome-entry.js';

const SCHEDULED = '0.0.2@1700000000.000000001?scheduled';

function scheduledCall(seq: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    type: AUDIT_ENTRY_TYPE, version: 1, id: `call-${seq}`, seq, session: 's', timestamp: new Date(0).toISOString(), tool: 'transfer_hbar_tool',
    outcome: 'executed', stage: 'postToolExecution', params: {}, paramsKind: 'normalised', transactionId: `0.0.2@1700000000.00000000${seq}`,
    status: 'SUCCESS', scheduleId: `0.0.${1000 + seq}`, scheduledTransactionId: SCHEDULED, ...overrides,
  };
}

const outcomeFor = (call: AuditEntry, seq: number): ScheduleOutcomeEntry =>
  scheduleOutcomeEntry(watchOf(call)!, { settled: true, outcome: 'scheduleExecuted', source: 'mirror', status: 'SUCCESS', consensusTimestamp: '1700000001.000000002' }, seq, 's');

/** What the publisher writes for a job that went out in one message. */
async function deliver(journal: AuditJournal, entries: string[]): Promise<void> {
  const job = await journal.addPlannedJob(entries, [`message for ${entries.join(',')}`], [{ step: 'message-0', transactionId: '0.0.2@2.1' }]);
  await journal.done(job.job, 'message-0', '7');
  await journal.complete(job.job);
}

describe('the journal keeps the schedules that wait for their outcome', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'schedule-watch-'));
    path = join(dir, 'hcs-0.0.9.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('when a call entry records a schedule whose ScheduleCreate succeeded', () => {
    it('lists it as pending until the outcome entry naming it is journaled, also after a restart', async () => {
      const journal = await AuditJournal.open(path);
      const call = await journal.addEntry((seq) => scheduledCall(seq));
      expect(journal.pendingSchedules()).to.deep.equal([{ entry: call.id, seq: 1, tool: 'transfer_hbar_tool', scheduleId: '0.0.1001', scheduledTransactionId: SCHEDULED, at: call.timestamp }]);
      await journal.close();
      const reopened = await AuditJournal.open(path);
      expect(reopened.pendingSchedules().map((watch) => watch.entry)).to.deep.equal([call.id]);
      const outcome = await reopened.addEntry((seq) => outcomeFor(call, seq));
      expect(auditEntryProblems(outcome)).to.deep.equal([]);
      expect([reopened.pendingScheduleCount(), reopened.isSchedulePending(call.id)]).to.deep.equal([0, false]);
      await reopened.close();
      const again = await AuditJournal.open(path);
      expect(again.pendingSchedules()).to.deep.equal([]);
      expect(again.undeliveredEntries().map((entry) => entry.seq)).to.deep.equal([1, 2]);
      await again.close();
    });

    it('watches nothing for a ScheduleCreate the ledger refused, or a call without a schedule', async () => {
      const journal = await AuditJournal.open(path);
      await journal.addEntry((seq) => scheduledCall(seq, { status: 'INVALID_SCHEDULE_ID' }));
      await journal.addEntry((seq) => scheduledCall(seq, { outcome: 'unknown', status: 'UNKNOWN' }));
      await journal.addEntry((seq) => ({ ...scheduledCall(seq), scheduleId: undefined, scheduledTransactionId: undefined }));
      expect(journal.pendingSchedules()).to.deep.equal([]);
      await journal.close();
    });
  });

  describe('when a compaction moves the delivered call entry to a segment', () => {
    it('carries the pending schedule into the new hot file, so a restart still watches it', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 1 });
      const call = await journal.addEntry((seq) => scheduledCall(seq));
      await deliver(journal, [call.id]);
      await journal.compacted();
      await journal.close();
      const snapshot = readJournalSnapshot(path)!;
      expect([snapshot.archived, snapshot.problems]).to.deep.equal([1, []]);
      const reopened = await AuditJournal.open(path);
      expect(reopened.pendingSchedules().map((watch) => [watch.entry, watch.scheduleId])).to.deep.equal([[call.id, '0.0.1001']]);
      await reopened.close();
    });
  });

  describe('when the outcome entry is delivered and compacted away while its call entry is not yet delivered', () => {
    it('does not watch the schedule again on restart, so its outcome is never written twice', async () => {
      const journal = await AuditJournal.open(path, undefined, { compactAfter: 1 });
      const call = await journal.addEntry((seq) => scheduledCall(seq));
      const outcome = await journal.addEntry((seq) => outcomeFor(call, seq));
      // Batches may land out of order: the outcome's goes out while the call's is still retrying.
      await deliver(journal, [outcome.id]);
      await journal.compacted();
      await journal.close();
      expect(readJournalSnapshot(path)!.archived).to.equal(1);
      const reopened = await AuditJournal.open(path);
      expect(reopened.undeliveredEntries().map((entry) => entry.id)).to.deep.equal([call.id]);
      expect(reopened.pendingSchedules()).to.deep.equal([]);
      await reopened.close();
    });
  });
});
