import type { Client, TokenId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseQueryTool,
  forTool,
  mirrorFor,
  strictInput,
  toTokenId,
  tokenIdSchema,
  type Context,
  type MirrorKey,
  type ToolResult,
} from '../../src/authoring/index.js';
import { displayUnits, isoOf, queryResult } from './query-result.js';

export const GET_TOKEN_INFO_QUERY_TOOL = 'get_token_info_query_tool';

const parameters = strictInput({ tokenId: tokenIdSchema.describe('Token to look up, e.g. "0.0.5678".') });

export type GetTokenInfoInput = z.infer<typeof parameters>;
export interface GetTokenInfoNormalised {
  tokenId: TokenId;
}
export interface TokenSummary {
  tokenId: string;
  name: string;
  symbol: string;
  type: 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';
  decimals: number;
  /** smallest units */
  totalSupply: string;
  /** display units */
  displayTotalSupply: string;
  maxSupply: string | null;
  supplyType: string | null;
  treasuryAccountId: string;
  adminKey: MirrorKey | null;
  supplyKey: MirrorKey | null;
  memo: string;
  deleted: boolean;
  pauseStatus: string | null;
  createdAt: string | null;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_token_info_query_tool: { raw: GetTokenInfoInput; normalised: GetTokenInfoNormalised; coreActionResult: TokenSummary };
  }
}

/**
 * Reads a token's definition and supply from the mirror node.
 *
 * @example
 * const { raw } = await kit.execute('get_token_info_query_tool', { tokenId: '0.0.5678' });
 * raw.decimals; // 2
 */
export class GetTokenInfoQueryTool extends BaseQueryTool<GetTokenInfoInput, GetTokenInfoNormalised, TokenSummary> {
  readonly method = GET_TOKEN_INFO_QUERY_TOOL;
  readonly name = 'Get token info';
  readonly description = 'Returns a token\'s name, symbol, type (fungible or NFT), decimals, supply, treasury, keys and status.';
  readonly parameters = parameters;

  normalizeParams(params: GetTokenInfoInput, _context: Context, _client: Client): Promise<GetTokenInfoNormalised> {
    return forTool(this.method, () => ({ tokenId: toTokenId(params.tokenId, 'tokenId') }));
  }

  async coreAction(params: GetTokenInfoNormalised, context: Context, client: Client): Promise<TokenSummary> {
    const token = await mirrorFor(context, client).getToken(params.tokenId.toString());
    const decimals = Number(token.decimals);
    return {
      tokenId: token.token_id,
      name: token.name,
      symbol: token.symbol,
      type: token.type,
      decimals,
      totalSupply: String(token.total_supply),
      displayTotalSupply: displayUnits(token.total_supply, decimals),
      maxSupply: token.max_supply ?? null,
      supplyType: token.supply_type ?? null,
      treasuryAccountId: token.treasury_account_id,
      adminKey: token.admin_key ?? null,
      supplyKey: token.supply_key ?? null,
      memo: token.memo ?? '',
      deleted: token.deleted ?? false,
      pauseStatus: token.pause_status ?? null,
      createdAt: isoOf(token.created_timestamp),
    };
  }

  override formatResult(token: TokenSummary): ToolResult {
    const kind = token.type === 'NON_FUNGIBLE_UNIQUE' ? 'an NFT collection' : `a fungible token with ${token.decimals} decimals`;
    const supply = token.type === 'NON_FUNGIBLE_UNIQUE' ? `${token.totalSupply} NFTs minted` : `total supply ${token.displayTotalSupply}`;
    const deleted = token.deleted ? ' It has been deleted.' : '';
    return queryResult(token, `${token.name} (${token.symbol}, ${token.tokenId}) is ${kind}; ${supply}; treasury ${token.treasuryAccountId}.${deleted}`);
  }
}
