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

/**
 * The HBAR and fungible-token legs of a record as account and signed amount: what `type=credit|debit`
 * looks at. As on the mirror node, which reads the amounts of its crypto and token transfer tables,
 * NFT movements have no amount and count for neither.
 */
function amountLegsOf(record: TransactionRecordState): Array<{ account: number; amount: bigint }> {
  return [
    ...record.transfers.map((leg) => ({ account: leg.account, amount: leg.amount })),
    ...record.tokenTransfers.map((leg) => ({ account: leg.account, amount: leg.amount })),
  ];
}

/** Every account a record involves without `type`: its payer and every leg, NFT senders and receivers too. */
function accountsOf(record: TransactionRecordState): number[] {
  return [record.payer, ...amountLegsOf(record).map((leg) => leg.account), ...record.nftTransfers.flatMap((nft) => (nft.sender ? [nft.receiver, nft.sender] : [nft.receiver]))];
}

/**
 * Whether the record passes the `account.id` filters and `type`. Without `type`, an account it
 * involves must pass them. With `type`, as the mirror node does, one leg must pass them and move
 * value the right way: `credit` the account received (a positive amount), `debit` it paid (a
 * negative one, its fee included); being the payer alone is not enough.
 */
function matchesAccounts(record: TransactionRecordState, accounts: Array<Filter<bigint>>, type: 'credit' | 'debit' | undefined): boolean {
  if (type === undefined) return accountsOf(record).some((num) => matchesFilters(BigInt(num), accounts));
  return amountLegsOf(record).some((leg) => (type === 'credit' ? leg.amount > 0n : leg.amount < 0n) && matchesFilters(BigInt(leg.account), accounts));
}

/** `type` as the mirror node reads it: one value (any case), repeated alike; two different ones match nothing. */
function creditOrDebit(request: MirrorRequest): 'credit' | 'debit' | 'neither' | undefined {
  const values = request.query.values('type').map((value) => value.toLowerCase());
  if (values.some((value) => value !== 'credit' && value !== 'debit')) throw invalidParameter('type');
  if (values.length === 0) return undefined;
  return values.every((value) => value === values[0]) ? (values[0] as 'credit' | 'debit') : 'neither';
}

/** `/transactions`: every record, newest first by default, paged by `timestamp`. */
export function listTransactions(request: MirrorRequest): MirrorResponse {
  const accounts = request.query.filters('account.id', parseEntityId);
  const transactionType = request.query.last('transactiontype')?.toUpperCase();
  if (transactionType !== undefined && !TRANSACTION_TYPES.has(transactionType)) throw invalidParameter('transactiontype');
  const result = request.query.last('result')?.toLowerCase();
  if (result !== undefined && result !== 'success' && result !== 'fail') throw invalidParameter('result');
  const type = creditOrDebit(request);
  const selected = type === 'neither' ? [] : request.ledger.recordList.filter((record) => {
    const success = statusName(record.receipt.status ?? 0) === 'SUCCESS';
    return matchesAccounts(record, accounts, type)
      && (transactionType === undefined || transactionName(record) === transactionType)
      && (result === undefined || (result === 'success') === success);
  });
  const { items, next } = page(request, selected, [timestampKey('timestamp', (record) => record.consensusNs)], 'desc');
  return ok({ transactions: items.map(formatTransaction), links: { next } });
}
