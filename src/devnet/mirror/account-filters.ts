import { mirrorKey } from '../ledger/keys.js';
import type { AccountState } from '../ledger/state-types.js';
import { invalidParameter, type MirrorRequest } from './mirror-http.js';
import type { Filter } from './mirror-query.js';
import { parseLong, parsePublicKey } from './mirror-values.js';

/** The raw public key the mirror shows as `key.key`, from a public-key filter such as `account.publickey`. */
export function publicKeyFilter(request: MirrorRequest, name: string): string | undefined {
  const raw = request.query.last(name);
  if (raw === undefined) return undefined;
  const key = parsePublicKey(raw);
  if (key === undefined) throw invalidParameter(name);
  return key;
}

/** Whether the account's key is that raw key (no filter: always). Key lists never match, as on the mirror. */
export function hasPublicKey(account: AccountState, key: string | undefined): boolean {
  return key === undefined || mirrorKey(account.key)?.key === key;
}

/** `account.balance=[op:]tinybars` (or token units on `/tokens/{id}/balances`). */
export function balanceFilters(request: MirrorRequest): Array<Filter<bigint>> {
  return request.query.filters('account.balance', (text) => parseLong(text));
}
