import { TokenAssociateTransaction, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  resolveAccount,
  strictInput,
  type Context,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { MAX_TOKENS_PER_CALL, tokenIdListSchema, toTokenIdList } from '../_support/token-list.js';
import { transactionMemoSchema } from '../_support/token-schemas.js';

export const ASSOCIATE_TOKEN_TOOL = 'associate_token_tool';

const parameters = strictInput(
  {
    accountId: accountIdSchema.optional().describe('Account to associate; defaults to the agent\'s account. Its key must sign.'),
    tokenIds: tokenIdListSchema.describe(`1 to ${MAX_TOKENS_PER_CALL} token IDs to associate, e.g. ["0.0.5678"].`),
    transactionMemo: transactionMemoSchema,
  },
  { tokenId: 'pass a list: tokenIds: ["0.0.5678"]' },
);

export type AssociateTokenInput = z.infer<typeof parameters>;

export interface AssociateTokenNormalised {
  accountId: AccountId;
  tokenIds: TokenId[];
  transactionMemo?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    associate_token_tool: { raw: AssociateTokenInput; normalised: AssociateTokenNormalised };
  }
}

/**
 * Associates an account with tokens so it can hold and receive them.
 *
 * @example
 * await kit.execute('associate_token_tool', { tokenIds: ['0.0.5678'] });
 */
export class AssociateTokenTool extends BaseTransactionTool<AssociateTokenInput, AssociateTokenNormalised, TokenAssociateTransaction> {
  readonly method = ASSOCIATE_TOKEN_TOOL;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Associate Token';
  readonly description =
    'Associates an account (default: the agent\'s account) with one or more tokens, which it must be before it can receive them by transfer. ' +
    'The account\'s key must sign.';
  readonly parameters = parameters;

  normalizeParams(params: AssociateTokenInput, context: Context, client: Client): Promise<AssociateTokenNormalised> {
    return forTool(this.method, () => ({
      accountId: resolveAccount(params.accountId, context, client, 'accountId', this.method),
      tokenIds: toTokenIdList(params.tokenIds, 'tokenIds', this.method),
      transactionMemo: params.transactionMemo,
    }));
  }

  coreAction(params: AssociateTokenNormalised): TokenAssociateTransaction {
    const tx = new TokenAssociateTransaction().setAccountId(params.accountId).setTokenIds(params.tokenIds);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: AssociateTokenNormalised): string {
    const tokens = params.tokenIds.map(String).join(', ');
    return outcomeText(raw, {
      what: `associate account ${params.accountId.toString()} with token(s) ${tokens}`,
      done: `Associated account ${params.accountId.toString()} with token(s) ${tokens}`,
    });
  }
}
