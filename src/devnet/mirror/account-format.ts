import { entityString } from '../ledger/entity-ids.js';
import { mirrorKey } from '../ledger/keys.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { AccountState } from '../ledger/state-types.js';
import type { BalanceSnapshot } from './balance-snapshot.js';
import { evmAddress, mirrorAlias } from './mirror-entities.js';

/** The mirror caps embedded token balances (HIP-367): 1000 for one account, 50 in lists. */
export const TOKENS_PER_ACCOUNT = 1000;
export const TOKENS_PER_LIST_ENTRY = 50;

/** `[{token_id, balance}]` of an account at the snapshot, by token ID. */
export function tokenBalances(account: AccountState, snapshot: BalanceSnapshot, max: number): Array<{ token_id: string; balance: number }> {
  const rows: Array<{ token_id: string; balance: number }> = [];
  for (const token of [...account.tokens.keys()].sort((a, b) => a - b)) {
    const balance = snapshot.token(account, token);
    if (balance !== undefined) rows.push({ token_id: entityString(token), balance: Number(balance) });
    if (rows.length === max) break;
  }
  return rows;
}

/**
 * `AccountInfo`: what `/accounts` lists and `/accounts/{id}` starts with. `balance` is null when the
 * caller asked for none (`balance=false`). The staking target is as set; rewards are not simulated.
 */
export function formatAccount(account: AccountState, snapshot: BalanceSnapshot | null, maxTokens: number): Record<string, unknown> {
  return {
    account: entityString(account.num),
    alias: mirrorAlias(account),
    auto_renew_period: account.autoRenewPeriodSec,
    balance: snapshot ? {
      balance: Number(snapshot.hbar(account)),
      timestamp: snapshot.atNs === undefined ? null : nsToMirror(snapshot.atNs),
      tokens: tokenBalances(account, snapshot, maxTokens),
    } : null,
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
    staked_account_id: account.stakedAccountId === undefined ? null : entityString(account.stakedAccountId),
    staked_node_id: account.stakedNodeId ?? null,
    stake_period_start: null,
  };
}
