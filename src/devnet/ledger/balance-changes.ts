import type { proto } from '@hiero-ledger/proto';
import { accountId, accountNum, tokenId, tokenNum } from './entity-ids.js';
import { toBig, toLong } from './numbers.js';

/** Denomination number of HBAR in {@link BalanceChanges} (token numbers start at 1). */
export const HBAR = 0;

/** Net balance changes of one transfer: denomination (HBAR or a token number) → account → amount. */
export type BalanceChanges = Map<number, Map<number, bigint>>;

export function addChange(changes: BalanceChanges, denomination: number, account: number, amount: bigint): void {
  let deltas = changes.get(denomination);
  if (!deltas) changes.set(denomination, (deltas = new Map()));
  deltas.set(account, (deltas.get(account) ?? 0n) + amount);
}

/** Moves `amount` of a denomination from one account to another inside `changes`. */
export function moveChange(changes: BalanceChanges, denomination: number, from: number, to: number, amount: bigint): void {
  addChange(changes, denomination, from, -amount);
  addChange(changes, denomination, to, amount);
}

export function changeOf(changes: BalanceChanges, denomination: number, account: number): bigint {
  return changes.get(denomination)?.get(account) ?? 0n;
}

export function addAllChanges(into: BalanceChanges, from: BalanceChanges): void {
  for (const [denomination, deltas] of from) for (const [account, amount] of deltas) addChange(into, denomination, account, amount);
}

/** The HBAR legs and fungible token legs of a transfer body as changes (NFT legs are not balance amounts). */
export function changesOfBody(hbar: proto.IAccountAmount[], lists: proto.ITokenTransferList[]): BalanceChanges {
  const changes: BalanceChanges = new Map();
  for (const leg of hbar) addChange(changes, HBAR, accountNum(leg.accountID), toBig(leg.amount));
  for (const list of lists) {
    for (const leg of list.transfers ?? []) addChange(changes, tokenNum(list.token), accountNum(leg.accountID), toBig(leg.amount));
  }
  return changes;
}

/**
 * Adds `extra` to the legs of a transfer body: an account that already has a leg in that denomination has
 * it changed (keeping its approval flag), any other account gets a new leg. Returns the revised legs and
 * the `${denomination}:${account}` pairs that only `extra` moves.
 */
export function reviseBody(hbar: proto.IAccountAmount[], lists: proto.ITokenTransferList[], extra: BalanceChanges) {
  const onlyExtra = new Set<string>();
  const revise = (legs: proto.IAccountAmount[], denomination: number): proto.IAccountAmount[] => {
    const deltas = new Map(extra.get(denomination) ?? []);
    const revised = legs.map((leg) => {
      const account = accountNum(leg.accountID);
      const delta = deltas.get(account) ?? 0n;
      deltas.delete(account);
      return delta === 0n ? leg : { ...leg, amount: toLong(toBig(leg.amount) + delta) };
    });
    for (const [account, amount] of deltas) {
      if (amount === 0n) continue;
      onlyExtra.add(`${denomination}:${account}`);
      revised.push({ accountID: accountId(account), amount: toLong(amount), isApproval: false });
    }
    return revised;
  };
  const revisedLists = lists.map((list) => (list.nftTransfers?.length ? list : { ...list, transfers: revise(list.transfers ?? [], tokenNum(list.token)) }));
  const listed = new Set(lists.map((list) => tokenNum(list.token)));
  for (const denomination of extra.keys()) {
    if (denomination === HBAR || listed.has(denomination)) continue;
    const transfers = revise([], denomination);
    if (transfers.length) revisedLists.push({ token: tokenId(denomination), transfers, nftTransfers: [] });
  }
  return { hbar: revise(hbar, HBAR), lists: revisedLists, onlyExtra };
}
