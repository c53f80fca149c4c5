import type { Client, Transaction, TransactionReceipt } from '@hiero-ledger/sdk';
import { messageOf } from '../lifecycle/errors.js';
import type { Logger } from '../lifecycle/logger.js';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, type AuditEntry } from './audit-entry.js';
import type { AuditJournal, JournalJob } from './audit-journal.js';
import { RetryLater, type DeliveryStrategy } from './delivery-strategy.js';
import type { IntentRecord } from './journal-records.js';
import { lookUpTransaction, type LookupResult } from './transaction-lookup.js';
import { freshTransactionId, submitWithFixedId } from './transaction-submitter.js';
import { randomUUID } from 'node:crypto';

export interface PublisherOptions {
  /** First wait after a failed attempt, in ms (default 100); doubles up to `maxBackoffMs`. */
  minBackoffMs?: number;
  /** Longest wait between attempts, in ms (default 5000). */
  maxBackoffMs?: number;
  /**
   * Mirror node REST URL, consulted when a receipt is gone (nodes keep receipts ~3 minutes): to learn
   * the outcome of calls interrupted by a crash and of messages whose ID expired. Defaults to the
   * kit's `mirrorNodeUrl`.
   */
  mirrorUrl?: string;
}

/**
 * Delivers a journal's entries in the background, one job at a time and in sequence order, so the
 * topic's order is the journal's. Every transaction ID is journaled before its first attempt; a
 * failed attempt is retried with the same ID after a backoff, so a copy that landed unseen is
 * answered DUPLICATE_TRANSACTION instead of being published twice.
 *
 * Intents left by a crashed run become `interrupted` entries once the network can say what became
 * of their transaction. One it cannot answer for yet (a transaction that never reached the node
 * can still land until its validity window closes, minutes later) is asked about again later and
 * meanwhile holds nothing back: its entry takes the next sequence number when it is written.
 */
export class AuditPublisher {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private backoffMs: number;
  private waiters: (() => void)[] = [];
  /** transaction ID of an unsettled intent → when to ask the network about it again (epoch ms) */
  private readonly intentRetryAt = new Map<string, number>();
  lastError: string | undefined;

  constructor(
    private readonly journal: AuditJournal,
    private readonly strategy: DeliveryStrategy,
    private readonly client: Client,
    private readonly session: string,
    private readonly logger: Logger,
    private readonly options: PublisherOptions = {},
  ) {
    this.backoffMs = this.minBackoff;
  }

  /** Starts (or continues) delivery in the background. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      this.wake?.();
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) this.kick();
      else this.notify();
    });
  }

  /**
   * Resolves when nothing is left to deliver or `timeoutMs` passed; returns whether all was
   * delivered. It does not wait for intents the network cannot settle before the deadline.
   */
  async flush(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.hasWorkBefore(deadline) && !this.stopped && Date.now() < deadline) {
      this.kick();
      this.wake?.();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(deadline - Date.now(), 1_000)));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return !this.hasWork();
  }

  /**
   * Stops delivery. An attempt in flight gets a short grace to finish; one still running after it
   * (e.g. a network that does not answer) is abandoned: its transaction ID is journaled, so the next
   * start resends it and a copy that landed answers DUPLICATE_TRANSACTION.
   */
  async stop(graceMs = 1_000): Promise<void> {
    this.stopped = true;
    this.wake?.();
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)).unref())]);
    clearTimeout(timer);
  }

  hasWork(): boolean {
    return this.journal.undeliveredCount() > 0 || this.journal.unresolvedIntentCount() > 0;
  }

  /** Intents of a crashed run whose outcome the network could not tell yet. */
  unsettledIntents(): number {
    return this.journal.unresolvedIntentCount();
  }

  /** Work that can be done before `deadline`: undelivered entries, or intents that may be settled by then. */
  private hasWorkBefore(deadline: number): boolean {
    if (this.journal.undeliveredCount() > 0) return true;
    return this.journal.unresolvedIntents().some((intent) => (this.intentRetryAt.get(intent.transactionId) ?? 0) < deadline);
  }

  private get minBackoff(): number {
    return this.options.minBackoffMs ?? 100;
  }

  private async loop(): Promise<void> {
    this.again = false;
    while (!this.stopped && this.hasWork()) {
      try {
        // One lookup per round: a slow answer about one intent delays the next message by one lookup at most.
        const lookedUp = await this.settleNextIntent();
        let job = this.journal.openJobs()[0];
        if (!job) {
          const groups = this.strategy.jobsFor(this.journal.unassignedEntries());
          for (const group of groups) await this.journal.addJob(group.entries, group.payload);
          job = this.journal.openJobs()[0];
        }
        if (!job) {
          if (lookedUp) continue;
          // Only intents the network cannot settle yet are left: wait until one may be, or a kick.
          this.notify();
          await this.pause(this.untilNextIntentLookup());
          continue;
        }
        await this.strategy.run(job, this.step, this.client);
        await this.journal.complete(job.job);
        this.logger.debug({ job: job.job, entries: job.entries.length }, 'audit entries delivered');
        this.lastError = undefined;
        this.backoffMs = this.minBackoff;
        this.notify();
      } catch (error) {
        this.lastError = messageOf(error);
        this.logger.warn({ error: this.lastError, retryInMs: this.backoffMs }, 'audit delivery attempt failed; will retry');
        await this.pause(this.backoffMs);
        this.backoffMs = Math.min(this.backoffMs * 2, this.maxBackoff);
      }
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
    const outcome = await submitWithFixedId(build(transactionId), this.client, this.options.mirrorUrl);
    if (outcome.kind === 'landed') {
      const value = result?.(outcome) ?? '';
      await this.journal.done(job.job, step, value);
      return value;
    }
    if (outcome.kind === 'replan') await this.journal.plan(job.job, step, freshTransactionId(this.client).toString());
    throw new RetryLater(`step ${step} of audit job ${job.job}: ${outcome.reason}`);
  };

  /**
   * An intent without an entry means the process stopped between building a transaction and
   * journaling its outcome. The network says whether it landed; either way an `interrupted` entry
   * records the call, so no transaction that reached the network goes unaudited. An intent the
   * network cannot answer for yet is skipped until its retry time, so it blocks no later entry.
   * Returns whether it asked the network about one.
   */
  private async settleNextIntent(): Promise<boolean> {
    const now = Date.now();
    const intent = this.journal.unresolvedIntents().find((each) => (this.intentRetryAt.get(each.transactionId) ?? 0) <= now);
    if (!intent) return false;
    const result = await lookUpTransaction(intent.transactionId, this.client, this.options.mirrorUrl, intent.validDurationSeconds).catch(
      (error: unknown): LookupResult => ({ found: 'unknown', reason: messageOf(error) }),
    );
    if (result.found === 'unknown') {
      this.intentRetryAt.set(intent.transactionId, result.retryAt ?? Date.now() + this.maxBackoff);
      this.lastError = `could not learn the outcome of interrupted transaction ${intent.transactionId} yet: ${result.reason}`;
      this.logger.debug({ transactionId: intent.transactionId, reason: result.reason }, 'interrupted call not settled yet; later entries go ahead');
      return true;
    }
    this.intentRetryAt.delete(intent.transactionId);
    await this.journal.addEntry((seq) => interruptedEntry(intent, seq, this.session, result));
    return true;
  }

  /** How long to sleep when only unsettled intents are left: until the first may be asked about again. */
  private untilNextIntentLookup(): number {
    const times = this.journal.unresolvedIntents().map((intent) => this.intentRetryAt.get(intent.transactionId) ?? 0);
    if (times.length === 0) return this.maxBackoff;
    return Math.max(this.minBackoff, Math.min(...times) - Date.now());
  }

  private get maxBackoff(): number {
    return this.options.maxBackoffMs ?? 5_000;
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

type SettledLookup = Exclude<LookupResult, { found: 'unknown' }>;

function interruptedEntry(intent: IntentRecord, seq: number, session: string, result: SettledLookup): AuditEntry {
  const { status, message } = interruptedOutcome(result);
  return {
    type: AUDIT_ENTRY_TYPE,
    version: AUDIT_ENTRY_VERSION,
    id: randomUUID(),
    seq,
    session,
    timestamp: intent.at,
    tool: intent.tool,
    outcome: 'interrupted',
    stage: 'secondaryAction',
    params: intent.params,
    paramsKind: intent.paramsKind,
    transactionId: intent.transactionId,
    status,
    error: { code: 'E_INTERRUPTED', message },
  };
}

function interruptedOutcome(result: SettledLookup): { status: string; message: string } {
  const stopped = 'the process stopped before the outcome was journaled';
  if (result.found === true) return { status: result.status, message: `${stopped}; on restart the network reported ${result.status} for this transaction` };
  if (result.found === false) return { status: 'RECEIPT_NOT_FOUND', message: `${stopped}; the network has no record of this transaction, and its validity window has closed, so it never executed` };
  return { status: 'UNKNOWN', message: `${stopped}; ${result.reason}. It may have executed: look the transaction ID up before repeating the call` };
}
