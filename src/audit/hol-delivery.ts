import { TopicCreateTransaction, TopicId, TransactionId, type Client } from '@hiero-ledger/sdk';
import { RetryLater, type DeliveryStrategy, type StepRunner } from './delivery-strategy.js';
import type { AuditEntry } from './audit-entry.js';
import type { JournalJob } from './audit-journal.js';
import { encodeHcs1File } from './hcs1-codec.js';
import { HCS2_REGISTER_TX_MEMO, registerMessage } from './hcs2-codec.js';
import { submitMessage } from './hcs-delivery.js';

/**
 * HOL delivery: each entry becomes an HCS-1 file (its own topic: memo `<sha256>:brotli:base64`,
 * submit key = the audit account's key, no admin key) and is then registered on the HCS-2 session
 * topic. The register is sent only after every chunk's receipt, so a registered topic always
 * resolves to a whole file.
 */
export class HolDelivery implements DeliveryStrategy {
  /** @param checkSession throws when the session topic may not be written (e.g. not an indexed HCS-2 registry) */
  constructor(
    private readonly sessionTopicId: TopicId,
    private readonly checkSession: () => Promise<void> = async () => undefined,
  ) {}

  jobsFor(entries: readonly AuditEntry[]): { entries: string[]; payload: string[] }[] {
    // The file content is fixed here, once: its hash is the file topic's memo.
    return entries.map((entry) => ({ entries: [entry.id], payload: [JSON.stringify(entry)] }));
  }

  async run(job: JournalJob, step: StepRunner, client: Client): Promise<void> {
    await this.checkSession();
    const { memo, chunks } = encodeHcs1File(job.payload[0]!, 'application/json');
    const fileTopic = await step(
      job,
      'file-topic',
      (transactionId) =>
        new TopicCreateTransaction()
          .setTopicMemo(memo)
          .setSubmitKey(client.operatorPublicKey!)
          .setAutoRenewAccountId(client.operatorAccountId!)
          .setTransactionId(TransactionId.fromString(transactionId)),
      ({ receipt, entityId }) => receipt?.topicId?.toString() ?? entityId,
    );
    if (!fileTopic) throw new RetryLater(`the file topic of audit job ${job.job} was created but its receipt has no topic ID`);
    const fileTopicId = TopicId.fromString(fileTopic);
    // Chunks carry their position in `o`, so they may land in any order; all must land before the register.
    const results = await Promise.allSettled(
      chunks.map((chunk, o) => step(job, `chunk-${o}`, (transactionId) => submitMessage(fileTopicId, chunk, transactionId))),
    );
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    await step(
      job,
      'register',
      (transactionId) => submitMessage(this.sessionTopicId, registerMessage(fileTopic), transactionId, HCS2_REGISTER_TX_MEMO),
      ({ receipt }) => receipt?.topicSequenceNumber?.toString(),
    );
  }
}
