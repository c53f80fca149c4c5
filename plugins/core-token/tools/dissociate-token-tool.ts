import { TokenDissociateTransaction, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
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

export const DISSOCIATE_TOKEN_TOOL = 'dissociate_token_tool';

const parameters = strictInput(
  {
    tokenIds: tokenIdListSchema.describe(`1 to ${MAX_TOKENS_PER_CALL} token IDs to dissociate, e.g. ["0.0.5678"].`),
    accountId: accountIdSchema.optional().describe('Account to dissociate; defaults to the agent\'s account. Its key must sign.'),
    transactionMemo: transactionMemoSchema,
  },
  { tokenId: 'pass a list: tokenIds: ["0.0.5678"]' },
);

export type DissociateTokenInput = z.infer<typeof parameters>;

export interface DissociateTokenNormalised {
  accountId: AccountId;
  tokenIds: TokenId[];
  transactionMemo?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    dissociate_token_tool: { raw: DissociateTokenInput; normalised: DissociateTokenNormalised };
  }
}

/**
 * Removes an account's association with tokens; the account must hold none of them.
 *
 * @example
 * await kit.execute('dissociate_token_tool', { tokenIds: ['0.0.5678'] });
 */
export class DissociateTokenTool extends BaseTransactionTool<DissociateTokenInput, DissociateTokenNormalised, TokenDissociateTransaction> {
  readonly method = DISSOCIATE_TOKEN_TOOL;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Dissociate Token';
  readonly description =
    'Dissociates an account (default: the agent\'s account) from one or more tokens. The account must hold a zero balance of each; its key must sign.';
  readonly parameters = parameters;

  normalizeParams(params: DissociateTokenInput, context: Context, client: Client): Promise<DissociateTokenNormalised> {
    return forTool(this.method, () => ({
      accountId: resolveAccount(params.accountId, context, client, 'accountId', this.method),
      tokenIds: toTokenIdList(params.tokenIds, 'tokenIds', this.method),
      transactionMemo: params.transactionMemo,
    }));
  }

  coreAction(params: DissociateTokenNormalised): TokenDissociateTransaction {
    const tx = new TokenDissociateTransaction().setAccountId(params.accountId).setTokenIds(params.tokenIds);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: DissociateTokenNormalised): string {
    const tokens = params.tokenIds.map(String).join(', ');
    return outcomeText(raw, {
      what: `dissociate account ${params.accountId.toString()} from token(s) ${tokens}`,
      done: `Dissociated account ${params.accountId.toString()} from token(s) ${tokens}`,
    });
  }
}
