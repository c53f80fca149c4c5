import { Long, TokenCreateTransaction, TokenSupplyType, TokenType, type AccountId, type Client, type PublicKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  actingPublicKey,
  forTool,
  outcomeText,
  resolveAccount,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { ledgerText } from '../_support/token-schemas.js';

export const CREATE_NON_FUNGIBLE_TOKEN_TOOL = 'create_non_fungible_token_tool';

const DEFAULT_MAX_SUPPLY = 100;

const parameters = strictInput(
  {
    tokenName: ledgerText('The name of the NFT collection, e.g. "Space Cats" (up to 100 bytes).', { nonEmpty: true }),
    tokenSymbol: ledgerText('The symbol of the collection, e.g. "CAT" (up to 100 bytes).', { nonEmpty: true }),
    maxSupply: z
      .number({ error: 'must be a whole number of NFTs, 1 or more' })
      .int({ error: 'must be a whole number of NFTs' })
      .positive({ error: 'must be 1 or more' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'is too large' })
      .optional()
      .describe(`Maximum number of NFTs in the collection. Default ${DEFAULT_MAX_SUPPLY}.`),
    treasuryAccountId: accountIdSchema.optional().describe('Account that receives minted NFTs; defaults to the agent\'s account. It must sign.'),
    tokenMemo: ledgerText('Optional public memo stored on the token, up to 100 bytes.').optional(),
    schedulingParams: schedulingParamsSchema,
  },
  {
    initialSupply: 'an NFT collection starts empty; mint serials with mint_non_fungible_token_tool',
    decimals: 'NFTs have no decimals; for a token with amounts use create_fungible_token_tool',
  },
);

export type CreateNonFungibleTokenInput = z.infer<typeof parameters>;

export interface CreateNonFungibleTokenNormalised extends MaybeScheduled {
  tokenName: string;
  tokenSymbol: string;
  maxSupply: Long;
  treasuryAccountId: AccountId;
  /** The agent's key: mints serials and can update the token later. */
  adminKey: PublicKey;
  supplyKey: PublicKey;
  tokenMemo?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    create_non_fungible_token_tool: { raw: CreateNonFungibleTokenInput; normalised: CreateNonFungibleTokenNormalised };
  }
}

/**
 * Creates an NFT collection (finite supply) whose supply and admin key is the agent's key.
 *
 * @example
 * await kit.execute('create_non_fungible_token_tool', { tokenName: 'Space Cats', tokenSymbol: 'CAT', maxSupply: 50 });
 */
export class CreateNonFungibleTokenTool extends BaseTransactionTool<CreateNonFungibleTokenInput, CreateNonFungibleTokenNormalised, TokenCreateTransaction> {
  readonly method = CREATE_NON_FUNGIBLE_TOKEN_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Create Non-Fungible Token';
  readonly description =
    'Creates an NFT collection (HTS non-fungible token) with a finite maxSupply (default 100). ' +
    'The agent\'s key becomes the supply key (to mint serials) and the admin key; the treasury defaults to the agent\'s account.';
  readonly parameters = parameters;

  normalizeParams(params: CreateNonFungibleTokenInput, context: Context, client: Client): Promise<CreateNonFungibleTokenNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const key = await actingPublicKey(context, client, this.method);
      return {
        tokenName: params.tokenName,
        tokenSymbol: params.tokenSymbol,
        maxSupply: Long.fromNumber(params.maxSupply ?? DEFAULT_MAX_SUPPLY),
        treasuryAccountId: resolveAccount(params.treasuryAccountId, context, client, 'treasuryAccountId', this.method),
        adminKey: key,
        supplyKey: key,
        tokenMemo: params.tokenMemo,
      };
    }));
  }

  coreAction(params: CreateNonFungibleTokenNormalised): TokenCreateTransaction {
    const tx = new TokenCreateTransaction()
      .setTokenType(TokenType.NonFungibleUnique)
      .setTokenName(params.tokenName)
      .setTokenSymbol(params.tokenSymbol)
      .setDecimals(0)
      .setInitialSupply(0)
      .setSupplyType(TokenSupplyType.Finite)
      .setMaxSupply(params.maxSupply)
      .setTreasuryAccountId(params.treasuryAccountId)
      .setAdminKey(params.adminKey)
      .setSupplyKey(params.supplyKey);
    if (params.tokenMemo) tx.setTokenMemo(params.tokenMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: CreateNonFungibleTokenNormalised): string {
    const what = `create the NFT collection ${params.tokenName} (${params.tokenSymbol}) with up to ${params.maxSupply.toString()} NFTs`;
    return outcomeText(raw, { what, done: `Created the NFT collection ${params.tokenName} (${params.tokenSymbol}) as ${String(raw.tokenId ?? 'a new token')}, up to ${params.maxSupply.toString()} NFTs, treasury ${params.treasuryAccountId.toString()}` });
  }
}
