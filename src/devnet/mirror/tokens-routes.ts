import { entityString } from '../ledger/entity-ids.js';
import { mirrorKey } from '../ledger/keys.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { AccountState, NftState, TokenState } from '../ledger/state-types.js';
import { balanceFilters, hasPublicKey, publicKeyFilter } from './account-filters.js';
import { snapshotFor } from './balance-snapshot.js';
import { idKey, numberKey, parseTokenId, resolveToken } from './mirror-entities.js';
import { invalidParameter, notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';
import { matchesFilters } from './mirror-query.js';
import { localNum, parseEntityId, parseLong, parsePublicKey, parseTimestamp } from './mirror-values.js';
import { formatNft, formatToken, formatTokenSummary } from './token-format.js';

const TOKEN_TYPES = ['FUNGIBLE_COMMON', 'NON_FUNGIBLE_UNIQUE'] as const;

/** `type` of `/tokens`: any number of `ALL`, `FUNGIBLE_COMMON`, `NON_FUNGIBLE_UNIQUE` (any case). */
function tokenTypes(request: MirrorRequest): Set<string> {
  const wanted = request.query.values('type').map((value) => value.toUpperCase());
  if (wanted.some((value) => value !== 'ALL' && !(TOKEN_TYPES as readonly string[]).includes(value))) throw invalidParameter('type');
  return wanted.length === 0 || wanted.includes('ALL') ? new Set(TOKEN_TYPES) : new Set(wanted);
}

/**
 * `/tokens`: tokens by ID. `account.id` keeps the tokens that account is associated with, `publickey`
 * those with that admin key, `name` a case-insensitive part of the name (that search is not paged and
 * cannot be combined with `token.id` or `account.id`, as on the mirror node).
 */
export function listTokens(request: MirrorRequest): MirrorResponse {
  const types = tokenTypes(request);
  const holders = request.query.filters('account.id', parseEntityId, ['eq']);
  const rawKey = request.query.last('publickey');
  const adminKey = rawKey === undefined ? undefined : parsePublicKey(rawKey);
  if (rawKey !== undefined && adminKey === undefined) throw invalidParameter('publickey');
  const name = request.query.last('name');
  if (name !== undefined && (name.length < 3 || name.length > 100)) throw invalidParameter('name');
  if (name !== undefined && (request.query.has('token.id') || holders.length)) throw invalidParameter('name', 'name cannot be combined with token.id or account.id');
  const holderAccounts = holders.map(({ value }) => request.ledger.accounts.get(localNum(value) ?? -1));
  const tokens = [...request.ledger.tokens.values()].filter((token) => types.has(token.type)
    && holderAccounts.every((account) => account?.tokens.has(token.num))
    && (adminKey === undefined || mirrorKey(token.keys.adminKey)?.key === adminKey)
    && (name === undefined || token.name.toLowerCase().includes(name.toLowerCase())));
  const { items, next } = page(request, tokens, [idKey('token.id', (token) => token.num, parseTokenId)], 'asc');
  return ok({ tokens: items.map(formatTokenSummary), links: { next: name === undefined ? next : null } });
}

/** `/tokens/{tokenId}`; with `timestamp` (eq, lt, lte) a token created later is not found. */
export function getToken(request: MirrorRequest): MirrorResponse {
  const token = resolveToken(request.ledger, request.params.tokenId);
  const at = request.query.filters('timestamp', parseTimestamp, ['eq', 'lt', 'lte']);
  if (!token) return notFound();
  if (!at.every(({ op, value }) => (op === 'lt' ? token.createdNs < value : token.createdNs <= value))) return notFound();
  return ok(formatToken(token));
}

/** `/tokens/{tokenId}/balances`: the token's holders at one snapshot, by account ID (descending by default). */
export function tokenBalances(request: MirrorRequest): MirrorResponse {
  const token = resolveToken(request.ledger, request.params.tokenId);
  const amounts = balanceFilters(request);
  const publicKey = publicKeyFilter(request, 'account.publickey');
  const snapshot = snapshotFor(request);
  const rows: Array<{ account: AccountState; balance: bigint }> = [];
  for (const account of token ? request.ledger.accounts.values() : []) {
    const balance = snapshot.token(account, token!.num);
    if (balance !== undefined && matchesFilters(balance, amounts) && hasPublicKey(account, publicKey)) rows.push({ account, balance });
  }
  const { items, next } = page(request, rows, [idKey('account.id', (row) => row.account.num)], 'desc');
  return ok({
    timestamp: snapshot.atNs === undefined ? null : nsToMirror(snapshot.atNs),
    balances: items.map((row) => ({ account: entityString(row.account.num), balance: Number(row.balance), decimals: token!.decimals })),
    links: { next },
  });
}

interface ListedNft { nft: NftState; burned: boolean }

/**
 * `/tokens/{tokenId}/nfts`: the token's NFTs by serial (newest first by default), burned and wiped ones
 * included as on the mirror node; `account.id` filters owners, which a burned NFT no longer has.
 */
export function tokenNfts(request: MirrorRequest): MirrorResponse {
  const token = resolveToken(request.ledger, request.params.tokenId);
  const owners = request.query.filters('account.id', parseEntityId);
  const live = [...token?.nfts.values() ?? []].filter((nft) => matchesFilters(BigInt(nft.owner), owners)).map((nft) => ({ nft, burned: false }));
  const burned = owners.length ? [] : [...token?.deletedNfts.values() ?? []].map((nft) => ({ nft, burned: true }));
  const { items, next } = page(request, [...live, ...burned], [numberKey('serialnumber', (row: ListedNft) => row.nft.serial)], 'desc');
  return ok({ nfts: items.map((row) => formatNft(token as TokenState, row.nft, row.burned)), links: { next } });
}

/** `/tokens/{tokenId}/nfts/{serialNumber}`; a burned or wiped serial is still found, with `deleted: true`. */
export function tokenNft(request: MirrorRequest): MirrorResponse {
  const token = resolveToken(request.ledger, request.params.tokenId);
  const serial = parseLong(request.params.serialNumber, false);
  if (serial === undefined) throw invalidParameter('serialNumber');
  const num = serial <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(serial) : -1;
  const nft = token?.nfts.get(num);
  if (token && nft) return ok(formatNft(token, nft));
  const burned = token?.deletedNfts.get(num);
  return token && burned ? ok(formatNft(token, burned, true)) : notFound();
}
