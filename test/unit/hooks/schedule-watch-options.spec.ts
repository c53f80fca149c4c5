import { expect } from 'chai';
import { HcsAuditTrailHook, HolAuditTrailHook } from '../../../src/hooks/index.js';
import type { ScheduleWatchOptions } from '../../../src/audit/schedules/schedule-watch-options.js';

const hcsHook = (scheduleWatch: unknown) => new HcsAuditTrailHook(['transfer_hbar_tool'], '0.0.5', undefined, { scheduleWatch: scheduleWatch as ScheduleWatchOptions });
const refusal = (make: () => unknown): string => {
  try {
    make();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the option was accepted');
};

describe('the scheduleWatch option of the audit hooks', () => {
  describe('when it is left out, false, or a valid object', () => {
    it('is accepted', () => {
      for (const value of [undefined, false, {}, { intervalMs: 50 }, { intervalMs: 86_400_000 }, { intervalMs: 1000, maxBackoffMs: 1000 }]) {
        expect(() => hcsHook(value), JSON.stringify(value)).to.not.throw();
      }
    });
  });

  describe('when an interval is not a number of milliseconds in range', () => {
    it('names the hook, the option, the accepted range and what it got', () => {
      expect(refusal(() => hcsHook({ intervalMs: 0 }))).to.equal("HcsAuditTrailHook: 'scheduleWatch.intervalMs' must be a number of milliseconds from 50 to 86400000, got 0.");
      expect(refusal(() => hcsHook({ intervalMs: Number.NaN }))).to.contain("'scheduleWatch.intervalMs' must be a number of milliseconds from 50 to 86400000, got NaN.");
      expect(refusal(() => hcsHook({ intervalMs: '1000' }))).to.contain('got "1000".');
      expect(refusal(() => hcsHook({ intervalMs: 86_400_001 }))).to.contain('got 86400001.');
      expect(refusal(() => hcsHook({ maxBackoffMs: -5 }))).to.contain("'scheduleWatch.maxBackoffMs' must be a number of milliseconds from 50 to 86400000, got -5.");
    });

    it('refuses a backoff shorter than the interval', () => {
      expect(refusal(() => hcsHook({ intervalMs: 5000, maxBackoffMs: 1000 }))).to.equal('HcsAuditTrailHook: scheduleWatch.maxBackoffMs (1000) must not be below scheduleWatch.intervalMs (5000).');
    });
  });

  describe('when it is neither false nor an options object', () => {
    it('says what it takes', () => {
      for (const value of [true, null, 5000, 'on', [1]]) {
        expect(refusal(() => hcsHook(value)), JSON.stringify(value)).to.match(/^HcsAuditTrailHook: 'scheduleWatch' must be false \(no watching\) or an object such as \{ intervalMs: 5000 \}, got /);
      }
    });

    it('refuses an option it does not have, listing those it has', () => {
      expect(refusal(() => hcsHook({ interval: 1000 }))).to.equal("HcsAuditTrailHook: unknown option 'scheduleWatch.interval'; accepted: intervalMs, maxBackoffMs.");
    });
  });

  describe('when HolAuditTrailHook gets a bad value', () => {
    it('names HolAuditTrailHook', () => {
      const message = refusal(() => new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId: '0.0.5', scheduleWatch: { intervalMs: 10 } }));
      expect(message).to.equal("HolAuditTrailHook: 'scheduleWatch.intervalMs' must be a number of milliseconds from 50 to 86400000, got 10.");
    });
  });
});
