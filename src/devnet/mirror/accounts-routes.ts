import { entityString, parseEntity } from '../ledger/entity-ids.js';
import { mirrorKey } from '../ledger/keys.js';
import type { Ledger } from '../ledger/ledger.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { AccountState } from '../ledger/state-types.js';
import { accountTokenBalances, formatTransaction, involvesAccount } from './mirror-format.js';
import { badRequest, matchesFilters, notFound, ok, page, parseFilters, type MirrorRequest, type MirrorRoute } from './mirror-http.js';

/** `0.0.N`, `N`, or a 20-byte EVM address (long-zero or an account's alias). */
function resolveAccount(ledger: Ledger, text: string): AccountState | undefined {
  const num = parseEntity(text);
  if (num !== undefined) return ledger.accounts.get(num);
  const evm = /^(?:0x)?([0-9a-fA-F]{40})$/.exec(text)?.[1]?.toLowerCase();
  if (!evm) return undefined;
  for (const account of ledger.accounts.values()) if (evmAddress(account) === `0x${evm}`) return account;
  return undefined;
}

export function evmAddress(account: AccountState): string {
  if (account.alias?.length === 20) return `0x${Buffer.from(account.alias).toString('hex')}`;
  return `0x${account.num.toString(16).padStart(40, '0')}`;
}

function accountInfo(request: MirrorRequest) {
  const account = resolveAccount(request.ledger, request.params[0]);
  if (!account) return notFound();
  const now = nsToMirror(request.ledger.nowNs());
  const records = request.ledger.recordList.filter((record) => involvesAccount(record, account.num));
  const { items, next } = page(records, (record) => record.consensusNs, request, 'timestamp', nsToMirror, 'desc');
  return ok({
    account: entityString(account.num),
    alias: null,
    auto_renew_period: account.autoRenewPeriodSec,
    balance: { balance: Number(account.balance), timestamp: now, tokens: accountTokenBalances(request.ledger, account.num) },
    created_timestamp: nsToMirror(account.createdNs),
    decline_reward: account.declineReward,
    deleted: account.deleted,
    ethereum_nonce: 0,
    evm_address: evmAddress(account),
    expiry_timestamp: nsToMirror(BigInt(account.expirySec) * 1_000_000_000n),
    key: mirrorKey(account.key),
    max_automatic_token_associations: account.maxAutoAssociations,
    memo: account.memo,
    pending_reward: 0,
    receiver_sig_required: account.receiverSigRequired,
    staked_account_id: null,
    staked_node_id: null,
    stake_period_start: null,
    transactions: items.map(formatTransaction),
    links: { next },
  });
}

function accountTokens(request: MirrorRequest) {
  const account = resolveAccount(request.ledger, request.params[0]);
  if (!account) return notFound();
  const tokenFilter = parseFilters(request.query, 'token.id', parseEntity);
  const relations = [...account.tokens.entries()].filter(([num]) => matchesFilters(num, tokenFilter));
  const { items, next } = page(relations, ([num]) => BigInt(num), request, 'token.id', (key) => entityString(Number(key)));
  return ok({
    tokens: items.map(([num, relation]) => {
      const token = request.ledger.tokens.get(num);
      return {
        automatic_association: relation.automatic,
        balance: Number(relation.balance),
        created_timestamp: nsToMirror(relation.createdNs),
        decimals: token?.decimals ?? 0,
        freeze_status: token?.keys.freezeKey ? (token.freezeDefault ? 'FROZEN' : 'UNFROZEN') : 'NOT_APPLICABLE',
        kyc_status: token?.keys.kycKey ? 'REVOKED' : 'NOT_APPLICABLE',
        token_id: entityString(num),
      };
    }),
    links: { next },
  });
}

function pendingAirdrops(request: MirrorRequest) {
  const account = resolveAccount(request.ledger, request.params[0]);
  if (!account) return notFound();
  const pending = request.ledger.pendingAirdrops.filter((airdrop) => airdrop.receiver === account.num);
  const { items, next } = page(pending, (airdrop) => airdrop.createdNs, request, 'timestamp', nsToMirror);
  return ok({
    airdrops: items.map((airdrop) => ({
      amount: airdrop.amount !== undefined ? Number(airdrop.amount) : null, receiver_id: entityString(airdrop.receiver),
      sender_id: entityString(airdrop.sender), serial_number: airdrop.serial ?? null,
      timestamp: { from: nsToMirror(airdrop.createdNs), to: null }, token_id: entityString(airdrop.token),
    })),
    links: { next },
  });
}

function balances(request: MirrorRequest) {
  const ids = parseFilters(request.query, 'account.id', parseEntity);
  const amounts = parseFilters(request.query, 'account.balance', (text) => (/^\d{1,19}$/.test(text) ? BigInt(text) : undefined));
  const publicKey = request.query.get('account.publickey')?.toLowerCase().replace(/^0x/, '');
  if (publicKey !== undefined && !/^[0-9a-f]*$/.test(publicKey)) return badRequest('Invalid parameter: account.publickey');
  const accounts = [...request.ledger.accounts.values()].filter((account) => !account.deleted
    && matchesFilters(account.num, ids) && matchesFilters(account.balance, amounts)
    && (!publicKey || mirrorKey(account.key)?.key === publicKey));
  const { items, next } = page(accounts, (account) => BigInt(account.num), request, 'account.id', (key) => entityString(Number(key)), 'desc');
  return ok({
    timestamp: nsToMirror(request.ledger.nowNs()),
    balances: items.map((account) => ({ account: entityString(account.num), balance: Number(account.balance), tokens: accountTokenBalances(request.ledger, account.num) })),
    links: { next },
  });
}

export const ACCOUNT_ROUTES: MirrorRoute[] = [
  { pattern: /^\/accounts\/([^/]+)\/tokens$/, handle: accountTokens },
  { pattern: /^\/accounts\/([^/]+)\/airdrops\/pending$/, handle: pendingAirdrops },
  { pattern: /^\/accounts\/([^/]+)$/, handle: accountInfo },
  { pattern: /^\/balances$/, handle: balances },
];
