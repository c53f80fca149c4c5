import type { proto } from '@hiero-ledger/proto';
import { formatHbar } from '../approval-moves.js';
import type { RecordedMovement } from './approval-record.js';
import { accountIdText } from './scheduled-body.js';

/** One account's net change in one asset, as a scheduled transfer makes it. */
export interface NetChange {
  readonly account: string;
  /** `'HBAR'` or a token ID (NFTs counted by token: a request's movements do not record serials). */
  readonly asset: string;
  /** Signed, in the asset's smallest unit (tinybars, token base units; an NFT is 1). */
  readonly amount: bigint;
}

/** Fields every SchedulableTransactionBody has beside the one that says what it does. */
const COMMON_FIELDS = new Set(['transactionFee', 'memo', 'maxCustomFees']);

/** What kind of transaction a decoded SchedulableTransactionBody is: its set data field (`cryptoTransfer`, …). */
export function scheduledKindOf(body: object): string {
  const kinds = Object.keys(body).filter((key) => !COMMON_FIELDS.has(key) && (body as Record<string, unknown>)[key] != null && typeof (body as Record<string, unknown>)[key] === 'object');
  return kinds.length === 1 ? kinds[0]! : kinds.length ? kinds.join('+') : 'unknown';
}

/**
 * The net changes of a scheduled CryptoTransfer, sorted (HBAR first, then tokens by ID),
 * zero nets left out: what the ledger will move when the schedule runs. `undefined` for a body that
 * is not a CryptoTransfer.
 */
export function netChangesOfTransfer(body: proto.ISchedulableTransactionBody): NetChange[] | undefined {
  const transfer = body.cryptoTransfer;
  if (!transfer) return undefined;
  const nets = new Map<string, bigint>();
  const add = (account: string | undefined, asset: string, amount: bigint) => {
    const key = `${account ?? '(no account)'}|${asset}`;
    nets.set(key, (nets.get(key) ?? 0n) + amount);
  };
  for (const each of transfer.transfers?.accountAmounts ?? []) add(accountIdText(each.accountID), 'HBAR', BigInt(String(each.amount ?? 0)));
  for (const list of transfer.tokenTransfers ?? []) {
    const token = `${String(list.token?.shardNum ?? 0)}.${String(list.token?.realmNum ?? 0)}.${String(list.token?.tokenNum ?? 0)}`;
    for (const each of list.transfers ?? []) add(accountIdText(each.accountID), token, BigInt(String(each.amount ?? 0)));
    for (const nft of list.nftTransfers ?? []) {
      add(accountIdText(nft.senderAccountID), token, -1n);
      add(accountIdText(nft.receiverAccountID), token, 1n);
    }
  }
  return sortedNets(nets);
}

/** The net changes a request's movements describe (each moves `amount` from `from` to `to`). */
export function netChangesOfMovements(movements: readonly RecordedMovement[]): NetChange[] {
  const nets = new Map<string, bigint>();
  for (const movement of movements) {
    const asset = movement.asset;
    const amount = BigInt(movement.amount);
    nets.set(`${movement.from}|${asset}`, (nets.get(`${movement.from}|${asset}`) ?? 0n) - amount);
    nets.set(`${movement.to}|${asset}`, (nets.get(`${movement.to}|${asset}`) ?? 0n) + amount);
  }
  return sortedNets(nets);
}

/** A net change as a person reads it: `0.0.1001 -10 HBAR`, `0.0.1002 +3 of token 0.0.5005 (smallest units)`. */
export function describeNet(change: NetChange): string {
  const sign = change.amount < 0n ? '-' : '+';
  const abs = change.amount < 0n ? -change.amount : change.amount;
  if (change.asset === 'HBAR') return `${change.account} ${sign}${formatHbar(abs)}`;
  return `${change.account} ${sign}${abs} of token ${change.asset} (smallest units)`;
}

/** The NFTs a scheduled CryptoTransfer moves, one line each: `NFT 0.0.5006 serial 7 from 0.0.1001 to 0.0.1002`. */
export function nftMovesOfTransfer(body: proto.ISchedulableTransactionBody): string[] {
  const lines: string[] = [];
  for (const list of body.cryptoTransfer?.tokenTransfers ?? []) {
    const token = `${String(list.token?.shardNum ?? 0)}.${String(list.token?.realmNum ?? 0)}.${String(list.token?.tokenNum ?? 0)}`;
    for (const nft of list.nftTransfers ?? []) lines.push(`NFT ${token} serial ${String(nft.serialNumber ?? 0)} from ${accountIdText(nft.senderAccountID) ?? '(none)'} to ${accountIdText(nft.receiverAccountID) ?? '(none)'}`);
  }
  return lines;
}

function sortedNets(nets: Map<string, bigint>): NetChange[] {
  const order = (asset: string) => (asset === 'HBAR' ? 0 : 1);
  return [...nets]
    .filter(([, amount]) => amount !== 0n)
    .map(([key, amount]) => {
      const cut = key.lastIndexOf('|');
      return { account: key.slice(0, cut), asset: key.slice(cut + 1), amount };
    })
    .sort((a, b) => order(a.asset) - order(b.asset) || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0) || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
}
