import type { proto } from '@hiero-ledger/proto';
import { ensure } from './status-error.js';

/**
 * The devnet answers as a node with `hooks.hooksEnabled=false`: a transaction that creates, deletes or
 * calls HIP-1195 hooks fails with HOOKS_NOT_ENABLED at consensus instead of succeeding without them.
 */
export function refuseHookChanges(op: { hookCreationDetails?: unknown[] | null; hookIdsToDelete?: unknown[] | null }): void {
  ensure(!op.hookCreationDetails?.length && !op.hookIdsToDelete?.length, 'HOOKS_NOT_ENABLED');
}

export function refuseHookCalls(hbar: proto.IAccountAmount[], lists: proto.ITokenTransferList[]): void {
  const callsHook = (leg: proto.IAccountAmount) => !!(leg.preTxAllowanceHook || leg.prePostTxAllowanceHook);
  const nftCallsHook = (nft: proto.INftTransfer) => !!(nft.preTxSenderAllowanceHook || nft.prePostTxSenderAllowanceHook
    || nft.preTxReceiverAllowanceHook || nft.prePostTxReceiverAllowanceHook);
  const any = hbar.some(callsHook) || lists.some((list) => (list.transfers ?? []).some(callsHook) || (list.nftTransfers ?? []).some(nftCallsHook));
  ensure(!any, 'HOOKS_NOT_ENABLED');
}
