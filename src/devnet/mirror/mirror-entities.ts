import { evmAddressOfAlias } from '../ledger/aliases.js';
import type { Ledger } from '../ledger/ledger.js';
import type { AccountState, TokenState } from '../ledger/state-types.js';
import { invalidParameter } from './mirror-http.js';
import type { SortKey } from './mirror-paging.js';
import { NO_NE } from './mirror-query.js';
import {
  base32, formatId, localNum, longZeroId, parseAlias, parseEntityId, parseEntityOrLongZero, parseEvmAddress, parseLong, parseTimestamp,
} from './mirror-values.js';
import { nsToMirror } from '../ledger/numbers.js';

/** `0x` + 40 hex: the EVM address its alias gives the account (an EVM address or an ECDSA key alias), else its long-zero address. */
export function evmAddress(account: AccountState): string {
  const evm = evmAddressOfAlias(account.alias);
  if (evm) return `0x${Buffer.from(evm).toString('hex')}`;
  return `0x${account.num.toString(16).padStart(40, '0')}`;
}

/** The mirror's `alias` field: base32 of a key alias; an EVM alias shows as `evm_address` instead. */
export function mirrorAlias(account: AccountState): string | null {
  return account.alias?.length && account.alias.length !== 20 ? base32(account.alias) : null;
}

/**
 * An account from the `idOrAliasOrEvmAddress` path parameter: `0.0.N` (or `N`, `0.N`), an EVM address
 * (long-zero or the account's alias) or a base32 alias. Undefined when well-formed but unknown; a
 * malformed value is a 400.
 */
export function resolveAccount(ledger: Ledger, text: string, name = 'idOrAliasOrEvmAddress'): AccountState | undefined {
  const id = parseEntityId(text);
  if (id !== undefined) {
    const num = localNum(id);
    return num === undefined ? undefined : ledger.accounts.get(num);
  }
  const evm = parseEvmAddress(text);
  if (evm !== undefined) {
    for (const account of ledger.accounts.values()) if (evmAddress(account) === `0x${evm}`) return account;
    const num = localNum(longZeroId(evm) ?? -1n);
    return num === undefined ? undefined : ledger.accounts.get(num);
  }
  const alias = parseAlias(text);
  if (alias === undefined) throw invalidParameter(name);
  for (const account of ledger.accounts.values()) if (mirrorAlias(account) === alias) return account;
  return undefined;
}

/** A token from the `tokenId` path parameter (`0.0.N` or its long-zero EVM address); 400 when malformed. */
export function resolveToken(ledger: Ledger, text: string): TokenState | undefined {
  const id = parseEntityOrLongZero(text);
  if (id === undefined) throw invalidParameter('tokenId');
  const num = localNum(id);
  return num === undefined ? undefined : ledger.tokens.get(num);
}

/** An entity number from a path parameter such as `topicId`; 400 when malformed, undefined outside 0.0. */
export function entityNumParam(text: string, name: string): number | undefined {
  const id = parseEntityId(text);
  if (id === undefined) throw invalidParameter(name);
  return localNum(id);
}

/** Sort/filter column of entity IDs, e.g. `token.id`. */
export function idKey<T>(param: string, of: (item: T) => number, parse = parseEntityId): SortKey<T> {
  return { param, of: (item) => BigInt(of(item)), parse, format: formatId };
}

/** Sort/filter column of consensus timestamps (nanoseconds). */
export function timestampKey<T>(param: string, of: (item: T) => bigint): SortKey<T> {
  return { param, of, parse: parseTimestamp, format: nsToMirror };
}

/** Sort/filter column of plain integers: serial numbers, node IDs (their patterns have no `ne`). */
export function numberKey<T>(param: string, of: (item: T) => number | bigint, allowZero = false): SortKey<T> {
  return { param, of: (item) => BigInt(of(item)), parse: (text) => parseLong(text, allowZero), format: String, ops: NO_NE };
}

/** `token.id` also accepts a token's long-zero EVM address. */
export const parseTokenId = parseEntityOrLongZero;
