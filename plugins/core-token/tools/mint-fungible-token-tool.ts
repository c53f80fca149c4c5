import { TokenMintTransaction, type Client, type Long, type TokenId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  forTool,
  outcomeText,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toSmallestUnits,
  toTokenId,
  tokenAmountSchema,
  tokenIdSchema,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { displayAmount } from '../_support/fungible-transfers.js';
import { readToken, requireFungible } from '../_support/token-facts.js';

export const MINT_FUNGIBLE_TOKEN_TOOL = 'mint_fungible_token_tool';

const parameters = strictInput(
  {
    tokenId: tokenIdSchema.describe('The fungible token to mint, e.g. "0.0.5678".'),
    amount: tokenAmountSchema.describe('How many tokens to mint, in display units (e.g. 2.5 of a token with 2 decimals mints 250 smallest units).'),
    schedulingParams: schedulingParamsSchema,
  },
  { uris: 'NFT metadata is minted with mint_non_fungible_token_tool', metadata: 'NFT metadata is minted with mint_non_fungible_token_tool' },
);

export type MintFungibleTokenInput = z.infer<typeof parameters>;

export interface MintFungibleTokenNormalised extends MaybeScheduled {
  tokenId: TokenId;
  /** in smallest units */
  amount: Long;
  /** the token's decimals, as the mirror node reports them */
  decimals: number;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    mint_fungible_token_tool: { raw: MintFungibleTokenInput; normalised: MintFungibleTokenNormalised };
  }
}

/**
 * Mints more of a fungible token into its treasury; needs the token's supply key.
 *
 * @example
 * await kit.execute('mint_fungible_token_tool', { tokenId: '0.0.5678', amount: 100 });
 */
export class MintFungibleTokenTool extends BaseTransactionTool<MintFungibleTokenInput, MintFungibleTokenNormalised, TokenMintTransaction> {
  readonly method = MINT_FUNGIBLE_TOKEN_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Mint Fungible Token';
  readonly description =
    'Mints additional supply of a fungible token into its treasury. The amount is in display units and may not have more decimal places than the token. ' +
    'The agent must hold the token\'s supply key. For NFTs use mint_non_fungible_token_tool.';
  readonly parameters = parameters;

  normalizeParams(params: MintFungibleTokenInput, context: Context, client: Client): Promise<MintFungibleTokenNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      const token = await readToken(context, client, tokenId, 'tokenId', this.method);
      requireFungible(token, 'tokenId', this.method, 'mint_non_fungible_token_tool');
      return { tokenId, amount: toSmallestUnits(params.amount, token.decimals, 'amount', this.method), decimals: token.decimals };
    }));
  }

  coreAction(params: MintFungibleTokenNormalised): TokenMintTransaction {
    return new TokenMintTransaction().setTokenId(params.tokenId).setAmount(params.amount);
  }

  override describeResult(raw: RawToolResult, params: MintFungibleTokenNormalised): string {
    const amount = displayAmount(params.amount, params.decimals);
    return outcomeText(raw, {
      what: `mint ${amount} of token ${params.tokenId.toString()}`,
      done: `Minted ${amount} of token ${params.tokenId.toString()} into its treasury`,
    });
  }
}
