import { AccountAllowanceDeleteTransaction, Long, NftId, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  resolveAccount,
  strictInput,
  toTokenId,
  tokenIdSchema,
  type Context,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { serialNumberSchema } from '../_support/nft-transfers.js';
import { readToken, requireNonFungible } from '../_support/token-facts.js';
import { transactionMemoSchema } from '../_support/token-schemas.js';

export const DELETE_NON_FUNGIBLE_TOKEN_ALLOWANCE_TOOL = 'delete_non_fungible_token_allowance_tool';

/** Hedera counts each serial as one allowance, and takes at most 20 in one transaction (MAX_ALLOWANCES_EXCEEDED). */
const MAX_SERIALS = 20;

const parameters = strictInput(
  {
    ownerAccountId: accountIdSchema.optional().describe("Owner of the NFTs; defaults to the agent's account. It must sign."),
    tokenId: tokenIdSchema.describe('The NFT collection, e.g. "0.0.5678".'),
    serialNumbers: z
      .array(serialNumberSchema, { error: 'expected a list of serial numbers like [1, 2]' })
      .min(1, { error: 'must list at least one serial number' })
      .max(MAX_SERIALS, { error: `lists too many serials: at most ${MAX_SERIALS} per transaction` })
      .describe(`1 to ${MAX_SERIALS} serial numbers whose allowance is removed, e.g. [1, 2].`),
    transactionMemo: transactionMemoSchema,
  },
  {
    spenderAccountId: 'removing an NFT allowance clears whoever is approved for each serial, so no spender is named',
    allSerials: 'list the serials: Hedera removes NFT allowances per serial, and an approval for the whole collection is not removed this way',
  },
);

export type DeleteNonFungibleTokenAllowanceInput = z.infer<typeof parameters>;

export interface DeleteNonFungibleTokenAllowanceNormalised {
  ownerAccountId: AccountId;
  tokenId: TokenId;
  serialNumbers: Long[];
  transactionMemo?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    delete_non_fungible_token_allowance_tool: {
      raw: DeleteNonFungibleTokenAllowanceInput;
      normalised: DeleteNonFungibleTokenAllowanceNormalised;
      coreActionResult: AccountAllowanceDeleteTransaction;
    };
  }
}

/**
 * Removes the allowance on listed NFTs of one collection: afterwards no spender may transfer those
 * serials on the owner's behalf.
 *
 * @example
 * await kit.execute('delete_non_fungible_token_allowance_tool', { tokenId: '0.0.5678', serialNumbers: [1, 2] });
 */
export class DeleteNonFungibleTokenAllowanceTool extends BaseTransactionTool<
  DeleteNonFungibleTokenAllowanceInput,
  DeleteNonFungibleTokenAllowanceNormalised,
  AccountAllowanceDeleteTransaction
> {
  readonly method = DELETE_NON_FUNGIBLE_TOKEN_ALLOWANCE_TOOL;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Delete NFT allowance';
  readonly description =
    "Removes the allowance on listed NFT serials of one collection owned by the owner (default: the agent's account), so no spender approved for those serials can transfer them. " +
    'A spender approved for the whole collection (allSerials) keeps that approval.';
  readonly parameters = parameters;

  normalizeParams(params: DeleteNonFungibleTokenAllowanceInput, context: Context, client: Client): Promise<DeleteNonFungibleTokenAllowanceNormalised> {
    return forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      const ownerAccountId = resolveAccount(params.ownerAccountId, context, client, 'ownerAccountId', this.method);
      // A serial listed twice is removed once: the request is the same, and Hedera counts each entry toward its limit of 20.
      const serialNumbers = [...new Set(params.serialNumbers)].map((serial) => Long.fromNumber(serial));
      requireNonFungible(await readToken(context, client, tokenId, 'tokenId', this.method), 'tokenId', this.method, 'delete_token_allowance_tool');
      return { ownerAccountId, tokenId, serialNumbers, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: DeleteNonFungibleTokenAllowanceNormalised): AccountAllowanceDeleteTransaction {
    const tx = new AccountAllowanceDeleteTransaction();
    // The SDK gathers the serials of one token and owner into one removal entry.
    for (const serial of params.serialNumbers) tx.deleteAllTokenNftAllowances(new NftId(params.tokenId, serial), params.ownerAccountId);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: DeleteNonFungibleTokenAllowanceNormalised): string {
    const words = `the allowance on NFT serial(s) ${params.serialNumbers.map(String).join(', ')} of ${params.tokenId.toString()} owned by ${params.ownerAccountId.toString()}`;
    return outcomeText(raw, { done: `Removed ${words}`, what: `remove ${words}` });
  }
}
