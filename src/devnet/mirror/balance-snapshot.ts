import type { Ledger } from '../ledger/ledger.js';
import type { AccountState } from '../ledger/state-types.js';
import { invalidParameter, type MirrorRequest } from './mirror-http.js';
import { parseTimestamp } from './mirror-values.js';

/**
 * Balances as they were at one consensus timestamp, for the `timestamp` filter of `/balances`,
 * `/tokens/{id}/balances` and `/accounts/{id}`. The ledger keeps only current balances, so a past
 * balance is the current one minus every transfer recorded after that time (fees, HBAR, token and
 * NFT legs all are). Not covered: a treasury change moves balances without a record leg.
 */
export interface BalanceSnapshot {
  /** consensus timestamp of the snapshot, or undefined when no snapshot falls in the requested range */
  atNs: bigint | undefined;
  existed(account: AccountState): boolean;
  hbar(account: AccountState): bigint;
  /** undefined when the account had no relationship with the token then */
  token(account: AccountState, token: number): bigint | undefined;
}

/** Reads the `timestamp` filters of a request (eq, lt, lte, gt, gte; `ne` makes no sense for a snapshot). */
export function snapshotFor(request: MirrorRequest): BalanceSnapshot {
  const filters = request.query.filters('timestamp', parseTimestamp, ['eq', 'gt', 'gte', 'lt', 'lte']);
  let upper: bigint | undefined;
  let lower = 0n;
  for (const { op, value } of filters) {
    const high = op === 'lt' ? value - 1n : op === 'lte' || op === 'eq' ? value : undefined;
    if (high !== undefined) upper = upper === undefined || high < upper ? high : upper;
    const low = op === 'gt' ? value + 1n : op === 'gte' ? value : undefined;
    if (low !== undefined && low > lower) lower = low;
  }
  if (filters.length && upper !== undefined && upper < lower) throw invalidParameter('timestamp', 'empty range');
  return balanceSnapshot(request.ledger, upper, lower);
}

/** The latest state at or before `upper` (undefined = now), if that is not before `lower`. */
export function balanceSnapshot(ledger: Ledger, upper?: bigint, lower = 0n): BalanceSnapshot {
  const records = ledger.recordList;
  let cut = records.length;
  if (upper !== undefined) while (cut > 0 && records[cut - 1].consensusNs > upper) cut--;
  let genesisNs = ledger.nowNs();
  for (const account of ledger.accounts.values()) if (account.createdNs < genesisNs) genesisNs = account.createdNs;
  let atNs: bigint | undefined = cut > 0 ? records[cut - 1].consensusNs : genesisNs;
  if ((upper !== undefined && atNs > upper) || atNs < lower) atNs = undefined;

  const hbarAfter = new Map<number, bigint>();
  const tokenAfter = new Map<string, bigint>();
  const addToken = (account: number, token: number, amount: bigint) => {
    const key = `${account}:${token}`;
    tokenAfter.set(key, (tokenAfter.get(key) ?? 0n) + amount);
  };
  for (let i = cut; i < records.length; i++) {
    const record = records[i];
    for (const leg of record.transfers) hbarAfter.set(leg.account, (hbarAfter.get(leg.account) ?? 0n) + leg.amount);
    for (const leg of record.tokenTransfers) addToken(leg.account, leg.token, leg.amount);
    for (const nft of record.nftTransfers) {
      addToken(nft.receiver, nft.token, 1n);
      if (nft.sender) addToken(nft.sender, nft.token, -1n); // sender 0 is a mint
    }
  }
  const at = atNs ?? -1n;
  return {
    atNs,
    existed: (account) => atNs !== undefined && account.createdNs <= at,
    hbar: (account) => account.balance - (hbarAfter.get(account.num) ?? 0n),
    token: (account, token) => {
      const relation = account.tokens.get(token);
      if (!relation || relation.createdNs > at) return undefined;
      return relation.balance - (tokenAfter.get(`${account.num}:${token}`) ?? 0n);
    },
  };
}
