import type { Client, Transaction, TransactionReceipt } from '@hiero-ledger/sdk';
import { messageOf } from '../../lifecycle/errors.js';
import type { Logger } from '../../lifecycle/logger.js';
import type { AuditJournal, JournalJob } from '../journal/index.js';
import { RetryLater, type DeliveryStrategy } from './delivery-strategy.js';
import { InFlightLimit } from './in-flight-limit.js';
import { IntentSettler, type Settled } from './intent-settler.js';
import type { PublisherSettings } from './publisher-options.js';
import { freshTransactionId, submitWithFixedId } from './transaction-submitter.js';

/**
 * Delivers a journal's entries in the background, several messages at a time. Entries are grouped
 * into jobs (batches) in seq order; up to `maxInFlight` submissions are in flight at once, each
 * waiting for its own receipt, so messages can reach consensus out of seq order: each batch names
 * its stream and seq range, and readers order by seq. A batch that is not full waits up to
 * `lingerMs` (from its oldest entry's timestamp) for more entries, unless a flush is waiting.
 *
 * Exactly once: every transaction ID is journaled before its first attempt, and a failed attempt
 * is retried with the same ID after a backoff, so a copy that landed unseen is answered
 * DUPLICATE_TRANSACTION instead of being published twice.
 *
 * Intents left by a crashed run become `interrupted` entries once the network can say what became
 * of their transaction (see IntentSettler). Their lookups run beside delivery: one that is slow or
 * hangs, or one the network cannot answer yet (a transaction that never reached the node can still
 * land until its validity window closes, minutes later), holds nothing back; later entries go out
 * as soon as they are durable, and the interrupted entry takes the next sequence number when it is
 * written. Batches carry their seq range, so readers still order and check the trail by seq.
 */
export class AuditPublisher {
  private readonly limit: InFlightLimit;
  private loopRun: Promise<void> | null = null;
  /** Set by anything that may have made work (a new entry, a finished job); cleared as the loop looks. */
  private again = false;
  private stopped = false;
  private flushing = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private waiters: (() => void)[] = [];
  /** Open jobs (journaled, not complete), oldest first; read from the journal once, then kept here. */
  private open: Map<string, JournalJob> | undefined;
  private readonly running = new Map<string, Promise<void>>();
  /** job → its steps' `done` records still being written */
  private readonly stepRecords = new Map<string, Promise<void>[]>();
  /** job → failed attempts so far and when the next may start (epoch ms) */
  private readonly retries = new Map<string, { attempts: number; at: number }>();
  private readonly intents: IntentSettler;
  /** What the last look at unassigned entries left waiting for company, and until when. */
  private lingering = { entries: 0, until: 0 };
  /** Entries since that look (kicks), so the next look can wait until a batch may be full. */
  private arrivals = 0;
  /** How many entries the last full batch held: about when waiting entries fill one. */
  private fullBatch = 0;
  lastError: string | undefined;

  constructor(
    private readonly journal: AuditJournal,
    private readonly strategy: DeliveryStrategy,
    private readonly client: Client,
    session: string,
    private readonly logger: Logger,
    private readonly settings: PublisherSettings,
  ) {
    this.limit = new InFlightLimit(settings.maxInFlight);
    this.intents = new IntentSettler(journal, client, session, logger, settings);
  }

  /** Starts (or continues) delivery in the background; call it when an entry was journaled. */
  kick(): void {
    this.arrivals++;
    this.poke();
  }

  /**
   * Resolves when nothing is left to deliver or `timeoutMs` passed; returns whether all was
   * delivered. Batches go out without lingering while it waits. It does not wait for intents the
   * network cannot settle before the deadline; a lookup still unanswered at the deadline is left
   * running (its intent stays journaled).
   */
  async flush(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    this.flushing++;
    try {
      while (this.hasWorkBefore(deadline) && !this.stopped && Date.now() < deadline) {
        this.poke();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, Math.min(deadline - Date.now(), 1_000)));
          this.waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    } finally {
      this.flushing--;
    }
    return !this.hasWork();
  }

  /**
   * Stops delivery. Attempts in flight get a short grace to finish; one still running after it
   * (e.g. a network that does not answer) is abandoned: its transaction ID is journaled, so the next
   * start resends it and a copy that landed answers DUPLICATE_TRANSACTION.
   */
  async stop(graceMs = 1_000): Promise<void> {
    this.stopped = true;
    // Lookups of interrupted calls are not waited for: their intents stay journaled for the next start.
    this.intents.stop();
    this.wake?.();
    const pending = [this.loopRun, ...this.running.values()].filter((run): run is Promise<void> => run !== null);
    if (!pending.length) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(pending), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)).unref())]);
    clearTimeout(timer);
  }

  hasWork(): boolean {
    return this.journal.undeliveredCount() > 0 || this.journal.unresolvedIntentCount() > 0;
  }

  /** Intents of a crashed run whose outcome the network could not tell yet. */
  unsettledIntents(): number {
    return this.journal.unresolvedIntentCount();
  }

  /** Submissions in flight now. */
  get inFlight(): number {
    return this.limit.inFlight;
  }

  private poke(): void {
    if (this.stopped) return;
    this.again = true;
    this.wake?.();
    this.loopRun ??= this.loop()
      .catch((error: unknown) => this.logger.error({ error: messageOf(error) }, 'audit delivery loop failed'))
      .finally(() => {
        this.loopRun = null;
        this.notify();
        if (this.again && !this.stopped) this.poke();
      });
  }

  /** Work that can be done before `deadline`: undelivered entries, or intents that may be settled by then. */
  private hasWorkBefore(deadline: number): boolean {
    if (this.journal.undeliveredCount() > 0) return true;
    return this.intents.dueBefore(deadline);
  }

  /**
   * One round: start lookups of due intents (see IntentSettler; not awaited), turn waiting entries
   * into jobs, start the jobs that may start; then sleep until something changes (a kick, a job or
   * lookup ending) or a linger or retry is due.
   */
  private async loop(): Promise<void> {
    this.open ??= new Map(this.journal.openJobs().map((job) => [job.job, job]));
    while (!this.stopped) {
      this.again = false;
      this.intents.startDue(this.settled);
      try {
        await this.formJobs();
      } catch (error) {
        // The journal could not be written (e.g. a full disk): nothing was lost, try again later.
        this.lastError = messageOf(error);
        this.logger.warn({ error: this.lastError, retryInMs: this.settings.maxBackoffMs }, 'audit delivery could not journal its next step; will retry');
        await this.pause(this.settings.maxBackoffMs);
        continue;
      }
      this.startJobs();
      if (this.again) continue;
      // Nothing moving and nothing left (two counts, not a scan): the loop ends until the next kick.
      if (this.running.size === 0 && this.open.size === 0 && this.lingering.entries === 0 && !this.hasWork()) return;
      await this.pause(this.untilNextDue());
    }
  }

  /** A lookup of an interrupted call ended: its entry (if any) waits to be delivered like any other. */
  private readonly settled = (result: Settled): void => {
    if (result.problem) this.lastError = result.problem;
    if (result.entry) this.arrivals++;
    this.poke();
    this.notify();
  };

  /** Makes jobs of unassigned entries while fewer than `maxInFlight` jobs are open; a batch that is not full may linger. */
  private async formJobs(): Promise<void> {
    const room = this.settings.maxInFlight - this.open!.size;
    if (room <= 0) return;
    const now = Date.now();
    const hurry = this.flushing > 0 || this.settings.lingerMs === 0;
    // Until more entries arrive than could fill a batch, another look would find the same batch lingering.
    const expected = this.lingering.entries + this.arrivals;
    if (!hurry && now < this.lingering.until && expected < Math.max(this.lingering.entries + 1, this.fullBatch)) return;
    this.arrivals = 0;
    this.lingering = { entries: 0, until: 0 };
    const unassigned = this.journal.unassignedEntries();
    if (unassigned.length === 0) return;
    const stream = await this.journal.streamId();
    const proposed = this.strategy.jobsFor(unassigned, stream, room);
    let take = proposed.length;
    const last = proposed[take - 1];
    const before = proposed.slice(0, -1).reduce((sum, job) => sum + job.entries.length, 0);
    // Only the batch that took the last waiting entry can grow by waiting.
    if (last && !last.full && before + last.entries.length === unassigned.length && !hurry) {
      // From when its oldest entry was made (never later than now, whatever the entry says).
      const until = Math.min(Date.parse(unassigned[before]!.timestamp), now) + this.settings.lingerMs;
      if (now < until) {
        take--;
        this.lingering = { entries: last.entries.length, until };
      }
    }
    for (const job of proposed.slice(0, take)) if (job.full) this.fullBatch = job.entries.length;
    // Each job is journaled with its first transaction IDs, and all of them at once: concurrent appends share one fsync.
    const jobs = await Promise.all(
      proposed.slice(0, take).map((job) => {
        const plans = (this.strategy.firstSteps?.(job.payload) ?? []).map((step) => ({ step, transactionId: freshTransactionId(this.client).toString() }));
        return this.journal.addPlannedJob(job.entries, job.payload, plans);
      }),
    );
    for (const job of jobs) this.open!.set(job.job, job);
  }

  /** Starts open jobs, oldest first, up to `maxInFlight` running, skipping those waiting out a backoff. */
  private startJobs(): void {
    const now = Date.now();
    for (const job of this.open!.values()) {
      if (this.running.size >= this.settings.maxInFlight) return;
      if (this.running.has(job.job) || (this.retries.get(job.job)?.at ?? 0) > now) continue;
      this.running.set(job.job, this.runJob(job));
    }
  }

  private async runJob(job: JournalJob): Promise<void> {
    const records: Promise<void>[] = [];
    this.stepRecords.set(job.job, records);
    try {
      await this.strategy.run(job, this.step, this.client);
      // The steps' `done` records and `complete` are appended back to back, so they share a write.
      await Promise.all([...records, this.journal.complete(job.job)]);
      this.open!.delete(job.job);
      this.retries.delete(job.job);
      if (this.retries.size === 0) this.lastError = undefined;
      this.logger.debug({ job: job.job, entries: job.entries.length }, 'audit entries delivered');
    } catch (error) {
      if (this.stopped) return; // an attempt cut short by stop(): its transaction ID is journaled for the next start
      const attempts = (this.retries.get(job.job)?.attempts ?? 0) + 1;
      const waitMs = Math.min(this.settings.minBackoffMs * 2 ** (attempts - 1), this.settings.maxBackoffMs);
      this.retries.set(job.job, { attempts, at: Date.now() + waitMs });
      this.lastError = messageOf(error);
      this.logger.warn({ job: job.job, error: this.lastError, retryInMs: waitMs }, 'audit delivery attempt failed; will retry');
    } finally {
      this.stepRecords.delete(job.job);
      this.running.delete(job.job);
      this.again = true;
      this.wake?.();
      this.notify();
    }
  }

  /** One step of a job under its journaled transaction ID; a step already done returns its result. */
  private readonly step = async (
    job: JournalJob,
    step: string,
    build: (transactionId: string) => Transaction,
    result?: (landed: { receipt?: TransactionReceipt; entityId?: string }) => string | undefined,
  ): Promise<string> => {
    const recorded = job.done.get(step);
    if (recorded !== undefined) return recorded;
    let transactionId = job.plans.get(step);
    if (!transactionId) {
      transactionId = freshTransactionId(this.client).toString();
      await this.journal.plan(job.job, step, transactionId);
    }
    const id = transactionId;
    const outcome = await this.limit.run(async () => {
      if (this.stopped) throw new RetryLater(`step ${step} of audit job ${job.job}: delivery stopped`);
      return submitWithFixedId(build(id), this.client, this.settings.mirrorUrl);
    });
    if (outcome.kind === 'landed') {
      const value = result?.(outcome) ?? '';
      // Not awaited: the job's end waits for it. Until it is on disk a restart resends this step
      // under its journaled ID and learns the same result from DUPLICATE_TRANSACTION.
      const record = this.journal.done(job.job, step, value);
      record.catch(() => undefined); // failures surface where the job's end awaits it
      this.stepRecords.get(job.job)?.push(record);
      return value;
    }
    if (outcome.kind === 'replan') await this.journal.plan(job.job, step, freshTransactionId(this.client).toString());
    throw new RetryLater(`step ${step} of audit job ${job.job}: ${outcome.reason}`);
  };

  /** How long the loop may sleep: until a lingering batch, a job's retry or an intent's lookup is due. */
  private untilNextDue(): number {
    const now = Date.now();
    const times = [now + this.settings.maxBackoffMs];
    if (this.lingering.entries > 0) times.push(this.lingering.until);
    for (const retry of this.retries.values()) times.push(retry.at);
    times.push(...this.intents.retryTimes());
    return Math.max(1, Math.min(...times) - now);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wake = null;
        resolve();
      };
      this.timer = setTimeout(done, ms);
      // Delivery must not keep a process alive: what is undelivered is replayed from the journal on the next start.
      this.timer.unref();
      this.wake = done;
    });
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
