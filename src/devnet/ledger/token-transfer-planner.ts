import type { proto } from '@hiero-ledger/proto';
import type { HandlerContext } from './handler-context.js';
import { toBig } from './numbers.js';
import { isSamePendingAirdrop, pendingAirdropRecord } from './pending-airdrops.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { AccountState, PendingAirdropState, TokenState } from './state-types.js';
import { applyPlannedAssociations, movableRelation, relationForCredit, usableToken } from './token-relations.js';

type Mode = 'transfer' | 'airdrop';

/**
 * `${token}:${account}` pairs that only custom fees move (a fee payer's debit, a collector's credit):
 * they need no signature and an airdrop never leaves them pending.
 */
export type FeeOnlyLegs = ReadonlySet<string>;

const NO_FEE_LEGS: FeeOnlyLegs = new Set();

/**
 * Validates every token and NFT leg against the current state and returns a function that applies them.
 * Nothing changes until that function runs, so a failing leg leaves balances untouched.
 */
export function planTokenTransfers(ctx: HandlerContext, lists: proto.ITokenTransferList[], mode: Mode, feeOnly: FeeOnlyLegs = NO_FEE_LEGS): () => void {
  const planned = new Set<string>();
  const steps: Array<() => void> = [];
  for (const list of lists) {
    const token = usableToken(ctx.ledger, list.token);
    if (list.expectedDecimals) ensure(list.expectedDecimals.value === token.decimals, 'UNEXPECTED_TOKEN_DECIMALS');
    if (list.nftTransfers?.length) {
      ensure(token.type === 'NON_FUNGIBLE_UNIQUE', 'INVALID_NFT_ID');
      for (const nft of list.nftTransfers) steps.push(planNft(ctx, token, nft, planned, mode));
    } else {
      ensure(token.type === 'FUNGIBLE_COMMON', 'ACCOUNT_AMOUNT_TRANSFERS_ONLY_ALLOWED_FOR_FUNGIBLE_COMMON');
      steps.push(planFungible(ctx, token, list.transfers ?? [], planned, mode, feeOnly));
    }
  }
  return () => {
    applyPlannedAssociations(ctx, planned);
    for (const step of steps) step();
  };
}

function authoriseDebit(ctx: HandlerContext, owner: AccountState, isApproval: boolean, allowanceOk: () => void): void {
  if (isApproval) allowanceOk();
  else ctx.requireSignature(owner.key);
}

/**
 * Checks that `receiver` can be credited now. In an airdrop a receiver without a free association slot,
 * or one that requires its signature and did not sign, gets a pending airdrop instead (returns true);
 * frozen or KYC-less receivers fail in both modes.
 */
function mustWait(ctx: HandlerContext, receiver: AccountState, token: TokenState, planned: Set<string>, mode: Mode, feeOnly: boolean): boolean {
  let relation: 'existing' | 'auto';
  try {
    relation = relationForCredit(receiver, token, planned);
  } catch (error) {
    if (mode === 'airdrop' && !feeOnly && error instanceof LedgerStatusError && error.status === 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT') return true;
    throw error;
  }
  if (!receiver.receiverSigRequired || feeOnly || ctx.hasSignature(receiver.key)) return false;
  if (mode === 'transfer') throw new LedgerStatusError('INVALID_SIGNATURE');
  // A pending airdrop uses no association slot until it is claimed.
  if (relation === 'auto') planned.delete(`${receiver.num}:${token.num}`);
  return true;
}

function planFungible(ctx: HandlerContext, token: TokenState, legs: proto.IAccountAmount[], planned: Set<string>, mode: Mode, feeOnly: FeeOnlyLegs): () => void {
  const resolved = legs.map((leg) => ({ account: ctx.ledger.account(leg.accountID), amount: toBig(leg.amount), isApproval: !!leg.isApproval }));
  const isFeeOnly = (account: AccountState) => feeOnly.has(`${token.num}:${account.num}`);
  const pending: Array<{ receiver: AccountState; amount: bigint }> = [];
  for (const leg of resolved.filter((entry) => entry.amount > 0n)) {
    if (mustWait(ctx, leg.account, token, planned, mode, isFeeOnly(leg.account))) pending.push({ receiver: leg.account, amount: leg.amount });
  }
  const debits = resolved.filter((entry) => entry.amount < 0n);
  const pendingTotal = pending.reduce((sum, entry) => sum + entry.amount, 0n);
  // A pending airdrop leaves the tokens with the sender until the receiver claims them.
  if (pendingTotal > 0n) {
    ensure(debits.length === 1, 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT', 'pending airdrops need a single sender');
    debits[0] = { ...debits[0], amount: debits[0].amount + pendingTotal };
  }
  for (const leg of debits) {
    const relation = movableRelation(leg.account, token);
    if (!isFeeOnly(leg.account)) {
      authoriseDebit(ctx, leg.account, leg.isApproval, () => {
        const allowance = leg.account.tokenAllowances.get(`${token.num}:${ctx.payer.num}`);
        if (allowance === undefined) throw new LedgerStatusError('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
        ensure(allowance >= -leg.amount, 'AMOUNT_EXCEEDS_ALLOWANCE');
      });
    }
    ensure(relation.balance + leg.amount >= 0n, 'INSUFFICIENT_TOKEN_BALANCE');
  }
  const pendingReceivers = new Set(pending.map((entry) => entry.receiver.num));
  const moves = [...debits, ...resolved.filter((entry) => entry.amount > 0n && !pendingReceivers.has(entry.account.num))];
  return () => {
    for (const leg of moves) {
      if (leg.amount === 0n) continue;
      leg.account.tokens.get(token.num)!.balance += leg.amount;
      if (leg.isApproval && leg.amount < 0n && !isFeeOnly(leg.account)) {
        const key = `${token.num}:${ctx.payer.num}`;
        const left = leg.account.tokenAllowances.get(key)! + leg.amount;
        if (left === 0n) leg.account.tokenAllowances.delete(key);
        else leg.account.tokenAllowances.set(key, left);
      }
      ctx.tokenTransfers.push({ token: token.num, account: leg.account.num, amount: leg.amount, isApproval: leg.isApproval });
    }
    for (const entry of pending) {
      addPending(ctx, { sender: debits[0].account.num, receiver: entry.receiver.num, token: token.num, amount: entry.amount, createdNs: ctx.consensusNs });
    }
  };
}

function addPending(ctx: HandlerContext, entry: PendingAirdropState): void {
  ctx.ledger.pendingAirdrops.push(entry);
  ctx.newPendingAirdrops.push(pendingAirdropRecord(ctx.ledger, entry));
}

function planNft(ctx: HandlerContext, token: TokenState, transfer: proto.INftTransfer, planned: Set<string>, mode: Mode): () => void {
  const sender = ctx.ledger.account(transfer.senderAccountID);
  const receiver = ctx.ledger.account(transfer.receiverAccountID);
  const serial = Number(toBig(transfer.serialNumber));
  const nft = token.nfts.get(serial);
  if (!nft) throw new LedgerStatusError('INVALID_NFT_ID');
  ensure(nft.owner === sender.num, 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
  movableRelation(sender, token);
  authoriseDebit(ctx, sender, !!transfer.isApproval, () => {
    const approved = nft.spender === ctx.payer.num || sender.nftApprovedForAll.has(`${token.num}:${ctx.payer.num}`);
    ensure(approved, 'SPENDER_DOES_NOT_HAVE_ALLOWANCE');
  });
  const entry: PendingAirdropState = { sender: sender.num, receiver: receiver.num, token: token.num, serial, createdNs: ctx.consensusNs };
  const pending = mustWait(ctx, receiver, token, planned, mode, false);
  if (pending) ensure(!ctx.ledger.pendingAirdrops.some((other) => isSamePendingAirdrop(other, entry)), 'PENDING_NFT_AIRDROP_ALREADY_EXISTS');
  return () => {
    if (pending) {
      addPending(ctx, entry);
      return;
    }
    sender.tokens.get(token.num)!.balance -= 1n;
    receiver.tokens.get(token.num)!.balance += 1n;
    nft.owner = receiver.num;
    nft.spender = undefined; // a single-serial allowance ends when the NFT moves
    nft.delegatingSpender = undefined;
    nft.modifiedNs = ctx.consensusNs;
    ctx.nftTransfers.push({ token: token.num, sender: sender.num, receiver: receiver.num, serial, isApproval: !!transfer.isApproval });
  };
}
