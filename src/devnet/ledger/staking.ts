import type { proto } from '@hiero-ledger/proto';
import type { Ledger } from './ledger.js';
import { toBig } from './numbers.js';
import { ensure } from './status-error.js';
import type { AccountState } from './state-types.js';

/** Node IDs an account can stake to: node 0.0.3 is node 0, the devnet's only node. */
const NODE_IDS: ReadonlySet<bigint> = new Set([0n]);

type StakingTarget = Pick<AccountState, 'stakedAccountId' | 'stakedNodeId'>;
type StakedIdFields = Pick<proto.ICryptoCreateTransactionBody, 'stakedAccountId' | 'stakedNodeId'> & { stakedId?: string | null };

/**
 * The staking target an account create or update sets, validated as a node does (INVALID_STAKING_ID for
 * an account that does not exist or a node that is not in the address book); undefined when the body
 * sets none. On update the sentinels 0.0.0 and -1 clear it, which a creation may not use. Staking has
 * no effect on the devnet (no rewards), but the account reports it as set.
 */
export function stakingTarget(ledger: Ledger, op: StakedIdFields, forUpdate: boolean): StakingTarget | undefined {
  if (op.stakedId === 'stakedAccountId') {
    const num = toBig(op.stakedAccountId?.accountNum);
    if (forUpdate && num === 0n) return { stakedAccountId: undefined, stakedNodeId: undefined };
    ensure(num > 0n && ledger.accounts.has(Number(num)), 'INVALID_STAKING_ID');
    return { stakedAccountId: Number(num), stakedNodeId: undefined };
  }
  if (op.stakedId === 'stakedNodeId') {
    const node = toBig(op.stakedNodeId);
    if (forUpdate && node === -1n) return { stakedAccountId: undefined, stakedNodeId: undefined };
    ensure(NODE_IDS.has(node), 'INVALID_STAKING_ID');
    return { stakedAccountId: undefined, stakedNodeId: Number(node) };
  }
  return undefined;
}
