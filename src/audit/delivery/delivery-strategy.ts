import type { Client, Transaction, TransactionReceipt } from '@hiero-ledger/sdk';
import type { AnyAuditEntry } from '../entries/index.js';
import type { JournalJob } from '../journal/index.js';

/** Thrown by a step that did not complete; the publisher waits and runs the job again. */
export class RetryLater extends Error {}

/** Runs one step of a job: submits what `build` makes under the step's fixed transaction ID. */
export type StepRunner = (
  job: JournalJob,
  step: string,
  build: (transactionId: string) => Transaction,
  /** What to record from the landed step: its receipt, or (when only a mirror still knows it) the entity it created. */
  result?: (landed: { receipt?: TransactionReceipt; entityId?: string }) => string | undefined,
) => Promise<string>;

/** A job a strategy proposes: the entry IDs, the fixed payload, and whether more entries would have fit. */
export interface ProposedJob {
  entries: string[];
  payload: string[];
  /** False for the last job of a proposal when later entries could still join it (the publisher may linger). */
  full: boolean;
}

/**
 * How entries reach a topic. The publisher owns the journal, retries, the in-flight bound and the
 * linger; a strategy only says how entries are grouped into jobs and which transactions a job is.
 */
export interface DeliveryStrategy {
  /**
   * Groups unassigned entries (consecutive seqs, in order) into at most `limit` jobs, each a batch
   * of `stream`, from the first entry on. Every job but the last must be full.
   */
  jobsFor(entries: readonly AnyAuditEntry[], stream: string, limit: number): ProposedJob[];
  /**
   * The steps of a job with this payload whose transaction IDs can be fixed when the job is made
   * (journaled with the job, saving a write before the first attempt); others are planned lazily.
   */
  firstSteps?(payload: readonly string[]): string[];
  /** Runs a job's steps in order through `step`; steps already done return their recorded result. */
  run(job: JournalJob, step: StepRunner, client: Client): Promise<void>;
}
