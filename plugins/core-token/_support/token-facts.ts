import type { Client, TokenId } from '@hiero-ledger/sdk';
import { MirrorError, MirrorErrorCode, mirrorFor, paramIssue, type Context, type MirrorToken } from '../../../src/authoring/index.js';

export type TokenKind = 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';

/** What the token tools need to know about an existing token before building a transaction. */
export interface TokenFacts {
  tokenId: string;
  kind: TokenKind;
  /** Decimal places of a fungible token (0 for NFTs). */
  decimals: number;
  /** Raw public key of the admin key, when the token has a single-key admin key. */
  adminKey?: string;
  supplyKey?: string;
  /** The mirror's answer, for tools that need more (e.g. which keys the token has). */
  mirror: MirrorToken;
}

/**
 * Reads a token from the mirror node. A token the mirror does not know is an input problem named
 * by `field`; a mirror that cannot be reached is not, and propagates as a failure of the step.
 */
export async function readToken(context: Context, client: Client, tokenId: TokenId, field: string, tool: string): Promise<TokenFacts> {
  let token;
  try {
    token = await mirrorFor(context, client).getToken(tokenId.toString());
  } catch (error) {
    if (error instanceof MirrorError && (error.code as string) === MirrorErrorCode.NOT_FOUND) throw paramIssue(field, `token ${tokenId.toString()} does not exist (the mirror node does not know it; a token created seconds ago may not be indexed yet)`, tool);
    throw error;
  }
  const decimals = Number.parseInt(String(token.decimals ?? ''), 10);
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw paramIssue(field, `token ${tokenId.toString()} reports unreadable decimals "${String(token.decimals)}"`, tool);
  }
  const kind: TokenKind = token.type === 'NON_FUNGIBLE_UNIQUE' ? 'NON_FUNGIBLE_UNIQUE' : 'FUNGIBLE_COMMON';
  return {
    tokenId: tokenId.toString(),
    kind,
    decimals,
    adminKey: token.admin_key?.key ?? undefined,
    supplyKey: token.supply_key?.key ?? undefined,
    mirror: token,
  };
}

/** Refuses a non-fungible token where amounts are expected, pointing at the NFT tool instead. */
export function requireFungible(facts: TokenFacts, field: string, tool: string, nftTool: string): void {
  if (facts.kind !== 'FUNGIBLE_COMMON') {
    throw paramIssue(field, `token ${facts.tokenId} is a non-fungible token (NFT collection) and has no amounts; use ${nftTool} with serial numbers`, tool);
  }
}

/** Refuses a fungible token where NFT serials are expected, pointing at the fungible tool instead. */
export function requireNonFungible(facts: TokenFacts, field: string, tool: string, fungibleTool: string): void {
  if (facts.kind !== 'NON_FUNGIBLE_UNIQUE') {
    throw paramIssue(field, `token ${facts.tokenId} is a fungible token and has no serial numbers; use ${fungibleTool} with an amount`, tool);
  }
}
