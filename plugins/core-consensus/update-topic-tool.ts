import { TopicUpdateTransaction, type AccountId, type Client, type PublicKey, type TopicId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  actingPublicKey,
  forTool,
  memoSchema,
  outcomeText,
  paramIssue,
  parsePublicKey,
  strictInput,
  toAccountId,
  toTopicId,
  topicIdSchema,
  transactionMemoSchema,
  type Context,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const UPDATE_TOPIC_TOOL = 'update_topic_tool';

/** Hedera accepts auto-renew periods from about 30 to about 92 days. */
const MIN_AUTO_RENEW_SECONDS = 2_592_000;
const MAX_AUTO_RENEW_SECONDS = 8_000_001;

const keyInput = (role: string) =>
  z
    .union([z.literal(true), z.string().min(1)], { error: 'must be true (the agent\'s key) or a public key in hex' })
    .optional()
    .describe(`New ${role}: true for the agent's own key, or a public key (DER or raw hex).`);

const parameters = strictInput(
  {
    topicId: topicIdSchema.describe('Topic to update, e.g. "0.0.4321". Its admin key must sign.'),
    topicMemo: memoSchema('New public memo of the topic, up to 100 bytes.').optional(),
    adminKey: keyInput('admin key'),
    submitKey: keyInput('submit key'),
    autoRenewAccountId: accountIdSchema.optional().describe('Account that pays to renew the topic.'),
    autoRenewPeriod: z
      .number({ error: 'must be a number of seconds' })
      .int({ error: 'must be a whole number of seconds' })
      .min(MIN_AUTO_RENEW_SECONDS, { error: `must be at least ${MIN_AUTO_RENEW_SECONDS} seconds (30 days)` })
      .max(MAX_AUTO_RENEW_SECONDS, { error: `must be at most ${MAX_AUTO_RENEW_SECONDS} seconds (about 92 days)` })
      .optional()
      .describe('Seconds between automatic renewals, 2592000 (30 days) to 8000001.'),
    transactionMemo: transactionMemoSchema,
  },
  { message: 'post messages with submit_topic_message_tool' },
);

export type UpdateTopicInput = z.infer<typeof parameters>;

export interface UpdateTopicNormalised {
  topicId: TopicId;
  topicMemo?: string;
  adminKey?: PublicKey;
  submitKey?: PublicKey;
  autoRenewAccountId?: AccountId;
  autoRenewPeriod?: number;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    update_topic_tool: { raw: UpdateTopicInput; normalised: UpdateTopicNormalised; coreActionResult: TopicUpdateTransaction };
  }
}

const CHANGES = ['topicMemo', 'adminKey', 'submitKey', 'autoRenewAccountId', 'autoRenewPeriod'] as const;

/**
 * Changes a topic's memo, keys or renewal settings.
 *
 * @example
 * await kit.execute('update_topic_tool', { topicId: '0.0.4321', topicMemo: 'renamed', submitKey: true });
 */
export class UpdateTopicTool extends BaseTransactionTool<UpdateTopicInput, UpdateTopicNormalised, TopicUpdateTransaction> {
  readonly method = UPDATE_TOPIC_TOOL;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Update topic';
  readonly description =
    'Updates a consensus topic: topicMemo, adminKey, submitKey (true = the agent\'s key, or a public key), autoRenewAccountId, autoRenewPeriod. ' +
    'At least one change must be given; the topic needs an admin key.';
  readonly parameters = parameters;

  normalizeParams(params: UpdateTopicInput, context: Context, client: Client): Promise<UpdateTopicNormalised> {
    return forTool(this.method, async () => {
      if (!CHANGES.some((field) => params[field] !== undefined)) {
        throw paramIssue('parameters', `nothing to update; give at least one of ${CHANGES.join(', ')}`);
      }
      const key = async (value: true | string | undefined, field: string) =>
        value === undefined ? undefined : value === true ? actingPublicKey(context, client, this.method) : parsePublicKey(value, field, this.method, [client.operatorPublicKey]);
      return {
        topicId: toTopicId(params.topicId, 'topicId'),
        topicMemo: params.topicMemo,
        adminKey: await key(params.adminKey, 'adminKey'),
        submitKey: await key(params.submitKey, 'submitKey'),
        autoRenewAccountId: params.autoRenewAccountId === undefined ? undefined : toAccountId(params.autoRenewAccountId, 'autoRenewAccountId'),
        autoRenewPeriod: params.autoRenewPeriod,
        transactionMemo: params.transactionMemo,
      };
    });
  }

  coreAction(params: UpdateTopicNormalised): TopicUpdateTransaction {
    const tx = new TopicUpdateTransaction().setTopicId(params.topicId);
    if (params.topicMemo !== undefined) tx.setTopicMemo(params.topicMemo);
    if (params.adminKey) tx.setAdminKey(params.adminKey);
    if (params.submitKey) tx.setSubmitKey(params.submitKey);
    if (params.autoRenewAccountId) tx.setAutoRenewAccountId(params.autoRenewAccountId);
    if (params.autoRenewPeriod !== undefined) tx.setAutoRenewPeriod(params.autoRenewPeriod);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: UpdateTopicNormalised): string {
    const changed = CHANGES.filter((field) => params[field] !== undefined).join(', ');
    const id = params.topicId.toString();
    return outcomeText(raw, { done: `Updated ${changed} of topic ${id}`, what: `update ${changed} of topic ${id}` });
  }
}
