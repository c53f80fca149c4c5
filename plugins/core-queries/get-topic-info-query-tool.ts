import type { Client, TopicId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseQueryTool,
  forTool,
  mirrorFor,
  strictInput,
  toTopicId,
  topicIdSchema,
  type Context,
  type MirrorKey,
  type ToolResult,
} from '../../src/authoring/index.js';
import { isoOf, queryResult } from './query-result.js';

export const GET_TOPIC_INFO_QUERY_TOOL = 'get_topic_info_query_tool';

const parameters = strictInput({ topicId: topicIdSchema.describe('Topic to look up, e.g. "0.0.4321".') });

export type GetTopicInfoInput = z.infer<typeof parameters>;
export interface GetTopicInfoNormalised {
  topicId: TopicId;
}
export interface TopicSummary {
  topicId: string;
  memo: string;
  adminKey: MirrorKey | null;
  submitKey: MirrorKey | null;
  autoRenewAccountId: string | null;
  autoRenewPeriod: number | null;
  createdAt: string | null;
  deleted: boolean;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_topic_info_query_tool: { raw: GetTopicInfoInput; normalised: GetTopicInfoNormalised; coreActionResult: TopicSummary };
  }
}

/**
 * Reads a consensus topic's settings from the mirror node.
 *
 * @example
 * const { raw } = await kit.execute('get_topic_info_query_tool', { topicId: '0.0.4321' });
 * raw.submitKey; // null for a public topic
 */
export class GetTopicInfoQueryTool extends BaseQueryTool<GetTopicInfoInput, GetTopicInfoNormalised, TopicSummary> {
  readonly method = GET_TOPIC_INFO_QUERY_TOOL;
  readonly name = 'Get topic info';
  readonly description = 'Returns the settings of a consensus topic: memo, admin and submit keys, auto-renew account and period, creation time, deleted flag.';
  readonly parameters = parameters;

  normalizeParams(params: GetTopicInfoInput, _context: Context, _client: Client): Promise<GetTopicInfoNormalised> {
    return forTool(this.method, () => ({ topicId: toTopicId(params.topicId, 'topicId') }));
  }

  async coreAction(params: GetTopicInfoNormalised, context: Context, client: Client): Promise<TopicSummary> {
    const topic = await mirrorFor(context, client).getTopic(params.topicId.toString());
    return {
      topicId: topic.topic_id,
      memo: topic.memo ?? '',
      adminKey: topic.admin_key ?? null,
      submitKey: topic.submit_key ?? null,
      autoRenewAccountId: topic.auto_renew_account ?? null,
      autoRenewPeriod: topic.auto_renew_period ?? null,
      createdAt: isoOf(topic.created_timestamp),
      deleted: topic.deleted ?? false,
    };
  }

  override formatResult(topic: TopicSummary): ToolResult {
    if (topic.deleted) return queryResult(topic, `Topic ${topic.topicId} has been deleted.`);
    const posting = topic.submitKey ? 'only holders of its submit key may post' : 'anyone may post';
    const admin = topic.adminKey ? 'it has an admin key' : 'it has no admin key (it cannot be changed or deleted)';
    const memo = topic.memo ? `, memo "${topic.memo}"` : '';
    return queryResult(topic, `Topic ${topic.topicId}: ${posting}; ${admin}${memo}.`);
  }
}
