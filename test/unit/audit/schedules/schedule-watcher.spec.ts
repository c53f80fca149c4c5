import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sinon from 'sinon';
import { AUDIT_ENTRY_TYPE, isScheduleOutcomeEntry, type AuditEntry } from '../../../../src/audit/entries/audit-entry.js';
import { AuditJournal } from '../../../../src/audit/journal/audit-journal.js';
import type { ScheduleWatch } from '../../../../src/audit/journal/journal-records.js';
import type { ScheduleFinding } from '../../../../src/audit/schedules/schedule-finding.js';
import { ScheduleWatcher } from '../../../../src/audit/schedules/schedule-watcher.js';
import { silentLogger } from '../../../../src/lifecycle/logger.js';

const scheduledCall = (seq: number): AuditEntry => ({
  type: AUDIT_ENTRY_TYPE, version: 1, id: `call-${seq}`, seq, session: 's', timestamp: new Date(0).toISOString(), tool: 'transfer_hbar_tool',
  outcome: 'executed', stage: 'postToolExecution', params: {}, paramsKind: 'normalised', transactionId: `0.0.2@1700000000.00000000${seq}`,
  status: 'SUCCESS', scheduleId: `0.0.${1000 + seq}`, scheduledTransactionId: `0.0.2@1700000000.00000000${seq}?scheduled`,
});
const executed: ScheduleFinding = { settled: true, outcome: 'scheduleExecuted', source: 'mirror', status: 'SUCCESS', consensusTimestamp: '1700000001.000000000' };

describe('ScheduleWatcher', () => {
  let dir: string;
  let journal: AuditJournal;
  let watcher: ScheduleWatcher | undefined;
  const sandbox = sinon.createSandbox();
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'schedule-watcher-'));
    journal = await AuditJournal.open(join(dir, 'hcs-0.0.9.jsonl'));
  });
  afterEach(async () => {
    sandbox.restore();
    await watcher?.stop();
    await journal.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const watch = (lookUp: (watch: ScheduleWatch) => Promise<ScheduleFinding>, settings = { intervalMs: 100, maxBackoffMs: 400 }, journaled = () => {}) =>
    (watcher = new ScheduleWatcher(journal, lookUp, 's', silentLogger, settings, journaled));
  const outcomes = () => journal.undeliveredEntries().filter(isScheduleOutcomeEntry);

  describe('when the mirror keeps failing', () => {
    it('backs off, doubling the wait from the interval up to maxBackoffMs, and reports why', async () => {
      const clock = sandbox.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await journal.addEntry((seq) => scheduledCall(seq));
      const lookUp = sinon.fake.resolves({ settled: false, reason: 'HTTP 503', sourceFailed: true } satisfies ScheduleFinding);
      watch(lookUp).start();
      await clock.tickAsync(0);
      const calls = [lookUp.callCount];
      for (const step of [199, 1, 399, 1, 399, 1]) {
        await clock.tickAsync(step);
        calls.push(lookUp.callCount);
      }
      // At once on start, then after 200 (100 · 2), 400, and 400 again (capped).
      expect(calls).to.deep.equal([1, 1, 2, 2, 3, 3, 4]);
      expect(watcher!.lastError).to.equal('could not look at schedule 0.0.1001: HTTP 503');
      expect(outcomes()).to.deep.equal([]);
    });
  });

  describe('when a schedule is still pending and then settles', () => {
    it('looks again each interval, journals one outcome entry, tells the publisher, and then looks no more', async () => {
      const clock = sandbox.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const call = await journal.addEntry((seq) => scheduledCall(seq));
      const answers: ScheduleFinding[] = [{ settled: false, reason: 'not yet' }, { settled: false, reason: 'not yet' }, executed];
      const lookUp = sinon.fake(async () => answers.shift() ?? executed);
      const journaled = sinon.fake();
      watch(lookUp, { intervalMs: 100, maxBackoffMs: 400 }, journaled).start();
      await clock.tickAsync(0);
      await clock.tickAsync(100);
      expect(outcomes()).to.deep.equal([]);
      await clock.tickAsync(100);
      while (journal.pendingScheduleCount() > 0) await clock.tickAsync(1); // the entry's fsync is real I/O
      expect(outcomes().map((entry) => [entry.callEntryId, entry.outcome, entry.status])).to.deep.equal([[call.id, 'scheduleExecuted', 'SUCCESS']]);
      expect(journaled.callCount).to.equal(1);
      await clock.tickAsync(1_000);
      expect(lookUp.callCount).to.equal(3);
    });
  });

  describe('when it is stopped while a look is in flight', () => {
    it('drops that answer rather than journaling it, so the next start asks again', async () => {
      await journal.addEntry((seq) => scheduledCall(seq));
      let answer: (finding: ScheduleFinding) => void = () => {};
      let asked!: () => void;
      const looking = new Promise<void>((resolve) => (asked = resolve));
      watch(() => {
        asked();
        return new Promise((resolve) => (answer = resolve));
      }).start();
      await looking;
      const stopping = watcher!.stop(50);
      answer(executed);
      await stopping;
      await new Promise((resolve) => setImmediate(resolve));
      expect(outcomes()).to.deep.equal([]);
      expect(journal.pendingScheduleCount()).to.equal(1);
    });
  });
});
