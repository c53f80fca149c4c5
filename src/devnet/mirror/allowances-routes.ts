import { entityString, parseEntity } from '../ledger/entity-ids.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { AccountState } from '../ledger/state-types.js';
import { matchesFilters, notFound, ok, parseFilters, parseLimit, type MirrorRequest, type MirrorRoute } from './mirror-http.js';

function ownerOf(request: MirrorRequest): AccountState | undefined {
  const num = parseEntity(request.params[0]);
  return num === undefined ? undefined : request.ledger.accounts.get(num);
}

function timestampOf(owner: AccountState, key: string): { from: string; to: null } {
  const grant = owner.allowanceGrants.get(key);
  return { from: nsToMirror(grant?.timestampNs ?? owner.createdNs), to: null };
}

function cryptoAllowances(request: MirrorRequest) {
  const owner = ownerOf(request);
  if (!owner) return notFound();
  const spenders = parseFilters(request.query, 'spender.id', parseEntity);
  const rows = [...owner.hbarAllowances.entries()].filter(([spender]) => matchesFilters(spender, spenders)).sort(([a], [b]) => a - b);
  return ok({
    allowances: rows.slice(0, parseLimit(request.query)).map(([spender, amount]) => ({
      amount: Number(amount), amount_granted: Number(owner.allowanceGrants.get(`hbar:${spender}`)?.granted ?? amount),
      owner: entityString(owner.num), spender: entityString(spender), timestamp: timestampOf(owner, `hbar:${spender}`),
    })),
    links: { next: null },
  });
}

function tokenAllowances(request: MirrorRequest) {
  const owner = ownerOf(request);
  if (!owner) return notFound();
  const spenders = parseFilters(request.query, 'spender.id', parseEntity);
  const tokens = parseFilters(request.query, 'token.id', parseEntity);
  const rows = [...owner.tokenAllowances.entries()].map(([key, amount]) => {
    const [token, spender] = key.split(':').map(Number);
    return { key, token, spender, amount };
  }).filter((row) => matchesFilters(row.spender, spenders) && matchesFilters(row.token, tokens)).sort((a, b) => a.spender - b.spender || a.token - b.token);
  return ok({
    allowances: rows.slice(0, parseLimit(request.query)).map((row) => ({
      amount: Number(row.amount), amount_granted: Number(owner.allowanceGrants.get(`token:${row.key}`)?.granted ?? row.amount),
      owner: entityString(owner.num), spender: entityString(row.spender), timestamp: timestampOf(owner, `token:${row.key}`), token_id: entityString(row.token),
    })),
    links: { next: null },
  });
}

function nftAllowances(request: MirrorRequest) {
  const owner = ownerOf(request);
  if (!owner) return notFound();
  const rows = [...owner.nftApprovedForAll].map((key) => key.split(':').map(Number)).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return ok({
    allowances: rows.slice(0, parseLimit(request.query)).map(([token, spender]) => ({
      approved_for_all: true, owner: entityString(owner.num), spender: entityString(spender),
      timestamp: timestampOf(owner, `nft:${token}:${spender}`), token_id: entityString(token),
    })),
    links: { next: null },
  });
}

/** `/accounts/{id}/allowances/*`: what each owner currently grants (the kit checks these before spending). */
export const ALLOWANCE_ROUTES: MirrorRoute[] = [
  { pattern: /^\/accounts\/([^/]+)\/allowances\/crypto$/, handle: cryptoAllowances },
  { pattern: /^\/accounts\/([^/]+)\/allowances\/tokens$/, handle: tokenAllowances },
  { pattern: /^\/accounts\/([^/]+)\/allowances\/nfts$/, handle: nftAllowances },
];
