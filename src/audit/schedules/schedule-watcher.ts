import { messageOf } from '../../errors/index.js';
import type { Logger } from '../../lifecycle/logger.js';
import type { AuditJournal, ScheduleWatch } from '../journal/index.js';
import type { ScheduleOutcomeEntry } from '../entries/index.js';
import type { ScheduleFinding } from './schedule-finding.js';
import { scheduleOutcomeEntry } from './schedule-outcome-entry.js';
import type { ScheduleWatchSettings } from './schedule-watch-options.js';

/**
 * Follows the schedules a journal's call entries recorded until each is settled, and journals one
 * outcome entry per schedule. The journal is the only list: a schedule is pending while no outcome
 * entry names its call entry, so a restart on the same journal resumes where the last run stopped,
 * and an outcome once journaled (fsync) settles it for good; nothing else writes outcomes, and this
 * looks at one schedule at a time, so none is written twice.
 *
 * One round looks at every pending schedule, oldest first, then waits `intervalMs`. When the mirror
 * or network cannot be asked, the round stops there and the wait doubles up to `maxBackoffMs`.
 * With nothing pending it waits for {@link kick} without a timer, and its timers never keep a
 * process alive.
 *
 * @example
 * const watcher = new ScheduleWatcher(journal, (watch) => lookUpScheduleOnMirror(watch, mirrorUrl), 'agent-1', logger, settings, () => publisher.kick());
 * watcher.start();
 * await watcher.stop();
 */
export class ScheduleWatcher {
  private stopped = false;
  private running: Promise<void> | undefined;
  /** Ends the current wait (a pause or idling). */
  private wake: (() => void) | undefined;
  private idling = false;
  private failures = 0;
  lastError: string | undefined;

  constructor(
    private readonly journal: AuditJournal,
    private readonly lookUp: (watch: ScheduleWatch) => Promise<ScheduleFinding>,
    private readonly session: string,
    private readonly logger: Logger,
    private readonly settings: ScheduleWatchSettings,
    /** Called after each outcome entry was journaled, with it and its watch, so it can be delivered (and a ledger approval closed). */
    private readonly journaled: (settled: { watch: ScheduleWatch; entry: ScheduleOutcomeEntry }) => void,
  ) {}

  /** Starts watching; schedules an earlier run left pending are looked at at once. */
  start(): void {
    if (this.stopped || this.running) return;
    this.running = this.loop().catch((error: unknown) => this.logger.error({ error: messageOf(error) }, 'schedule watch stopped on an error'));
  }

  /** A schedule was recorded: ends an idle wait (its first look comes one interval later). */
  kick(): void {
    if (this.idling) this.wake?.();
  }

  /**
   * Stops watching. A look in flight gets `graceMs` to end; its answer is then dropped rather than
   * journaled (the journal is about to close), and the next start asks again.
   */
  async stop(graceMs = 1_000): Promise<void> {
    this.stopped = true;
    this.wake?.();
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)).unref())]);
    clearTimeout(timer);
  }

  private async loop(): Promise<void> {
    let delay = 0;
    while (!this.stopped) {
      if (this.journal.pendingScheduleCount() === 0) {
        this.idling = true;
        await this.wait();
        this.idling = false;
        delay = this.settings.intervalMs;
        continue;
      }
      if (delay > 0) await this.wait(delay);
      if (this.stopped) return;
      const failed = await this.round();
      this.failures = failed ? this.failures + 1 : 0;
      if (!failed) this.lastError = undefined;
      delay = failed ? Math.min(this.settings.intervalMs * 2 ** this.failures, this.settings.maxBackoffMs) : this.settings.intervalMs;
    }
  }

  /** Looks at each pending schedule once; true when the source or the journal failed (back off). */
  private async round(): Promise<boolean> {
    for (const watch of this.journal.pendingSchedules()) {
      if (this.stopped) return false;
      const finding = await this.lookUp(watch).catch((error: unknown): ScheduleFinding => ({ settled: false, reason: messageOf(error), sourceFailed: true }));
      if (!finding.settled) {
        if (!finding.sourceFailed) continue;
        this.lastError = `could not look at schedule ${watch.scheduleId}: ${finding.reason}`;
        this.logger.warn({ scheduleId: watch.scheduleId, error: finding.reason }, 'schedule watch could not ask about a schedule; will retry');
        return true;
      }
      // Stopped while asking: the journal may be closing. Stopped or not, a settled one is never written again.
      if (this.stopped) return false;
      if (!this.journal.isSchedulePending(watch.entry)) continue;
      let entry: ScheduleOutcomeEntry | undefined;
      try {
        await this.journal.addEntry((seq) => (entry = scheduleOutcomeEntry(watch, finding, seq, this.session)));
      } catch (error) {
        this.lastError = `could not journal the outcome of schedule ${watch.scheduleId}: ${messageOf(error)}`;
        this.logger.warn({ scheduleId: watch.scheduleId, error: messageOf(error) }, 'schedule outcome could not be journaled; will retry');
        return true;
      }
      this.logger.debug({ scheduleId: watch.scheduleId, outcome: finding.outcome }, 'schedule outcome journaled');
      this.journaled({ watch, entry: entry! });
    }
    return false;
  }

  /** Waits `ms`, or (without `ms`) until kicked; either ends at once on stop. */
  private wait(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      if (ms !== undefined) {
        timer = setTimeout(done, ms);
        // What is pending stays in the journal for the next start, so watching never holds a process open.
        timer.unref();
      }
      this.wake = done;
    });
  }
}
