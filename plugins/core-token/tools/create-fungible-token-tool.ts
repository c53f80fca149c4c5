import { Long, TokenCreateTransaction, TokenSupplyType, TokenType, type AccountId, type Client, type PublicKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  actingPublicKey,
  forTool,
  outcomeText,
  paramIssue,
  resolveAccount,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { displayAmount } from '../_support/fungible-transfers.js';
import { supplyAmountSchema, supplyToSmallestUnits } from '../_support/supply-amount.js';
import { ledgerText } from '../_support/token-schemas.js';

export const CREATE_FUNGIBLE_TOKEN_TOOL = 'create_fungible_token_tool';

/** Hedera supply counts are int64; more than 18 decimals would leave no room for whole units. */
const MAX_DECIMALS = 18;

const parameters = strictInput(
  {
    tokenName: ledgerText('The name of the token, e.g. "Gold Coin" (up to 100 bytes).', { nonEmpty: true }),
    tokenSymbol: ledgerText('The ticker symbol, e.g. "GLD" (up to 100 bytes).', { nonEmpty: true }),
    initialSupply: supplyAmountSchema('Supply minted to the treasury at creation, in display units (e.g. 1000 with decimals 2 mints 1000.00). Default 0.').optional(),
    decimals: z
      .number({ error: 'must be a whole number from 0 to 18' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be 0 or more' })
      .max(MAX_DECIMALS, { error: `must be at most ${MAX_DECIMALS}` })
      .optional()
      .describe('Number of decimal places of the token, 0 to 18. Default 0.'),
    supplyType: z
      .enum(['finite', 'infinite'], { error: 'must be "finite" or "infinite"' })
      .optional()
      .describe('"finite" caps the supply at maxSupply; "infinite" has no cap. Default: finite when maxSupply is given, else infinite.'),
    maxSupply: supplyAmountSchema('Maximum supply in display units; only for a finite supply.').optional(),
    treasuryAccountId: accountIdSchema.optional().describe('Account that holds the initial supply; defaults to the agent\'s account. It must sign.'),
    isSupplyKey: z.boolean({ error: 'must be true or false' }).optional().describe('true to give the agent\'s key the supply key, so mint_fungible_token_tool can mint more later.'),
    tokenMemo: ledgerText('Optional public memo stored on the token, up to 100 bytes.').optional(),
    schedulingParams: schedulingParamsSchema,
  },
  { serialNumber: 'fungible tokens have no serial numbers', uris: 'NFT metadata belongs to create_non_fungible_token_tool and mint_non_fungible_token_tool' },
);

export type CreateFungibleTokenInput = z.infer<typeof parameters>;

export interface CreateFungibleTokenNormalised extends MaybeScheduled {
  tokenName: string;
  tokenSymbol: string;
  decimals: number;
  /** in smallest units */
  initialSupply: Long;
  supplyType: TokenSupplyType;
  /** in smallest units; finite supply only */
  maxSupply?: Long;
  treasuryAccountId: AccountId;
  /** The agent's key: lets update_token_tool change the token later. */
  adminKey: PublicKey;
  supplyKey?: PublicKey;
  tokenMemo?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    create_fungible_token_tool: { raw: CreateFungibleTokenInput; normalised: CreateFungibleTokenNormalised };
  }
}

/**
 * Creates a fungible token with the agent's key as admin key (and supply key on request).
 *
 * @example
 * await kit.execute('create_fungible_token_tool', { tokenName: 'Gold', tokenSymbol: 'GLD', decimals: 2, initialSupply: 1000, isSupplyKey: true });
 */
export class CreateFungibleTokenTool extends BaseTransactionTool<CreateFungibleTokenInput, CreateFungibleTokenNormalised, TokenCreateTransaction> {
  readonly method = CREATE_FUNGIBLE_TOKEN_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Create Fungible Token';
  readonly description =
    'Creates a fungible token (HTS). Amounts (initialSupply, maxSupply) are in display units and scaled by decimals. ' +
    'The treasury defaults to the agent\'s account; the agent\'s key becomes the admin key, and also the supply key when isSupplyKey is true.';
  readonly parameters = parameters;

  normalizeParams(params: CreateFungibleTokenInput, context: Context, client: Client): Promise<CreateFungibleTokenNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const decimals = params.decimals ?? 0;
      const supplyType = params.supplyType ?? (params.maxSupply !== undefined ? 'finite' : 'infinite');
      if (supplyType === 'infinite' && params.maxSupply !== undefined) {
        throw paramIssue('maxSupply', 'only applies to supplyType "finite"; drop it or set supplyType to "finite"', this.method);
      }
      if (supplyType === 'finite' && params.maxSupply === undefined) {
        throw paramIssue('maxSupply', 'is required when supplyType is "finite"', this.method);
      }
      const initialSupply = supplyToSmallestUnits(params.initialSupply ?? 0, decimals, 'initialSupply', this.method);
      const maxSupply = params.maxSupply === undefined ? undefined : supplyToSmallestUnits(params.maxSupply, decimals, 'maxSupply', this.method);
      if (maxSupply !== undefined && maxSupply.isZero()) throw paramIssue('maxSupply', 'must be greater than 0', this.method);
      if (maxSupply !== undefined && initialSupply.greaterThan(maxSupply)) {
        throw paramIssue('initialSupply', `exceeds maxSupply (${String(params.initialSupply)} > ${String(params.maxSupply)})`, this.method);
      }
      const key = await actingPublicKey(context, client, this.method);
      return {
        tokenName: params.tokenName,
        tokenSymbol: params.tokenSymbol,
        decimals,
        initialSupply,
        supplyType: supplyType === 'finite' ? TokenSupplyType.Finite : TokenSupplyType.Infinite,
        maxSupply,
        treasuryAccountId: resolveAccount(params.treasuryAccountId, context, client, 'treasuryAccountId', this.method),
        adminKey: key,
        supplyKey: params.isSupplyKey ? key : undefined,
        tokenMemo: params.tokenMemo,
      };
    }));
  }

  coreAction(params: CreateFungibleTokenNormalised): TokenCreateTransaction {
    const tx = new TokenCreateTransaction()
      .setTokenType(TokenType.FungibleCommon)
      .setTokenName(params.tokenName)
      .setTokenSymbol(params.tokenSymbol)
      .setDecimals(params.decimals)
      .setInitialSupply(params.initialSupply)
      .setSupplyType(params.supplyType)
      .setTreasuryAccountId(params.treasuryAccountId)
      .setAdminKey(params.adminKey);
    if (params.maxSupply) tx.setMaxSupply(params.maxSupply);
    if (params.supplyKey) tx.setSupplyKey(params.supplyKey);
    if (params.tokenMemo) tx.setTokenMemo(params.tokenMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: CreateFungibleTokenNormalised): string {
    const supply = displayAmount(params.initialSupply, params.decimals);
    const what = `create the fungible token ${params.tokenName} (${params.tokenSymbol}) with ${supply} initial supply`;
    return outcomeText(raw, { what, done: `Created the fungible token ${params.tokenName} (${params.tokenSymbol}) as ${String(raw.tokenId ?? 'a new token')} with ${supply} units in treasury ${params.treasuryAccountId.toString()}` });
  }
}
