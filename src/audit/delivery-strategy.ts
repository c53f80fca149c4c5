import type { Client, Transaction, TransactionReceipt } from '@hiero-ledger/sdk';
import type { AuditEntry } from './audit-entry.js';
import type { JournalJob } from './audit-journal.js';

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

/**
 * How entries reach a topic. The publisher owns the journal, retries and ordering; a strategy only
 * says how entries are grouped into jobs and which transactions a job consists of.
 */
export interface DeliveryStrategy {
  /** Groups undelivered entries (in sequence order) into jobs: the entry IDs and fixed payload of each. */
  jobsFor(entries: readonly AuditEntry[]): { entries: string[]; payload: string[] }[];
  /** Runs a job's steps in order through `step`; steps already done return their recorded result. */
  run(job: JournalJob, step: StepRunner, client: Client): Promise<void>;
}
