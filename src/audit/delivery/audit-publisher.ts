import type { Client } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import type { Logger } from '../../lifecycle/logger.js';
import { noteAuditDelivered } from '../../lifecycle/telemetry-notes.js';
import type { AuditJournal, JournalJob } from '../journal/index.js';
import { BatchLinger } from './batch-linger.js';
import type { DeliveryStrategy } from './delivery-strategy.js';
import { InFlightLimit } from './in-flight-limit.js';
import { IntentSettler, type PayerClients, type Settled } from './intent-settler.js';
import { JournaledSteps } from './journaled-steps.js';
import type { PublisherSettings } from './publisher-options.js';
import { RetryBackoff } from './retry-backoff.js';
import { freshTransactionId } from './transaction-submitter.js';
import { WakeLoop } from './wake-loop.js';

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
 * The pieces, each in its own file: BatchLinger (which batches go out now, which wait), RetryBackoff
 * (when a failed job may try again), JournaledSteps (one step under its journaled ID), WakeLoop (the
 * background loop that sleeps until poked or something is due). This class is what one round does.
 *
 * Intents left by a crashed run become `interrupted` entries once the network can say what became
 * of their transaction (see IntentSettler: within seconds where a no-op can take the transaction's
 * ID, else once its validity window closes). Their lookups run beside delivery: one that is slow or
 * hangs, or one the network cannot answer yet (a transaction that never reached the node can still
 * land until its validity window closes, minutes later), holds nothing back; later entries go out
 * as soon as they are durable, and the interrupted entry takes the next sequence number when it is
 * written. Batches carry their seq range, so readers still order and check the trail by seq.
 */
export class AuditPublisher {
  private readonly limit: InFlightLimit;
  private readonly loop: WakeLoop;
  private readonly batches: BatchLinger;
  private readonly backoff: RetryBackoff;
  private readonly steps: JournaledSteps;
  private flushing = 0;
  /** Open jobs (journaled, not complete), oldest first; read from the journal once, then kept here. */
  private open: Map<string, JournalJob> | undefined;
  private readonly running = new Map<string, Promise<void>>();
  private readonly intents: IntentSettler;
  lastError: string | undefined;

  constructor(
    private readonly journal: AuditJournal,
    private readonly strategy: DeliveryStrategy,
    private readonly client: Client,
    session: string,
    private readonly logger: Logger,
    private readonly settings: PublisherSettings,
    /** Clients that can sign a no-op under an interrupted call's transaction ID (see IntentSettler). */
    payerClients?: PayerClients,
  ) {
    this.limit = new InFlightLimit(settings.maxInFlight);
    this.intents = new IntentSettler(journal, client, session, logger, settings, payerClients);
    this.loop = new WakeLoop(
      () => this.rounds(),
      (error: unknown) => this.logger.error({ error: messageOf(error) }, 'audit delivery loop failed'),
    );
    this.batches = new BatchLinger(strategy, settings.lingerMs);
    this.backoff = new RetryBackoff(settings.minBackoffMs, settings.maxBackoffMs);
    this.steps = new JournaledSteps(journal, client, this.limit, settings.mirrorUrl, () => this.loop.isStopped);
  }

  /** Starts (or continues) delivery in the background; call it when an entry was journaled. */
  kick(): void {
    this.batches.arrived();
    this.loop.poke();
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
      while (this.hasWorkBefore(deadline) && !this.loop.isStopped && Date.now() < deadline) {
        this.loop.poke();
        await this.loop.nextChange(Math.max(0, Math.min(deadline - Date.now(), 1_000)));
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
    const wasRunning = this.loop.running;
    this.loop.stop();
    // Lookups of interrupted calls are not waited for: their intents stay journaled for the next start.
    this.intents.stop();
    const pending = [wasRunning, ...this.running.values()].filter((run): run is Promise<void> => run !== null);
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

  /** Work that can be done before `deadline`: undelivered entries, or intents that may be settled by then. */
  private hasWorkBefore(deadline: number): boolean {
    if (this.journal.undeliveredCount() > 0) return true;
    return this.intents.dueBefore(deadline);
  }

  /**
   * The loop's body, round after round: start lookups of due intents (see IntentSettler; not
   * awaited), turn waiting entries into jobs, start the jobs that may start; then sleep until
   * something changes (a kick, a job or lookup ending) or a linger or retry is due.
   */
  private async rounds(): Promise<void> {
    this.open ??= new Map(this.journal.openJobs().map((job) => [job.job, job]));
    while (!this.loop.isStopped) {
      this.loop.beginRound();
      this.intents.startDue(this.settled);
      try {
        await this.formJobs();
      } catch (error) {
        // The journal could not be written (e.g. a full disk): nothing was lost, try again later.
        this.lastError = messageOf(error);
        this.logger.warn({ error: this.lastError, retryInMs: this.settings.maxBackoffMs }, 'audit delivery could not journal its next step; will retry');
        await this.loop.pause(this.settings.maxBackoffMs);
        continue;
      }
      this.startJobs();
      if (this.loop.poked) continue;
      // Nothing moving and nothing left (two counts, not a scan): the loop ends until the next kick.
      if (this.running.size === 0 && this.open.size === 0 && this.batches.dueAt() === undefined && !this.hasWork()) return;
      await this.loop.pause(this.untilNextDue());
    }
  }

  /** A lookup of an interrupted call ended: its entry (if any) waits to be delivered like any other. */
  private readonly settled = (result: Settled): void => {
    if (result.problem) this.lastError = result.problem;
    if (result.entry) this.batches.arrived();
    this.loop.poke();
    this.loop.notify();
  };

  /** Makes jobs of unassigned entries while fewer than `maxInFlight` jobs are open; a batch that is not full may linger. */
  private async formJobs(): Promise<void> {
    const room = this.settings.maxInFlight - this.open!.size;
    if (room <= 0) return;
    const now = Date.now();
    const hurry = this.flushing > 0 || this.settings.lingerMs === 0;
    if (!this.batches.startLook(now, hurry)) return;
    const unassigned = this.journal.unassignedEntries();
    if (unassigned.length === 0) return;
    const stream = await this.journal.streamId();
    const taken = this.batches.take(unassigned, stream, room, now, hurry);
    // Each job is journaled with its first transaction IDs, and all of them at once: concurrent appends share one fsync.
    const jobs = await Promise.all(
      taken.map((job) => {
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
      if (this.running.has(job.job) || this.backoff.waiting(job.job, now)) continue;
      this.running.set(job.job, this.runJob(job));
    }
  }

  private async runJob(job: JournalJob): Promise<void> {
    const records = this.steps.begin(job.job);
    const started = performance.now();
    try {
      await this.strategy.run(job, this.steps.run, this.client);
      // The steps' `done` records and `complete` are appended back to back, so they share a write.
      await Promise.all([...records, this.journal.complete(job.job)]);
      this.open!.delete(job.job);
      this.backoff.succeeded(job.job);
      if (!this.backoff.anyFailing) this.lastError = undefined;
      this.logger.debug({ job: job.job, entries: job.entries.length }, 'audit entries delivered');
      noteAuditDelivered((performance.now() - started) / 1000, job.entries.length);
    } catch (error) {
      if (this.loop.isStopped) return; // an attempt cut short by stop(): its transaction ID is journaled for the next start
      const waitMs = this.backoff.failed(job.job, Date.now());
      this.lastError = messageOf(error);
      this.logger.warn({ job: job.job, error: this.lastError, retryInMs: waitMs }, 'audit delivery attempt failed; will retry');
    } finally {
      this.steps.end(job.job);
      this.running.delete(job.job);
      this.loop.changed();
      this.loop.notify();
    }
  }

  /** How long the loop may sleep: until a lingering batch, a job's retry or an intent's lookup is due. */
  private untilNextDue(): number {
    const now = Date.now();
    const times = [now + this.settings.maxBackoffMs];
    const linger = this.batches.dueAt();
    if (linger !== undefined) times.push(linger);
    times.push(...this.backoff.dueTimes());
    times.push(...this.intents.retryTimes());
    return Math.max(1, Math.min(...times) - now);
  }
}
