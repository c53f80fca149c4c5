import type { ServerWritableStream } from '@grpc/grpc-js';
import { com } from '@hiero-ledger/proto';
import { nsToTimestamp, toLong } from '../ledger/numbers.js';
import { RUNNING_HASH_VERSION } from '../ledger/running-hash.js';
import type { TopicMessageState } from '../ledger/state-types.js';
import type { TopicFilter } from './topic-query.js';

/** setTimeout fires at once for delays above 2^31 - 1 ms, so far end times are approached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The mirror node's answer for one topic message (chunk info only when the submit carried it). */
export function encodeTopicResponse(message: TopicMessageState): Buffer {
  const { chunk } = message;
  return Buffer.from(com.hedera.mirror.api.proto.ConsensusTopicResponse.encode({
    consensusTimestamp: nsToTimestamp(message.consensusNs),
    message: message.message,
    runningHash: message.runningHash,
    sequenceNumber: toLong(message.sequenceNumber, true),
    runningHashVersion: toLong(RUNNING_HASH_VERSION, true),
    chunkInfo: chunk ? { initialTransactionID: chunk.initialTransactionId, number: chunk.number, total: chunk.total } : null,
  }).finish());
}

/** Index of the first message at or after `startNs`; consensus times grow with the sequence number. */
function firstAtOrAfter(messages: readonly TopicMessageState[], startNs: bigint): number {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (messages[middle].consensusNs < startNs) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One open `subscribeTopic` call. It reads the topic's message list through a cursor, so past and live
 * messages come from the same place: a message that reaches consensus while older ones are still being
 * written is simply further down the list, never sent twice and never skipped. Writes respect the
 * stream's backpressure; the ledger's record listener calls {@link wake} when something new may exist.
 */
export class TopicStream {
  private cursor: number;
  private sent = 0n;
  private closed = false;
  private waitingForDrain = false;
  private wakeScheduled = false;
  private endTimer?: NodeJS.Timeout;

  constructor(
    private readonly call: ServerWritableStream<Buffer, Buffer>,
    private readonly filter: TopicFilter,
    private readonly now: () => bigint,
    private readonly onClosed: () => void,
  ) {
    this.cursor = firstAtOrAfter(filter.topic.messages, filter.startNs);
    call.on('cancelled', () => this.close());
  }

  /** Sends what already exists, then waits for more. */
  start(): void {
    this.pump();
  }

  /** Something may have reached consensus: send it soon, outside the transaction that produced it. */
  wake(): void {
    if (this.closed || this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      this.pump();
    });
  }

  /** Ends the call with status OK now, whatever is left (the devnet stops). */
  finish(): void {
    if (!this.closed) this.complete();
  }

  private pump(): void {
    if (this.closed || this.waitingForDrain) return;
    const { messages } = this.filter.topic;
    const { endNs, limit } = this.filter;
    while (this.cursor < messages.length) {
      const message = messages[this.cursor];
      if (endNs !== undefined && message.consensusNs >= endNs) return this.complete();
      this.cursor++;
      this.sent++;
      const more = this.call.write(encodeTopicResponse(message));
      if (limit > 0n && this.sent >= limit) return this.complete();
      if (!more) {
        this.waitingForDrain = true;
        this.call.once('drain', () => {
          this.waitingForDrain = false;
          this.pump();
        });
        return;
      }
    }
    if (endNs === undefined) return;
    // Consensus times never fall behind the clock, so once it reaches the end time nothing earlier can come.
    const left = endNs - this.now();
    if (left <= 0n) return this.complete();
    this.armEndTimer(left);
  }

  private armEndTimer(leftNs: bigint): void {
    if (this.endTimer) return;
    const ms = Math.min(MAX_TIMER_MS, Number(leftNs / 1_000_000n) + 1);
    this.endTimer = setTimeout(() => {
      this.endTimer = undefined;
      this.pump();
    }, ms);
  }

  /** Status OK: the subscription got everything it asked for (end time passed or limit reached). */
  private complete(): void {
    this.close();
    this.call.end();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.endTimer);
    this.endTimer = undefined;
    this.onClosed();
  }
}
