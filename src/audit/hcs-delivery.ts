import { TopicId, TopicMessageSubmitTransaction, TransactionId } from '@hiero-ledger/sdk';
import type { AuditEntry } from './audit-entry.js';
import type { JournalJob } from './audit-journal.js';
import type { DeliveryStrategy, StepRunner } from './delivery-strategy.js';
import { packEntries } from './hcs-message-codec.js';

/**
 * Plain HCS delivery: consecutive entries share a message while it stays within 1024 bytes, so a
 * burst of calls costs few messages; each message is one step with its own fixed transaction ID.
 */
export class HcsDelivery implements DeliveryStrategy {
  constructor(private readonly topicId: TopicId) {}

  jobsFor(entries: readonly AuditEntry[]): { entries: string[]; payload: string[] }[] {
    return packEntries(entries).map((group) => ({ entries: group.entries, payload: group.messages }));
  }

  async run(job: JournalJob, step: StepRunner): Promise<void> {
    for (const [at, message] of job.payload.entries()) {
      await step(
        job,
        `message-${at}`,
        (transactionId) => submitMessage(this.topicId, message, transactionId),
        ({ receipt }) => receipt?.topicSequenceNumber?.toString(),
      );
    }
  }
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
