import { expect } from 'chai';
import { auditEntryProblems } from '../../../../src/audit/entries/audit-entry.js';
import { executedEntry, sequenced } from '../../../../src/audit/entries/entry-builder.js';
import type { PostSecondaryActionParams } from '../../../../src/lifecycle/stage-events.js';

const executed = (raw: Record<string, unknown>) =>
  ({ method: 'transfer_hbar_tool', context: {}, rawParams: {}, normalisedParams: { hbarTransfers: [] }, toolResult: { raw, humanMessage: '' } }) as unknown as PostSecondaryActionParams;

describe('audit entries of scheduled calls', () => {
  describe('when the call created a schedule', () => {
    it('records the schedule and the ID its execution will be found under, and the entry stays valid', () => {
      const entry = executedEntry(executed({ status: 'SUCCESS', receiptStatus: 'SUCCESS', transactionId: '0.0.2@1700000000.000000001', scheduleId: '0.0.1005', scheduledTransactionId: '0.0.2@1700000000.000000001?scheduled' }), 's');
      expect([entry.scheduleId, entry.scheduledTransactionId]).to.deep.equal(['0.0.1005', '0.0.2@1700000000.000000001?scheduled']);
      expect(auditEntryProblems(sequenced(entry, 1))).to.deep.equal([]);
      expect(Object.keys(sequenced(entry, 1)).slice(-4)).to.deep.equal(['transactionId', 'status', 'scheduleId', 'scheduledTransactionId']);
    });
  });

  describe('when the call was not scheduled', () => {
    it('has neither field', () => {
      const entry = executedEntry(executed({ status: 'SUCCESS', receiptStatus: 'SUCCESS', transactionId: '0.0.2@1700000000.000000002' }), 's');
      expect(entry).to.not.have.any.keys('scheduleId', 'scheduledTransactionId');
    });
  });
});
