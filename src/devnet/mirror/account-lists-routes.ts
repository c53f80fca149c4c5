import { entityString } from '../ledger/entity-ids.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { AccountState, NftState, PendingAirdropState, TokenState } from '../ledger/state-types.js';
import { idKey, numberKey, parseTokenId, resolveAccount, timestampKey } from './mirror-entities.js';
import { notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';
import { matchesFilters, NO_NE } from './mirror-query.js';
import { parseEntityId } from './mirror-values.js';
import { formatNft, relationStatus } from './token-format.js';

function accountOf(request: MirrorRequest): AccountState | undefined {
  return resolveAccount(request.ledger, request.params.idOrAliasOrEvmAddress);
}

/** `/accounts/{id}/nfts`: NFTs the account owns, by token then serial (newest first by default). */
export function accountNfts(request: MirrorRequest): MirrorResponse {
  const owner = accountOf(request);
  if (!owner) return notFound();
  const spenders = request.query.filters('spender.id', parseEntityId, NO_NE);
  const owned: Array<{ token: TokenState; nft: NftState }> = [];
  for (const token of request.ledger.tokens.values()) {
    for (const nft of token.nfts.values()) {
      if (nft.owner !== owner.num) continue;
      if (spenders.length && (nft.spender === undefined || !matchesFilters(BigInt(nft.spender), spenders))) continue;
      owned.push({ token, nft });
    }
  }
  const { items, next } = page(request, owned, [
    idKey('token.id', (row) => row.token.num, parseTokenId), numberKey('serialnumber', (row) => row.nft.serial),
  ], 'desc');
  return ok({ nfts: items.map(({ token, nft }) => formatNft(token, nft)), links: { next } });
}

/** `/accounts/{id}/tokens`: the account's token relationships, by token ID. */
export function accountTokens(request: MirrorRequest): MirrorResponse {
  const account = accountOf(request);
  if (!account) return notFound();
  const { items, next } = page(request, [...account.tokens.entries()], [idKey('token.id', ([num]) => num, parseTokenId)], 'asc');
  return ok({
    tokens: items.map(([num, relation]) => {
      const token = request.ledger.tokens.get(num);
      return {
        automatic_association: relation.automatic, balance: Number(relation.balance), created_timestamp: nsToMirror(relation.createdNs),
        decimals: token?.decimals ?? 0, ...relationStatus(token, relation), token_id: entityString(num),
      };
    }),
    links: { next },
  });
}

/** `/accounts/{id}/rewards`: staking is not simulated, so there never are any; the parameters are still checked. */
export function accountRewards(request: MirrorRequest): MirrorResponse {
  if (!accountOf(request)) return notFound();
  const { next } = page(request, [] as bigint[], [timestampKey('timestamp', (ns) => ns)], 'desc');
  return ok({ rewards: [], links: { next } });
}

interface Airdrop { sender: number; receiver: number; token: number; serial: number; amount: bigint; lastNs: bigint }

/**
 * Pending airdrops as the mirror keeps them: one per (sender, receiver, token) for fungible tokens,
 * with the amounts of repeated airdrops added up, and one per serial for NFTs.
 */
function mergedAirdrops(pending: readonly PendingAirdropState[]): Airdrop[] {
  const merged = new Map<string, Airdrop>();
  for (const entry of pending) {
    const serial = entry.serial ?? 0;
    const key = `${entry.sender}:${entry.receiver}:${entry.token}:${serial}`;
    const existing = merged.get(key);
    if (existing) {
      existing.amount += entry.amount ?? 0n;
      if (entry.createdNs > existing.lastNs) existing.lastNs = entry.createdNs;
    } else {
      merged.set(key, { sender: entry.sender, receiver: entry.receiver, token: entry.token, serial, amount: entry.amount ?? 0n, lastNs: entry.createdNs });
    }
  }
  return [...merged.values()];
}

function formatAirdrop(airdrop: Airdrop): Record<string, unknown> {
  return {
    // The schema wants an integer; an NFT airdrop carries no fungible amount, so it is 0.
    amount: Number(airdrop.amount), receiver_id: entityString(airdrop.receiver), sender_id: entityString(airdrop.sender),
    serial_number: airdrop.serial || null, timestamp: { from: nsToMirror(airdrop.lastNs), to: null }, token_id: entityString(airdrop.token),
  };
}

function airdrops(request: MirrorRequest, side: 'sender' | 'receiver'): MirrorResponse {
  const account = accountOf(request);
  if (!account) return notFound();
  const other = side === 'receiver' ? 'sender' : 'receiver';
  const rows = mergedAirdrops(request.ledger.pendingAirdrops).filter((airdrop) => airdrop[side] === account.num);
  const { items, next } = page(request, rows, [
    idKey(`${other}.id`, (airdrop) => airdrop[other]), idKey('token.id', (airdrop) => airdrop.token, parseTokenId),
    numberKey('serialnumber', (airdrop) => airdrop.serial, true),
  ], 'asc');
  return ok({ airdrops: items.map(formatAirdrop), links: { next } });
}

/** `/accounts/{id}/airdrops/pending`: airdrops waiting for this account to claim, by sender, token, serial. */
export const pendingAirdrops = (request: MirrorRequest): MirrorResponse => airdrops(request, 'receiver');

/** `/accounts/{id}/airdrops/outstanding`: airdrops this account sent that are not claimed yet, by receiver, token, serial. */
export const outstandingAirdrops = (request: MirrorRequest): MirrorResponse => airdrops(request, 'sender');
