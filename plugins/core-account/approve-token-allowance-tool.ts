import { AccountAllowanceApproveTransaction, type AccountId, type Client, type Long, type TokenId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  formatUnits,
  outcomeText,
  paramIssue,
  recipientsSchema,
  resolveAccount,
  strictInput,
  toAccountId,
  toSmallestUnits,
  toTokenId,
  tokenAmountSchema,
  tokenIdSchema,
  transactionMemoSchema,
  type Context,
  type RawToolResult,
} from '../../src/authoring/index.js';
import { tokenFacts } from '../_shared/token-facts.js';

export const APPROVE_TOKEN_ALLOWANCE_TOOL = 'approve_token_allowance_tool';

/** Each approval is one allowance entry; Hedera takes at most 20 per transaction. */
const MAX_APPROVALS = 20;

const approval = strictInput(
  {
    tokenId: tokenIdSchema.describe('Fungible token the spender may move, e.g. "0.0.5678".'),
    amount: tokenAmountSchema.describe("Most the spender may move, in the token's display units (scaled by its decimals)."),
  },
  { serialNumbers: 'NFT allowances belong to approve_nft_allowance_tool' },
);

const parameters = strictInput({
  ownerAccountId: accountIdSchema.optional().describe("Account granting the allowance; defaults to the agent's account. It must sign."),
  spenderAccountId: accountIdSchema.describe('Account allowed to spend the tokens, e.g. "0.0.1234".'),
  tokenApprovals: recipientsSchema(MAX_APPROVALS, approval, 'token approval').describe(
    `1 to ${MAX_APPROVALS} approvals, e.g. [{ "tokenId": "0.0.5678", "amount": 10 }].`,
  ),
  transactionMemo: transactionMemoSchema,
});

export type ApproveTokenAllowanceInput = z.infer<typeof parameters>;

export interface ApproveTokenAllowanceNormalised {
  ownerAccountId: AccountId;
  spenderAccountId: AccountId;
  /** amounts in the token's smallest units */
  tokenApprovals: { tokenId: TokenId; amount: Long; decimals: number }[];
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    approve_token_allowance_tool: { raw: ApproveTokenAllowanceInput; normalised: ApproveTokenAllowanceNormalised; coreActionResult: AccountAllowanceApproveTransaction };
  }
}

/**
 * Lets a spender move up to an amount of each listed fungible token out of the owner's account.
 *
 * @example
 * await kit.execute('approve_token_allowance_tool', { spenderAccountId: '0.0.1002', tokenApprovals: [{ tokenId: '0.0.5678', amount: 25 }] });
 */
export class ApproveTokenAllowanceTool extends BaseTransactionTool<ApproveTokenAllowanceInput, ApproveTokenAllowanceNormalised, AccountAllowanceApproveTransaction> {
  readonly method = APPROVE_TOKEN_ALLOWANCE_TOOL;
  readonly name = 'Approve token allowance';
  readonly description =
    "Approves fungible-token allowances: the spender may move up to each amount (display units, scaled by the token's decimals) " +
    "from the owner (default: the agent's account). NFTs use approve_nft_allowance_tool.";
  readonly parameters = parameters;

  normalizeParams(params: ApproveTokenAllowanceInput, context: Context, client: Client): Promise<ApproveTokenAllowanceNormalised> {
    return forTool(this.method, async () => {
      const owner = resolveAccount(params.ownerAccountId, context, client, 'ownerAccountId');
      const spender = toAccountId(params.spenderAccountId, 'spenderAccountId');
      if (spender.equals(owner)) throw paramIssue('spenderAccountId', `${spender.toString()} is the owner; an account cannot be its own spender`);
      const tokenApprovals = [];
      // One allowance per (owner, spender, token): listed twice, the ledger keeps only the last amount.
      const listedAt = new Map<string, number>();
      for (const [at, entry] of params.tokenApprovals.entries()) {
        const tokenId = toTokenId(entry.tokenId, `tokenApprovals[${at}].tokenId`);
        const first = listedAt.get(tokenId.toString());
        if (first !== undefined) {
          throw paramIssue(`tokenApprovals[${at}].tokenId`, `token ${tokenId.toString()} is already listed at tokenApprovals[${first}]; list each token once with the full amount`);
        }
        listedAt.set(tokenId.toString(), at);
        const facts = await tokenFacts(tokenId, `tokenApprovals[${at}].tokenId`, context, client);
        if (!facts.fungible) throw paramIssue(`tokenApprovals[${at}].tokenId`, `${tokenId.toString()} is an NFT collection; use approve_nft_allowance_tool with serial numbers`);
        tokenApprovals.push({ tokenId, amount: toSmallestUnits(entry.amount, facts.decimals, `tokenApprovals[${at}].amount`), decimals: facts.decimals });
      }
      return { ownerAccountId: owner, spenderAccountId: spender, tokenApprovals, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: ApproveTokenAllowanceNormalised): AccountAllowanceApproveTransaction {
    const tx = new AccountAllowanceApproveTransaction();
    for (const entry of params.tokenApprovals) tx.approveTokenAllowance(entry.tokenId, params.ownerAccountId, params.spenderAccountId, entry.amount);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: ApproveTokenAllowanceNormalised): string {
    const amounts = params.tokenApprovals
      .map((entry) => `${formatUnits(entry.amount, entry.decimals)} of token ${entry.tokenId.toString()} (${entry.amount.toString()} smallest units)`)
      .join(', ');
    const words = `${params.spenderAccountId.toString()} to spend up to ${amounts} from ${params.ownerAccountId.toString()}`;
    return outcomeText(raw, { done: `Approved ${words}`, what: `approve ${words}` });
  }
}
