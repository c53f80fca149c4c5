import { TopicCreateTransaction, type Client, type PublicKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  actingPublicKey,
  forTool,
  memoSchema,
  outcomeText,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  transactionMemoSchema,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const CREATE_TOPIC_TOOL = 'create_topic_tool';

const parameters = strictInput(
  {
    isSubmitKey: z
      .boolean({ error: 'must be true or false' })
      .optional()
      .describe("true to restrict posting to the agent's key (a submit key); default false, anyone may post."),
    topicMemo: memoSchema('Optional public memo of the topic, up to 100 bytes.').optional(),
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  { message: 'post messages with submit_topic_message_tool after the topic exists', memo: 'the parameter is called topicMemo' },
);

export type CreateTopicInput = z.infer<typeof parameters>;

export interface CreateTopicNormalised extends MaybeScheduled {
  /** The agent's key: lets update_topic_tool and delete_topic_tool manage the topic later. */
  adminKey: PublicKey;
  submitKey?: PublicKey;
  topicMemo?: string;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    create_topic_tool: { raw: CreateTopicInput; normalised: CreateTopicNormalised; coreActionResult: TopicCreateTransaction };
  }
}

/**
 * Creates a consensus (HCS) topic administered by the agent's key.
 *
 * @example
 * const { raw } = await kit.execute('create_topic_tool', { topicMemo: 'audit log', isSubmitKey: true });
 * raw.topicId; // '0.0.1010'
 */
export class CreateTopicTool extends BaseTransactionTool<CreateTopicInput, CreateTopicNormalised, TopicCreateTransaction> {
  readonly method = CREATE_TOPIC_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Create topic';
  readonly description =
    "Creates a Hedera Consensus Service topic with the agent's key as admin key; with isSubmitKey true only the agent may post to it. " +
    'The new topic ID is returned as topicId.';
  readonly parameters = parameters;

  normalizeParams(params: CreateTopicInput, context: Context, client: Client): Promise<CreateTopicNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const key = await actingPublicKey(context, client, this.method);
      return { adminKey: key, submitKey: params.isSubmitKey ? key : undefined, topicMemo: params.topicMemo, transactionMemo: params.transactionMemo };
    }));
  }

  coreAction(params: CreateTopicNormalised): TopicCreateTransaction {
    const tx = new TopicCreateTransaction().setAdminKey(params.adminKey);
    if (params.submitKey) tx.setSubmitKey(params.submitKey);
    if (params.topicMemo) tx.setTopicMemo(params.topicMemo);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: CreateTopicNormalised): string {
    const kind = params.submitKey ? 'a topic only the agent can post to' : 'a public topic';
    return outcomeText(raw, { done: `Created ${kind}: ${String(raw.topicId ?? '(ID not reported)')}`, what: `create ${kind}` });
  }
}
