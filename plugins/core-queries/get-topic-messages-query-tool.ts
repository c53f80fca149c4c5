import type { Client, TopicId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseQueryTool,
  forTool,
  mirrorFor,
  paramIssue,
  strictInput,
  toTopicId,
  topicIdSchema,
  type Context,
  type ToolResult,
} from '../../src/authoring/index.js';
import { isoOf, queryResult } from './query-result.js';

export const GET_TOPIC_MESSAGES_QUERY_TOOL = 'get_topic_messages_query_tool';

const MAX_MESSAGES = 100;

const isoTime = (role: string) =>
  z
    .string({ error: 'must be an ISO-8601 date-time string' })
    .refine((text) => !Number.isNaN(Date.parse(text)), { error: 'must be an ISO-8601 date-time such as 2025-01-31T12:00:00Z' })
    .optional()
    .describe(`${role} as an ISO-8601 date-time, e.g. "2025-01-31T12:00:00Z".`);

const parameters = strictInput({
  topicId: topicIdSchema.describe('Topic to read, e.g. "0.0.4321".'),
  startTime: isoTime('Only messages at or after this time'),
  endTime: isoTime('Only messages at or before this time'),
  limit: z
    .number({ error: `must be a whole number from 1 to ${MAX_MESSAGES}` })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_MESSAGES, { error: `must be at most ${MAX_MESSAGES}` })
    .optional()
    .describe(`How many messages to return, 1 to ${MAX_MESSAGES} (default 25).`),
  order: z.enum(['asc', 'desc'], { error: 'must be "asc" (oldest first) or "desc" (newest first)' }).optional().describe('"asc" oldest first (default) or "desc" newest first.'),
});

export type GetTopicMessagesInput = z.infer<typeof parameters>;
export interface GetTopicMessagesNormalised {
  topicId: TopicId;
  /** mirror timestamp filters, e.g. `gte:1700000000.000000000` */
  timestampFilters: string[];
  limit: number;
  order: 'asc' | 'desc';
}
export interface TopicMessageLine {
  sequenceNumber: number;
  consensusTimestamp: string;
  consensusTime: string | null;
  /** the message decoded as UTF-8 */
  message: string;
  payerAccountId: string;
}
export interface TopicMessages {
  topicId: string;
  messages: TopicMessageLine[];
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_topic_messages_query_tool: { raw: GetTopicMessagesInput; normalised: GetTopicMessagesNormalised; coreActionResult: TopicMessages };
  }
}

/**
 * Reads messages posted to a consensus topic, decoded as text.
 *
 * @example
 * const { raw } = await kit.execute('get_topic_messages_query_tool', { topicId: '0.0.4321', limit: 10 });
 * raw.messages[0].message; // 'hello'
 */
export class GetTopicMessagesQueryTool extends BaseQueryTool<GetTopicMessagesInput, GetTopicMessagesNormalised, TopicMessages> {
  readonly method = GET_TOPIC_MESSAGES_QUERY_TOOL;
  readonly name = 'Get topic messages';
  readonly description = `Returns up to ${MAX_MESSAGES} messages of a consensus topic (text, sequence number, time, payer), optionally between startTime and endTime.`;
  readonly parameters = parameters;

  normalizeParams(params: GetTopicMessagesInput, _context: Context, _client: Client): Promise<GetTopicMessagesNormalised> {
    return forTool(this.method, () => {
      const start = params.startTime === undefined ? undefined : Date.parse(params.startTime);
      const end = params.endTime === undefined ? undefined : Date.parse(params.endTime);
      if (start !== undefined && end !== undefined && start > end) throw paramIssue('endTime', 'is before startTime');
      const filters: string[] = [];
      if (start !== undefined) filters.push(`gte:${mirrorTimestamp(start)}`);
      if (end !== undefined) filters.push(`lte:${mirrorTimestamp(end)}`);
      return { topicId: toTopicId(params.topicId, 'topicId'), timestampFilters: filters, limit: params.limit ?? 25, order: params.order ?? 'asc' };
    });
  }

  async coreAction(params: GetTopicMessagesNormalised, context: Context, client: Client): Promise<TopicMessages> {
    const body = await mirrorFor(context, client).getTopicMessages(params.topicId.toString(), {
      limit: params.limit,
      order: params.order,
      timestamp: params.timestampFilters,
    });
    return {
      topicId: params.topicId.toString(),
      messages: body.messages.map((message) => ({
        sequenceNumber: message.sequence_number,
        consensusTimestamp: message.consensus_timestamp,
        consensusTime: isoOf(message.consensus_timestamp),
        message: Buffer.from(message.message, 'base64').toString('utf8'),
        payerAccountId: message.payer_account_id,
      })),
    };
  }

  override formatResult(result: TopicMessages): ToolResult {
    if (result.messages.length === 0) return queryResult(result, `Topic ${result.topicId} has no messages in the requested range.`);
    const shown = result.messages.map((line) => `#${line.sequenceNumber}: ${JSON.stringify(line.message)}`).join('; ');
    return queryResult(result, `Topic ${result.topicId}, ${result.messages.length} message(s): ${shown}`);
  }
}

/** Milliseconds since the epoch → the mirror's "seconds.nanoseconds". */
function mirrorTimestamp(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${seconds}.${String((ms - seconds * 1000) * 1_000_000).padStart(9, '0')}`;
}
