import type { Ledger } from '../ledger/ledger.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { AccountState } from '../ledger/state-types.js';
import { balanceFilters, hasPublicKey, publicKeyFilter } from './account-filters.js';
import { formatAccount, tokenBalances, TOKENS_PER_ACCOUNT, TOKENS_PER_LIST_ENTRY } from './account-format.js';
import { balanceSnapshot, snapshotFor } from './balance-snapshot.js';
import { formatTransaction, involvesAccount, TRANSACTION_TYPES, transactionName } from './mirror-format.js';
import { idKey, resolveAccount, timestampKey } from './mirror-entities.js';
import { invalidParameter, notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';
import { matchesFilters } from './mirror-query.js';
import { parseAlias, parseEntityId, parseEvmAddress } from './mirror-values.js';

/** `/accounts`: every account, by ID (ascending by default). */
export function listAccounts(request: MirrorRequest): MirrorResponse {
  const amounts = balanceFilters(request);
  const publicKey = publicKeyFilter(request, 'account.publickey');
  const snapshot = request.query.flag('balance', true) ? balanceSnapshot(request.ledger) : null;
  const accounts = [...request.ledger.accounts.values()].filter((account) => matchesFilters(account.balance, amounts) && hasPublicKey(account, publicKey));
  const { items, next } = page(request, accounts, [idKey('account.id', (account) => account.num)], 'asc');
  return ok({ accounts: items.map((account) => formatAccount(account, snapshot, TOKENS_PER_LIST_ENTRY)), links: { next } });
}

/**
 * `/accounts/{idOrAliasOrEvmAddress}`: the account, its balance (at `timestamp` when given) and its
 * transactions, newest first, paged by `timestamp` (`transactions=false` leaves them out).
 */
export function getAccount(request: MirrorRequest): MirrorResponse {
  const account = resolveAccount(request.ledger, request.params.idOrAliasOrEvmAddress);
  if (!account) return notFound();
  const type = request.query.last('transactiontype')?.toUpperCase();
  if (type !== undefined && !TRANSACTION_TYPES.has(type)) throw invalidParameter('transactiontype');
  const withTransactions = request.query.flag('transactions', true);
  const snapshot = snapshotFor(request);
  if (request.query.has('timestamp') && !snapshot.existed(account)) return notFound();
  const records = request.ledger.recordList.filter((record) => involvesAccount(record, account.num) && (type === undefined || transactionName(record) === type));
  const listed = page(request, withTransactions ? records : [], [timestampKey('timestamp', (record) => record.consensusNs)], 'desc');
  return ok({ ...formatAccount(account, snapshot, TOKENS_PER_ACCOUNT), transactions: listed.items.map(formatTransaction), links: { next: listed.next } });
}

/**
 * `account.id` of `/balances` also takes an alias or an EVM address, which stand for the account
 * they name (or for nothing, when no account has it).
 */
function balancesAccountId(ledger: Ledger): (text: string) => bigint | undefined {
  return (text) => {
    const id = parseEntityId(text);
    if (id !== undefined) return id;
    if (parseEvmAddress(text) === undefined && parseAlias(text) === undefined) return undefined;
    const account = resolveAccount(ledger, text, 'account.id');
    return account ? BigInt(account.num) : -1n;
  };
}

/** `/balances`: HBAR and token balances of every live account at one snapshot, by account ID (descending). */
export function listBalances(request: MirrorRequest): MirrorResponse {
  const amounts = balanceFilters(request);
  const publicKey = publicKeyFilter(request, 'account.publickey');
  const snapshot = snapshotFor(request);
  const accounts = [...request.ledger.accounts.values()].filter((account) => !account.deleted && snapshot.existed(account)
    && matchesFilters(snapshot.hbar(account), amounts) && hasPublicKey(account, publicKey));
  const key = { ...idKey<AccountState>('account.id', (account) => account.num), parse: balancesAccountId(request.ledger) };
  const { items, next } = page(request, accounts, [key], 'desc');
  return ok({
    timestamp: snapshot.atNs === undefined ? null : nsToMirror(snapshot.atNs),
    balances: items.map((account) => ({
      account: `0.0.${account.num}`, balance: Number(snapshot.hbar(account)), tokens: tokenBalances(account, snapshot, TOKENS_PER_LIST_ENTRY),
    })),
    links: { next },
  });
}
