import { entityString, parseEntity } from '../ledger/entity-ids.js';
import { mirrorKey } from '../ledger/keys.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { NftState, TokenState } from '../ledger/state-types.js';
import { badRequest, matchesFilters, notFound, ok, page, parseFilters, type MirrorRequest, type MirrorRoute } from './mirror-http.js';

/** `/tokens/{id}` body; numbers that can exceed 2^53 are strings, as on the mirror node. */
export function formatToken(token: TokenState): Record<string, unknown> {
  return {
    admin_key: mirrorKey(token.keys.adminKey),
    auto_renew_account: token.autoRenewAccount ? entityString(token.autoRenewAccount) : null,
    auto_renew_period: token.autoRenewPeriodSec,
    created_timestamp: nsToMirror(token.createdNs),
    custom_fees: { created_timestamp: nsToMirror(token.createdNs), fixed_fees: [], fractional_fees: [], royalty_fees: [] },
    decimals: String(token.decimals),
    deleted: token.deleted,
    expiry_timestamp: Number(BigInt(token.expirySec) * 1_000_000_000n),
    fee_schedule_key: mirrorKey(token.keys.feeScheduleKey),
    freeze_default: token.freezeDefault,
    freeze_key: mirrorKey(token.keys.freezeKey),
    initial_supply: token.initialSupply.toString(),
    kyc_key: mirrorKey(token.keys.kycKey),
    max_supply: token.maxSupply.toString(),
    memo: token.memo,
    metadata: Buffer.from(token.metadata).toString('base64'),
    metadata_key: mirrorKey(token.keys.metadataKey),
    modified_timestamp: nsToMirror(token.modifiedNs),
    name: token.name,
    pause_key: mirrorKey(token.keys.pauseKey),
    pause_status: token.keys.pauseKey ? 'UNPAUSED' : 'NOT_APPLICABLE',
    supply_key: mirrorKey(token.keys.supplyKey),
    supply_type: token.supplyType,
    symbol: token.symbol,
    token_id: entityString(token.num),
    total_supply: token.totalSupply.toString(),
    treasury_account_id: entityString(token.treasury),
    type: token.type,
    wipe_key: mirrorKey(token.keys.wipeKey),
  };
}

function formatNft(token: TokenState, nft: NftState): Record<string, unknown> {
  return {
    account_id: entityString(nft.owner), created_timestamp: nsToMirror(nft.createdNs), delegating_spender: null, deleted: false,
    metadata: Buffer.from(nft.metadata).toString('base64'), modified_timestamp: nsToMirror(nft.modifiedNs),
    serial_number: nft.serial, spender: nft.spender ? entityString(nft.spender) : null, token_id: entityString(token.num),
  };
}

function tokenFor(request: MirrorRequest): TokenState | undefined | 'bad' {
  const num = parseEntity(request.params[0]);
  if (num === undefined) return 'bad';
  return request.ledger.tokens.get(num);
}

function tokenInfo(request: MirrorRequest) {
  const token = tokenFor(request);
  if (token === 'bad') return badRequest('Invalid parameter: tokenidorethaddress');
  return token ? ok(formatToken(token)) : notFound();
}

function tokenNfts(request: MirrorRequest) {
  const token = tokenFor(request);
  if (token === 'bad') return badRequest('Invalid parameter: token.id');
  if (!token) return notFound();
  const owners = parseFilters(request.query, 'account.id', parseEntity);
  const nfts = [...token.nfts.values()].filter((nft) => matchesFilters(nft.owner, owners));
  const { items, next } = page(nfts, (nft) => BigInt(nft.serial), request, 'serialnumber', String, 'desc');
  return ok({ nfts: items.map((nft) => formatNft(token, nft)), links: { next } });
}

function accountNfts(request: MirrorRequest) {
  const owner = parseEntity(request.params[0]);
  if (owner === undefined) return badRequest('Invalid parameter: account.id');
  if (!request.ledger.accounts.has(owner)) return notFound();
  const tokenFilter = parseFilters(request.query, 'token.id', parseEntity);
  const owned: Array<{ token: TokenState; nft: NftState }> = [];
  for (const token of request.ledger.tokens.values()) {
    if (!matchesFilters(token.num, tokenFilter)) continue;
    for (const nft of token.nfts.values()) if (nft.owner === owner) owned.push({ token, nft });
  }
  owned.sort((a, b) => b.token.num - a.token.num || b.nft.serial - a.nft.serial);
  const limit = Math.min(Number(request.query.get('limit') ?? 25) || 25, 100);
  return ok({ nfts: owned.slice(0, limit).map(({ token, nft }) => formatNft(token, nft)), links: { next: null } });
}

export const TOKEN_ROUTES: MirrorRoute[] = [
  { pattern: /^\/tokens\/([^/]+)\/nfts$/, handle: tokenNfts },
  { pattern: /^\/tokens\/([^/]+)$/, handle: tokenInfo },
  { pattern: /^\/accounts\/([^/]+)\/nfts$/, handle: accountNfts },
];
