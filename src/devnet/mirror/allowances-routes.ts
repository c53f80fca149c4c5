import { entityString } from '../ledger/entity-ids.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { AccountState } from '../ledger/state-types.js';
import { idKey, parseTokenId, resolveAccount } from './mirror-entities.js';
import { notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';

function timestampOf(owner: AccountState, key: string): { from: string; to: null } {
  const grant = owner.allowanceGrants.get(key);
  return { from: nsToMirror(grant?.timestampNs ?? owner.createdNs), to: null };
}

/** `/accounts/{id}/allowances/crypto`: HBAR allowances the account granted, by spender (descending by default). */
export function cryptoAllowances(request: MirrorRequest): MirrorResponse {
  const owner = resolveAccount(request.ledger, request.params.idOrAliasOrEvmAddress);
  if (!owner) return notFound();
  const { items, next } = page(request, [...owner.hbarAllowances.entries()], [idKey('spender.id', ([spender]) => spender)], 'desc');
  return ok({
    allowances: items.map(([spender, amount]) => ({
      amount: Number(amount), amount_granted: Number(owner.allowanceGrants.get(`hbar:${spender}`)?.granted ?? amount),
      owner: entityString(owner.num), spender: entityString(spender), timestamp: timestampOf(owner, `hbar:${spender}`),
    })),
    links: { next },
  });
}

/** `/accounts/{id}/allowances/tokens`: fungible-token allowances the account granted, by spender then token. */
export function tokenAllowances(request: MirrorRequest): MirrorResponse {
  const owner = resolveAccount(request.ledger, request.params.idOrAliasOrEvmAddress);
  if (!owner) return notFound();
  const rows = [...owner.tokenAllowances.entries()].map(([key, amount]) => {
    const [token, spender] = key.split(':').map(Number);
    return { key, token, spender, amount };
  });
  const { items, next } = page(request, rows, [idKey('spender.id', (row) => row.spender), idKey('token.id', (row) => row.token, parseTokenId)], 'asc');
  return ok({
    allowances: items.map((row) => ({
      amount: Number(row.amount), amount_granted: Number(owner.allowanceGrants.get(`token:${row.key}`)?.granted ?? row.amount),
      owner: entityString(owner.num), spender: entityString(row.spender), timestamp: timestampOf(owner, `token:${row.key}`), token_id: entityString(row.token),
    })),
    links: { next },
  });
}

interface NftGrant { owner: AccountState; spender: number; token: number }

/**
 * `/accounts/{id}/allowances/nfts`: approve-for-all NFT allowances, by the other account then token.
 * With `owner=true` (default) the path names the owner and `account.id` filters spenders; with
 * `owner=false` the path names the spender and `account.id` filters owners.
 */
export function nftAllowances(request: MirrorRequest): MirrorResponse {
  const account = resolveAccount(request.ledger, request.params.idOrAliasOrEvmAddress);
  if (!account) return notFound();
  const asOwner = request.query.flag('owner', true);
  const grants: NftGrant[] = [];
  const owners = asOwner ? [account] : [...request.ledger.accounts.values()];
  for (const owner of owners) {
    for (const key of owner.nftApprovedForAll) {
      const [token, spender] = key.split(':').map(Number);
      if (asOwner || spender === account.num) grants.push({ owner, spender, token });
    }
  }
  const other = (grant: NftGrant) => (asOwner ? grant.spender : grant.owner.num);
  const { items, next } = page(request, grants, [idKey('account.id', other), idKey('token.id', (grant) => grant.token, parseTokenId)], 'asc');
  return ok({
    allowances: items.map((grant) => ({
      approved_for_all: true, owner: entityString(grant.owner.num), spender: entityString(grant.spender),
      timestamp: timestampOf(grant.owner, `nft:${grant.token}:${grant.spender}`), token_id: entityString(grant.token),
    })),
    links: { next },
  });
}
