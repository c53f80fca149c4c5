import { expect } from 'chai';
import { isAuditParticipant, kitAudit, type AuditStatus } from '../../../../src/audit/delivery/audit-participant.js';

describe('kitAudit', () => {
  const status = (stream: string, undelivered: number): AuditStatus => ({ stream, journal: `/j/${stream}`, undelivered });

  describe('when the kit owns audit hooks and other objects', () => {
    it('aggregates only the audit participants, read at call time', async () => {
      const owned: object[] = [{ close() {} }];
      const audit = kitAudit(() => owned);
      expect(audit.pending()).to.deep.equal([]);
      let flushedWith: number | undefined;
      owned.push({ auditStatus: () => status('a', 2), flushAudit: async (timeout?: number) => ((flushedWith = timeout), status('a', 0)) });
      expect(audit.pending()).to.deep.equal([status('a', 2)]);
      expect(await audit.flush(123)).to.deep.equal([status('a', 0)]);
      expect(flushedWith).to.equal(123);
    });
  });

  describe('when checking an object', () => {
    it('requires both methods', () => {
      expect(isAuditParticipant({ auditStatus() {} })).to.equal(false);
      expect(isAuditParticipant(null)).to.equal(false);
    });
  });
});
