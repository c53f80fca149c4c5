import type { Client, TokenId } from '@hiero-ledger/sdk';
import { MirrorError, MirrorErrorCode, mirrorFor, paramIssue, type Context } from '../../src/authoring/index.js';

/** What a normaliser needs to know about a token before scaling amounts. */
export interface TokenFacts {
  decimals: number;
  fungible: boolean;
  symbol: string;
}

/**
 * Reads a token's decimals and type from the mirror node. An unknown token is a parameter issue on
 * `field`; an unreachable mirror stays a mirror error (it is not the input's fault).
 *
 * @example
 * const { decimals } = await tokenFacts(tokenId, 'tokenApprovals[0].tokenId', context, client);
 */
export async function tokenFacts(tokenId: TokenId, field: string, context: Context, client: Client): Promise<TokenFacts> {
  let token;
  try {
    token = await mirrorFor(context, client).getToken(tokenId.toString());
  } catch (error) {
    if (error instanceof MirrorError && error.code === (MirrorErrorCode.NOT_FOUND as string)) {
      throw paramIssue(field, `token ${tokenId.toString()} does not exist on this network`);
    }
    throw error;
  }
  const decimals = Number(token.decimals);
  if (!Number.isInteger(decimals) || decimals < 0) throw paramIssue(field, `token ${tokenId.toString()} reports unreadable decimals "${String(token.decimals)}"`);
  return { decimals, fungible: token.type !== 'NON_FUNGIBLE_UNIQUE', symbol: token.symbol };
}
