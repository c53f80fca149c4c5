import { TopicId, TopicMessageSubmitTransaction, TransactionId } from '@hiero-ledger/sdk';
import type { AnyAuditEntry } from '../entries/index.js';
import type { JournalJob } from '../journal/index.js';
import type { DeliveryStrategy, ProposedJob, StepRunner } from './delivery-strategy.js';
import { packBatches } from './batch-packer.js';

/**
 * Plain HCS delivery: consecutive entries share a message (compressed when that holds more) while
 * it stays within 1024 bytes, so a burst of calls costs few messages; each message is one step with
 * its own fixed transaction ID. An entry too large for a message is split into parts, one step each.
 */
export class HcsDelivery implements DeliveryStrategy {
  constructor(private readonly topicId: TopicId) {}

  jobsFor(entries: readonly AnyAuditEntry[], stream: string, limit: number): ProposedJob[] {
    return packBatches(entries, stream, limit).map((batch) => ({ entries: batch.entries, payload: batch.messages, full: batch.full }));
  }

  firstSteps(payload: readonly string[]): string[] {
    return payload.map((_, at) => messageStep(at));
  }

  async run(job: JournalJob, step: StepRunner): Promise<void> {
    // The parts of a split batch carry their index, so they may land in any order: all go at once
    // (the publisher's in-flight bound still applies to each).
    await allSteps(
      job.payload.map((message, at) =>
        step(job, messageStep(at), (transactionId) => submitMessage(this.topicId, message, transactionId), ({ receipt }) => receipt?.topicSequenceNumber?.toString()),
      ),
    );
  }
}

const messageStep = (at: number): string => `message-${at}`;

/** Waits for every step (none is abandoned midway), then throws the first failure, if any. */
export async function allSteps(steps: readonly Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(steps);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A single-chunk message submission: the SDK must never split it (that would change its ID scheme). */
export function submitMessage(topicId: TopicId, message: string, transactionId: string, memo?: string): TopicMessageSubmitTransaction {
  const transaction = new TopicMessageSubmitTransaction()
    .setTopicId(topicId)
    .setMessage(message)
    .setMaxChunks(1)
    .setTransactionId(TransactionId.fromString(transactionId));
  if (memo) transaction.setTransactionMemo(memo);
  return transaction;
}
