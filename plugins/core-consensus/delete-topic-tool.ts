import { TopicDeleteTransaction, type Client, type TopicId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  forTool,
  outcomeText,
  strictInput,
  toTopicId,
  topicIdSchema,
  transactionMemoSchema,
  type Context,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const DELETE_TOPIC_TOOL = 'delete_topic_tool';

const parameters = strictInput({
  topicId: topicIdSchema.describe('Topic to delete, e.g. "0.0.4321". Its admin key must sign; this cannot be undone.'),
  transactionMemo: transactionMemoSchema,
});

export type DeleteTopicInput = z.infer<typeof parameters>;

export interface DeleteTopicNormalised {
  topicId: TopicId;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    delete_topic_tool: { raw: DeleteTopicInput; normalised: DeleteTopicNormalised; coreActionResult: TopicDeleteTransaction };
  }
}

/**
 * Deletes a consensus topic; no more messages can be posted to it.
 *
 * @example
 * await kit.execute('delete_topic_tool', { topicId: '0.0.4321' });
 */
export class DeleteTopicTool extends BaseTransactionTool<DeleteTopicInput, DeleteTopicNormalised, TopicDeleteTransaction> {
  readonly method = DELETE_TOPIC_TOOL;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Delete topic';
  readonly description = 'Deletes a consensus topic permanently. The topic must have an admin key held by the agent.';
  readonly parameters = parameters;

  normalizeParams(params: DeleteTopicInput, _context: Context, _client: Client): Promise<DeleteTopicNormalised> {
    return forTool(this.method, () => ({ topicId: toTopicId(params.topicId, 'topicId'), transactionMemo: params.transactionMemo }));
  }

  coreAction(params: DeleteTopicNormalised): TopicDeleteTransaction {
    const tx = new TopicDeleteTransaction().setTopicId(params.topicId);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: DeleteTopicNormalised): string {
    const id = params.topicId.toString();
    return outcomeText(raw, { done: `Deleted topic ${id}`, what: `delete topic ${id}` });
  }
}
