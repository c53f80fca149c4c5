import type { proto } from '@hiero-ledger/proto';
import { addAllChanges, changeOf, changesOfBody, HBAR, reviseBody, type BalanceChanges } from './balance-changes.js';
import { assessLevel, type NftMove } from './custom-fee-assessment.js';
import { accountNum, tokenNum } from './entity-ids.js';
import type { Ledger } from './ledger.js';
import { ensure } from './status-error.js';
import type { FeeOnlyLegs } from './token-transfer-planner.js';

/** How many times fees paid in another token may trigger that token's fees (Hedera's tokens.maxCustomFeeDepth). */
const MAX_FEE_DEPTH = 2;
/** Balance changes a transfer may reach once its fees are added (Hedera's ledger.xferBalanceChangesMaxLen). */
const MAX_BALANCE_CHANGES = 20;

/** A transfer body with its custom fees added to the legs, and the fees for the record. */
export interface ChargedTransfer {
  hbar: proto.IAccountAmount[];
  lists: proto.ITokenTransferList[];
  /** legs only fees move: no signature needed (HBAR legs use denomination 0) */
  feeOnly: FeeOnlyLegs;
  assessed: proto.IAssessedCustomFee[];
}

/**
 * Adds the custom fees (HIP-18) of every token a transfer moves to its legs, the way a node assesses them
 * before moving anything: the fees become more legs of the same transfer, so the usual checks (balance,
 * association, freeze, KYC, pause) apply to them too. Fees paid in HBAR or in another token are a transfer
 * of their own that is assessed again, at most {@link MAX_FEE_DEPTH} levels deep.
 */
export function chargeCustomFees(ledger: Ledger, hbar: proto.IAccountAmount[], lists: proto.ITokenTransferList[]): ChargedTransfer {
  const input = changesOfBody(hbar, lists);
  let moves: NftMove[] = lists.flatMap((list) => (list.nftTransfers ?? []).map((nft) => ({
    token: tokenNum(list.token), sender: accountNum(nft.senderAccountID), receiver: accountNum(nft.receiverAccountID),
  })));
  const fees: BalanceChanges = new Map();
  const assessed: proto.IAssessedCustomFee[] = [];
  let body = input;
  for (let depth = 0; ; depth++) {
    ensure(depth <= MAX_FEE_DEPTH, 'CUSTOM_FEE_CHARGING_EXCEEDED_MAX_RECURSION_DEPTH');
    const level = assessLevel(ledger, body, moves);
    if (!level.assessed.length) break;
    assessed.push(...level.assessed);
    addAllChanges(fees, level.same);
    addAllChanges(fees, level.next);
    checkFeePayers(ledger, input, fees, level.next);
    body = level.next;
    moves = [];
    if (![...body.keys()].some((denomination) => denomination !== HBAR)) break;
  }
  if (!assessed.length) return { hbar, lists, feeOnly: new Set(), assessed };
  const revised = reviseBody(hbar, lists, fees);
  const changes = new Set([...changesOfBody(revised.hbar, revised.lists)].flatMap(([denomination, deltas]) => [...deltas.keys()].map((account) => `${denomination}:${account}`)));
  ensure(changes.size + lists.reduce((sum, list) => sum + (list.nftTransfers?.length ?? 0), 0) <= MAX_BALANCE_CHANGES,
    'CUSTOM_FEE_CHARGING_EXCEEDED_MAX_ACCOUNT_AMOUNTS');
  return { hbar: revised.hbar, lists: revised.lists, feeOnly: revised.onlyExtra, assessed };
}

/**
 * Fees paid as transfers of their own need the payer to hold them on top of what the transfer already
 * moves (INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE), and a token fee needs the payer associated.
 */
function checkFeePayers(ledger: Ledger, input: BalanceChanges, fees: BalanceChanges, next: BalanceChanges): void {
  for (const [denomination, deltas] of next) {
    for (const [num, amount] of deltas) {
      if (amount >= 0n) continue;
      const account = ledger.accounts.get(num);
      ensure(account, 'INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
      let held = account.balance;
      if (denomination !== HBAR) {
        const relation = account.tokens.get(denomination);
        ensure(relation, 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
        held = relation.balance;
      }
      const after = held + changeOf(input, denomination, num) + changeOf(fees, denomination, num);
      ensure(after >= 0n, 'INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
    }
  }
}
