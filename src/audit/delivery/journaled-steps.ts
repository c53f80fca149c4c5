import type { Client, Transaction, TransactionReceipt } from '@hiero-ledger/sdk';
import type { AuditJournal, JournalJob } from '../journal/index.js';
import { RetryLater, type StepRunner } from './delivery-strategy.js';
import type { InFlightLimit } from './in-flight-limit.js';
import { freshTransactionId, submitWithFixedId } from './transaction-submitter.js';

/**
 * Exactly once, per step: every step of a job is submitted under a transaction ID journaled before
 * its first attempt, and a failed attempt is retried with the same ID, so a copy that landed unseen
 * is answered DUPLICATE_TRANSACTION instead of being published twice. Submissions hold a place of
 * `limit` only while they run.
 */
export class JournaledSteps {
  /** job → its steps' `done` records still being written */
  private readonly records = new Map<string, Promise<void>[]>();

  constructor(
    private readonly journal: AuditJournal,
    private readonly client: Client,
    private readonly limit: InFlightLimit,
    private readonly mirrorUrl: string | undefined,
    private readonly stopped: () => boolean,
  ) {}

  /** Starts collecting the `done` records of a job's steps; the job's end awaits them. */
  begin(job: string): Promise<void>[] {
    const records: Promise<void>[] = [];
    this.records.set(job, records);
    return records;
  }

  end(job: string): void {
    this.records.delete(job);
  }

  /** One step of a job under its journaled transaction ID; a step already done returns its result. */
  readonly run: StepRunner = async (
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
      if (this.stopped()) throw new RetryLater(`step ${step} of audit job ${job.job}: delivery stopped`);
      return submitWithFixedId(build(id), this.client, this.mirrorUrl);
    });
    if (outcome.kind === 'landed') {
      const value = result?.(outcome) ?? '';
      // Not awaited: the job's end waits for it. Until it is on disk a restart resends this step
      // under its journaled ID and learns the same result from DUPLICATE_TRANSACTION.
      const record = this.journal.done(job.job, step, value);
      record.catch(() => undefined); // failures surface where the job's end awaits it
      this.records.get(job.job)?.push(record);
      return value;
    }
    if (outcome.kind === 'replan') await this.journal.plan(job.job, step, freshTransactionId(this.client).toString());
    throw new RetryLater(`step ${step} of audit job ${job.job}: ${outcome.reason}`);
  };
}
