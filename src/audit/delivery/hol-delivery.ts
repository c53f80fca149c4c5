import { TopicCreateTransaction, TopicId, TransactionId, type Client } from '@hiero-ledger/sdk';
import { RetryLater, type DeliveryStrategy, type ProposedJob, type StepRunner } from './delivery-strategy.js';
import type { AnyAuditEntry } from '../entries/index.js';
import type { JournalJob } from '../journal/index.js';
import { encodeHcs1File, HCS2_REGISTER_TX_MEMO, registerMessage, entriesMessage } from '../codecs/index.js';
import { allSteps, submitMessage } from './hcs-delivery.js';

/** Largest batch file content, in bytes of JSON before compression (about ten chunks once compressed). */
export const HOL_BATCH_MAX_BYTES = 64 * 1024;

/**
 * HOL delivery: each batch of consecutive entries becomes an HCS-1 file (its own topic: memo
 * `<sha256>:brotli:base64`, submit key = the audit account's key, no admin key) holding the same
 * JSON as a plain HCS batch message, and is then registered on the HCS-2 session topic. The
 * register is sent only after every chunk's receipt, so a registered topic always resolves to a
 * whole file.
 */
export class HolDelivery implements DeliveryStrategy {
  /** @param checkSession throws when the session topic may not be written (e.g. not an indexed HCS-2 registry) */
  constructor(
    private readonly sessionTopicId: TopicId,
    private readonly checkSession: () => Promise<void> = async () => undefined,
  ) {}

  jobsFor(entries: readonly AnyAuditEntry[], stream: string, limit: number): ProposedJob[] {
    const jobs: ProposedJob[] = [];
    let at = 0;
    while (at < entries.length && jobs.length < limit) {
      // Whole entries while the content stays within the cap; an entry larger than it goes alone.
      let count = 1;
      let size = Buffer.byteLength(JSON.stringify(entries[at]), 'utf8');
      while (at + count < entries.length) {
        const next = Buffer.byteLength(JSON.stringify(entries[at + count]), 'utf8') + 1;
        if (size + next > HOL_BATCH_MAX_BYTES) break;
        size += next;
        count++;
      }
      const batch = entries.slice(at, at + count);
      // The file content is fixed here, once: its hash is the file topic's memo.
      const content = entriesMessage({ stream, first: batch[0]!.seq, last: batch[batch.length - 1]!.seq }, batch);
      jobs.push({ entries: batch.map((entry) => entry.id), payload: [content], full: at + count < entries.length });
      at += count;
    }
    return jobs;
  }

  firstSteps(): string[] {
    return ['file-topic'];
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
    await allSteps(chunks.map((chunk, o) => step(job, `chunk-${o}`, (transactionId) => submitMessage(fileTopicId, chunk, transactionId))));
    await step(
      job,
      'register',
      (transactionId) => submitMessage(this.sessionTopicId, registerMessage(fileTopic), transactionId, HCS2_REGISTER_TX_MEMO),
      ({ receipt }) => receipt?.topicSequenceNumber?.toString(),
    );
  }
}
