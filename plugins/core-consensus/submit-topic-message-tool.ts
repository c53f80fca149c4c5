import { TopicMessageSubmitTransaction, type Client, type TopicId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  LONE_SURROGATE_ERROR,
  forTool,
  hasLoneSurrogate,
  outcomeText,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toTopicId,
  topicIdSchema,
  transactionMemoSchema,
  withoutPrivateKey,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const SUBMIT_TOPIC_MESSAGE_TOOL = 'submit_topic_message_tool';

/** The SDK splits messages into 1024-byte chunks, at most 20 of them by default. */
const CHUNK_BYTES = 1024;
const MAX_CHUNKS = 20;
export const MAX_MESSAGE_BYTES = CHUNK_BYTES * MAX_CHUNKS;

const parameters = strictInput(
  {
    topicId: topicIdSchema.describe('Topic to post to, e.g. "0.0.4321".'),
    message: withoutPrivateKey(
      z
        .string({ error: 'must be a string' })
        .refine((text) => text.length > 0, { error: 'must not be empty' })
        .refine((text) => Buffer.byteLength(text, 'utf8') <= MAX_MESSAGE_BYTES, { error: `must be at most ${MAX_MESSAGE_BYTES} bytes of UTF-8` })
        .refine((text) => !hasLoneSurrogate(text), { error: LONE_SURROGATE_ERROR }),
    ).describe(`Message text, 1 to ${MAX_MESSAGE_BYTES} bytes; longer than ${CHUNK_BYTES} bytes is sent in chunks.`),
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  { topicMemo: 'change the topic memo with update_topic_tool' },
);

export type SubmitTopicMessageInput = z.infer<typeof parameters>;

export interface SubmitTopicMessageNormalised extends MaybeScheduled {
  topicId: TopicId;
  message: string;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    submit_topic_message_tool: { raw: SubmitTopicMessageInput; normalised: SubmitTopicMessageNormalised; coreActionResult: TopicMessageSubmitTransaction };
  }
}

/**
 * Posts a message to a consensus topic.
 *
 * @example
 * const { raw } = await kit.execute('submit_topic_message_tool', { topicId: '0.0.4321', message: 'hello' });
 * raw.topicSequenceNumber; // '1'
 */
export class SubmitTopicMessageTool extends BaseTransactionTool<SubmitTopicMessageInput, SubmitTopicMessageNormalised, TopicMessageSubmitTransaction> {
  readonly method = SUBMIT_TOPIC_MESSAGE_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Submit topic message';
  readonly description = `Posts a text message (up to ${MAX_MESSAGE_BYTES} bytes) to a consensus topic; if the topic has a submit key, the agent must hold it.`;
  readonly parameters = parameters;

  normalizeParams(params: SubmitTopicMessageInput, context: Context, client: Client): Promise<SubmitTopicMessageNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, () => ({ topicId: toTopicId(params.topicId, 'topicId'), message: params.message, transactionMemo: params.transactionMemo })));
  }

  coreAction(params: SubmitTopicMessageNormalised): TopicMessageSubmitTransaction {
    const tx = new TopicMessageSubmitTransaction().setTopicId(params.topicId).setMessage(params.message).setMaxChunks(MAX_CHUNKS);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: SubmitTopicMessageNormalised): string {
    const id = params.topicId.toString();
    const seq = raw.topicSequenceNumber ? ` as message #${String(raw.topicSequenceNumber)}` : '';
    return outcomeText(raw, { done: `Posted a ${Buffer.byteLength(params.message)}-byte message to topic ${id}${seq}`, what: `post a message to topic ${id}` });
  }
}
