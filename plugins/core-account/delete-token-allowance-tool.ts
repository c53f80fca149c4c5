import { AccountAllowanceApproveTransaction, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  paramIssue,
  recipientsSchema,
  resolveAccount,
  strictInput,
  toAccountId,
  toTokenId,
  tokenIdSchema,
  transactionMemoSchema,
  type Context,
  type RawToolResult,
} from '../../src/authoring/index.js';
import { tokenFacts } from '../_shared/token-facts.js';

export const DELETE_TOKEN_ALLOWANCE_TOOL = 'delete_token_allowance_tool';

const MAX_TOKENS = 20;

const parameters = strictInput(
  {
    ownerAccountId: accountIdSchema.optional().describe("Account that granted the allowances; defaults to the agent's account. It must sign."),
    spenderAccountId: accountIdSchema.describe('Spender whose allowances are removed, e.g. "0.0.1234".'),
    tokenIds: recipientsSchema(MAX_TOKENS, tokenIdSchema, 'token ID').describe(`1 to ${MAX_TOKENS} fungible token IDs whose allowance is removed.`),
    transactionMemo: transactionMemoSchema,
  },
  { amount: 'deleting an allowance takes no amount; use approve_token_allowance_tool to change it' },
);

export type DeleteTokenAllowanceInput = z.infer<typeof parameters>;

export interface DeleteTokenAllowanceNormalised {
  ownerAccountId: AccountId;
  spenderAccountId: AccountId;
  tokenIds: TokenId[];
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    delete_token_allowance_tool: { raw: DeleteTokenAllowanceInput; normalised: DeleteTokenAllowanceNormalised; coreActionResult: AccountAllowanceApproveTransaction };
  }
}

/**
 * Revokes fungible-token allowances by approving zero, which is how Hedera removes them.
 *
 * @example
 * await kit.execute('delete_token_allowance_tool', { spenderAccountId: '0.0.1002', tokenIds: ['0.0.5678'] });
 */
export class DeleteTokenAllowanceTool extends BaseTransactionTool<DeleteTokenAllowanceInput, DeleteTokenAllowanceNormalised, AccountAllowanceApproveTransaction> {
  readonly method = DELETE_TOKEN_ALLOWANCE_TOOL;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Delete token allowance';
  readonly description = "Revokes a spender's allowances on the listed fungible tokens of the owner (default: the agent's account).";
  readonly parameters = parameters;

  normalizeParams(params: DeleteTokenAllowanceInput, context: Context, client: Client): Promise<DeleteTokenAllowanceNormalised> {
    return forTool(this.method, async () => {
      const owner = resolveAccount(params.ownerAccountId, context, client, 'ownerAccountId');
      const spender = toAccountId(params.spenderAccountId, 'spenderAccountId');
      if (spender.equals(owner)) throw paramIssue('spenderAccountId', `${spender.toString()} is the owner; an account holds no allowance on itself`);
      const tokenIds: TokenId[] = [];
      for (const [at, text] of params.tokenIds.entries()) {
        const tokenId = toTokenId(text, `tokenIds[${at}]`);
        if (tokenIds.some((seen) => seen.toString() === tokenId.toString())) throw paramIssue(`tokenIds[${at}]`, `${tokenId.toString()} is listed twice`);
        const facts = await tokenFacts(tokenId, `tokenIds[${at}]`, context, client);
        if (!facts.fungible) throw paramIssue(`tokenIds[${at}]`, `${tokenId.toString()} is an NFT collection; this tool removes fungible-token allowances only`);
        tokenIds.push(tokenId);
      }
      return { ownerAccountId: owner, spenderAccountId: spender, tokenIds, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: DeleteTokenAllowanceNormalised): AccountAllowanceApproveTransaction {
    const tx = new AccountAllowanceApproveTransaction();
    for (const tokenId of params.tokenIds) tx.approveTokenAllowance(tokenId, params.ownerAccountId, params.spenderAccountId, 0);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: DeleteTokenAllowanceNormalised): string {
    const words = `the allowances of ${params.spenderAccountId.toString()} on ${params.tokenIds.map(String).join(', ')} owned by ${params.ownerAccountId.toString()}`;
    return outcomeText(raw, { done: `Revoked ${words}`, what: `revoke ${words}` });
  }
}
