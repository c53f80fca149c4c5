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

  describe('when flush is given a wait that is not a number of milliseconds', () => {
    it('refuses it by name, saying what is accepted, and asks no hook to flush', async () => {
      let asked = 0;
      const audit = kitAudit(() => [{ auditStatus: () => status('a', 1), flushAudit: async () => (asked++, status('a', 0)) }]);
      for (const bad of ['5000', Number.NaN, -1, 3_600_001]) {
        const error = await audit.flush(bad as number).then(() => undefined, (thrown: Error) => thrown);
        expect(error?.message, String(bad)).to.contain('kit.audit.flush: timeoutMs must be a number of milliseconds from 0 to 3600000');
      }
      expect(asked).to.equal(0);
      expect(await audit.flush()).to.deep.equal([status('a', 0)]);
    });
  });

  describe('when checking an object', () => {
    it('requires both methods', () => {
      expect(isAuditParticipant({ auditStatus() {} })).to.equal(false);
      expect(isAuditParticipant(null)).to.equal(false);
    });
  });
});

describe('kitAudit.record', () => {
  const status = (stream: string) => ({ stream, journal: `/j/${stream}`, undelivered: 0 });
  const event = { kind: 'pause', switch: 'kill-switch', scope: 'all', reason: 'r', by: 'alice' } as const;

  describe('when some audit hooks record oversight events and some do not', () => {
    it('writes the event to each that does, and answers their entries', async () => {
      const seen: unknown[] = [];
      const recorder = (name: string) => ({ auditStatus: () => status(name), flushAudit: async () => status(name), recordOversight: async (given: unknown) => (seen.push(given), { name }) });
      const audit = kitAudit(() => [recorder('a'), { auditStatus: () => status('old'), flushAudit: async () => status('old') }, recorder('b')]);
      expect(await audit.record(event)).to.deep.equal([{ name: 'a' }, { name: 'b' }]);
      expect(seen).to.deep.equal([event, event]);
    });
  });

  describe('when one hook cannot journal it', () => {
    it('rejects with E_AUDIT_UNRECORDED naming the hook, after the others journaled it', async () => {
      let journaled = 0;
      const audit = kitAudit(() => [
        { auditStatus: () => status('good'), flushAudit: async () => status('good'), recordOversight: async () => (journaled++, {}) },
        { auditStatus: () => status('HcsAuditTrailHook 0.0.9'), flushAudit: async () => status('x'), recordOversight: async () => Promise.reject(new Error('disk full')) },
      ]);
      const error = await audit.record(event as never).then(() => undefined, (thrown: Error & { code?: string }) => thrown);
      expect(error?.code).to.equal('E_AUDIT_UNRECORDED');
      expect(error?.message).to.equal('the pause event could not be journaled by 1 of 2 audit hook(s): HcsAuditTrailHook 0.0.9: disk full');
      expect(journaled).to.equal(1);
    });
  });
});
