import { expect } from 'chai';
import { AUDIT_ENTRY_TYPE, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { watchOf } from '../../../../src/audit/journal/journal-state.js';
import { scheduleOutcomeEntry } from '../../../../src/audit/schedules/schedule-outcome-entry.js';
import { scheduleProblems, scheduleTally } from '../../../../src/audit/verify/schedule-trail-check.js';

const call = (seq: number): AuditEntry => ({
  type: AUDIT_ENTRY_TYPE, version: 1, id: `call-${seq}`, seq, session: 's', timestamp: new Date(0).toISOString(), tool: 'transfer_hbar_tool',
  outcome: 'executed', stage: 'postToolExecution', params: {}, paramsKind: 'normalised', status: 'SUCCESS',
  scheduleId: `0.0.${1000 + seq}`, scheduledTransactionId: `0.0.2@1700000000.00000000${seq}?scheduled`,
});
const deleted = (of: AuditEntry, seq: number) => scheduleOutcomeEntry(watchOf(of)!, { settled: true, outcome: 'scheduleDeleted', source: 'mirror' }, seq, 's');

describe('checking the schedule outcomes of a trail', () => {
  describe('when each scheduled call has at most one outcome that matches it', () => {
    it('finds no problem and counts settled and pending schedules', () => {
      const [first, second] = [call(1), call(2)];
      const entries = [first, second, deleted(first, 3)];
      expect(scheduleProblems(entries)).to.deep.equal([]);
      expect(scheduleTally(entries)).to.deep.equal({ settled: { scheduleDeleted: 1 }, pending: 1 });
    });
  });

  describe('when an outcome is written twice, names no call of the journal, or another schedule', () => {
    it('reports each', () => {
      const first = call(1);
      const stranger = { ...deleted(first, 3), callEntryId: 'call-9' };
      const mismatched = { ...deleted(first, 4), scheduleId: '0.0.7' };
      const problems = scheduleProblems([first, deleted(first, 2), stranger, mismatched]);
      expect(problems).to.deep.equal([
        'Schedule outcome seq 3 (scheduleDeleted of 0.0.1001) names entry call-9, which is not a scheduled call of this journal.',
        'Schedule outcome seq 4 does not match call seq 1: it names schedule 0.0.7 (0.0.2@1700000000.000000001?scheduled, call seq 1), the call recorded 0.0.1001 (0.0.2@1700000000.000000001?scheduled).',
        'The schedule of call entry call-1 has 2 outcome entries (seq 2, 4); it must have one.',
      ]);
    });
  });
});
