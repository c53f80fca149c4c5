import { TokenMintTransaction, type Client, type TokenId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  LONE_SURROGATE_ERROR,
  forTool,
  hasLoneSurrogate,
  outcomeText,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toTokenId,
  tokenIdSchema,
  withoutPrivateKey,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { readToken, requireNonFungible } from '../_support/token-facts.js';

export const MINT_NON_FUNGIBLE_TOKEN_TOOL = 'mint_non_fungible_token_tool';

/** Hedera caps NFT metadata at 100 bytes and a mint at 10 serials. */
const MAX_METADATA_BYTES = 100;
const MAX_MINT = 10;

// Metadata is public and permanent like a memo, so it refuses a private key in the same words.
const uriSchema = withoutPrivateKey(
  z
    .string({ error: 'must be a string (the URI of the NFT metadata)' })
    .min(1, { error: 'must not be empty' })
    .refine((uri) => Buffer.byteLength(uri, 'utf8') <= MAX_METADATA_BYTES, { error: `must be at most ${MAX_METADATA_BYTES} bytes (Hedera's NFT metadata limit)` })
    .refine((uri) => !hasLoneSurrogate(uri), { error: LONE_SURROGATE_ERROR }),
).describe('URI of one NFT\'s metadata, e.g. "ipfs://bafy…/1.json".');

const parameters = strictInput(
  {
    tokenId: tokenIdSchema.describe('The NFT collection to mint in, e.g. "0.0.5678".'),
    uris: z
      .array(uriSchema, { error: 'expected a list of metadata URIs' })
      .min(1, { error: 'must list at least one URI: each URI mints one NFT' })
      .max(MAX_MINT, { error: `lists too many URIs: at most ${MAX_MINT} NFTs per mint` })
      .describe(`1 to ${MAX_MINT} metadata URIs; each mints one NFT serial.`),
    schedulingParams: schedulingParamsSchema,
  },
  { amount: 'NFTs are minted one per URI, not by amount; for a fungible token use mint_fungible_token_tool' },
);

export type MintNonFungibleTokenInput = z.infer<typeof parameters>;

export interface MintNonFungibleTokenNormalised extends MaybeScheduled {
  tokenId: TokenId;
  /** one entry per NFT, the URI as UTF-8 bytes */
  metadata: Uint8Array[];
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    mint_non_fungible_token_tool: { raw: MintNonFungibleTokenInput; normalised: MintNonFungibleTokenNormalised };
  }
}

/**
 * Mints NFTs, one per metadata URI; needs the collection's supply key.
 *
 * @example
 * await kit.execute('mint_non_fungible_token_tool', { tokenId: '0.0.5678', uris: ['ipfs://cat/1.json'] });
 */
export class MintNonFungibleTokenTool extends BaseTransactionTool<MintNonFungibleTokenInput, MintNonFungibleTokenNormalised, TokenMintTransaction> {
  readonly method = MINT_NON_FUNGIBLE_TOKEN_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Mint Non-Fungible Token';
  readonly description =
    'Mints NFTs in an existing collection: one new serial per metadata URI (up to 10 per call, 100 bytes each). ' +
    'The agent must hold the collection\'s supply key. For fungible tokens use mint_fungible_token_tool.';
  readonly parameters = parameters;

  normalizeParams(params: MintNonFungibleTokenInput, context: Context, client: Client): Promise<MintNonFungibleTokenNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      requireNonFungible(await readToken(context, client, tokenId, 'tokenId', this.method), 'tokenId', this.method, 'mint_fungible_token_tool');
      return { tokenId, metadata: params.uris.map((uri) => new Uint8Array(Buffer.from(uri, 'utf8'))) };
    }));
  }

  coreAction(params: MintNonFungibleTokenNormalised): TokenMintTransaction {
    return new TokenMintTransaction().setTokenId(params.tokenId).setMetadata(params.metadata);
  }

  override describeResult(raw: RawToolResult, params: MintNonFungibleTokenNormalised): string {
    const count = `${params.metadata.length} NFT${params.metadata.length === 1 ? '' : 's'}`;
    const serials = Array.isArray(raw.serials) && raw.serials.length ? ` with serial${raw.serials.length === 1 ? '' : 's'} ${raw.serials.join(', ')}` : '';
    return outcomeText(raw, {
      what: `mint ${count} in collection ${params.tokenId.toString()}`,
      done: `Minted ${count} in collection ${params.tokenId.toString()}${serials}`,
    });
  }
}
