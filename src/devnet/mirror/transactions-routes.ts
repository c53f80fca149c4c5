import { statusName } from '../ledger/status-error.js';
import type { TransactionRecordState } from '../ledger/state-types.js';
import { formatTransaction, formatTransactionDetail, TRANSACTION_TYPES, transactionName } from './mirror-format.js';
import { timestampKey } from './mirror-entities.js';
import { invalidParameter, notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';
import { matchesFilters, type Filter } from './mirror-query.js';
import { localNum, parseEntityId } from './mirror-values.js';

/** Accepts `0.0.x-<s>-<n>` (mirror form) and `0.0.x@<s>.<n>` (SDK form). */
export function parseTransactionId(text: string): { payer: number; validStartNs: bigint } | undefined {
  const match = /^(\d{1,10}\.\d{1,10}\.\d{1,10})[-@](\d{1,19})[-.](\d{1,9})$/.exec(text);
  const id = match ? parseEntityId(match[1]) : undefined;
  if (!match || id === undefined) return undefined;
  return { payer: localNum(id) ?? -1, validStartNs: BigInt(match[2]) * 1_000_000_000n + BigInt(match[3].padEnd(9, '0')) };
}

/** `/transactions/{transactionId}`: every record with that ID (`nonce` and `scheduled` narrow it). */
export function getTransaction(request: MirrorRequest): MirrorResponse {
  const id = parseTransactionId(decodeURIComponent(request.params.transactionId));
  if (!id) throw invalidParameter('transactionId');
  const nonce = request.query.last('nonce');
  if (nonce !== undefined && !(/^\d{1,10}$/.test(nonce) && Number(nonce) <= 2_147_483_647)) throw invalidParameter('nonce');
  const scheduled = request.query.last('scheduled') === undefined ? undefined : request.query.flag('scheduled', false);
  const found = request.ledger.recordList.filter((record) => record.payer === id.payer && record.validStartNs === id.validStartNs
    && (nonce === undefined || (record.transactionId.nonce ?? 0) === Number(nonce))
    && (scheduled === undefined || !!record.transactionId.scheduled === scheduled));
  return found.length ? ok({ transactions: found.map(formatTransactionDetail) }) : notFound();
}

/** Every leg of a record (HBAR, token, NFT) as account and signed amount: what credit/debit looks at. */
function legsOf(record: TransactionRecordState): Array<{ account: number; amount: bigint }> {
  return [
    ...record.transfers.map((leg) => ({ account: leg.account, amount: leg.amount })),
    ...record.tokenTransfers.map((leg) => ({ account: leg.account, amount: leg.amount })),
    ...record.nftTransfers.flatMap((nft) => [{ account: nft.receiver, amount: 1n }, ...(nft.sender ? [{ account: nft.sender, amount: -1n }] : [])]),
  ];
}

/**
 * Whether the record involves an account passing the `account.id` filters (as payer or in a leg), and
 * with `type`, whether such an account is credited or debited by it.
 */
function matchesAccounts(record: TransactionRecordState, accounts: Array<Filter<bigint>>, type: 'credit' | 'debit' | undefined): boolean {
  const legs = legsOf(record);
  const candidates = new Set([record.payer, ...legs.map((leg) => leg.account)]);
  const selected = [...candidates].filter((num) => matchesFilters(BigInt(num), accounts));
  if (!selected.length) return false;
  if (type === undefined) return true;
  return legs.some((leg) => selected.includes(leg.account) && (type === 'credit' ? leg.amount > 0n : leg.amount < 0n));
}

/** `/transactions`: every record, newest first by default, paged by `timestamp`. */
export function listTransactions(request: MirrorRequest): MirrorResponse {
  const accounts = request.query.filters('account.id', parseEntityId);
  const transactionType = request.query.last('transactiontype')?.toUpperCase();
  if (transactionType !== undefined && !TRANSACTION_TYPES.has(transactionType)) throw invalidParameter('transactiontype');
  const result = request.query.last('result')?.toLowerCase();
  if (result !== undefined && result !== 'success' && result !== 'fail') throw invalidParameter('result');
  const type = request.query.last('type')?.toLowerCase();
  if (type !== undefined && type !== 'credit' && type !== 'debit') throw invalidParameter('type');
  const selected = request.ledger.recordList.filter((record) => {
    const success = statusName(record.receipt.status ?? 0) === 'SUCCESS';
    return matchesAccounts(record, accounts, type)
      && (transactionType === undefined || transactionName(record) === transactionType)
      && (result === undefined || (result === 'success') === success);
  });
  const { items, next } = page(request, selected, [timestampKey('timestamp', (record) => record.consensusNs)], 'desc');
  return ok({ transactions: items.map(formatTransaction), links: { next } });
}
