import type { TokenId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { paramIssue, toTokenId, tokenIdSchema } from '../../../src/authoring/index.js';

/** Bound on one (dis)association call; keeps the transaction small and a runaway list out. */
export const MAX_TOKENS_PER_CALL = 10;

/** A non-empty list of at most 10 token IDs. */
export const tokenIdListSchema = z
  .array(tokenIdSchema, { error: 'expected a list of token IDs like ["0.0.5678"]' })
  .min(1, { error: 'must list at least one token ID' })
  .max(MAX_TOKENS_PER_CALL, { error: `lists too many tokens: at most ${MAX_TOKENS_PER_CALL} per call` });

/**
 * Converts the list to SDK TokenIds, refusing a token listed twice (the ledger would reject the
 * whole transaction with TOKEN_ID_REPEATED_IN_TOKEN_LIST after charging the fee).
 */
export function toTokenIdList(ids: readonly string[], field: string, tool: string): TokenId[] {
  const seen = new Map<string, number>();
  return ids.map((id, at) => {
    const tokenId = toTokenId(id, `${field}[${at}]`, tool);
    const key = tokenId.toString();
    const first = seen.get(key);
    if (first !== undefined) throw paramIssue(`${field}[${at}]`, `token ${key} is already listed at ${field}[${first}]`, tool);
    seen.set(key, at);
    return tokenId;
  });
}
