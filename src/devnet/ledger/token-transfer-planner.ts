import type { proto } from '@hiero-ledger/proto';
import type { HandlerContext } from './handler-context.js';
import { toBig } from './numbers.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { AccountState, TokenState } from './state-types.js';
import { applyPlannedAssociations, relationForCredit, requireRelation } from './token-relations.js';

type Mode = 'transfer' | 'airdrop';

/**
 * Validates every token and NFT leg against the current state and returns a function that applies them.
 * Nothing changes until that function runs, so a failing leg leaves balances untouched.
 */
export function planTokenTransfers(ctx: HandlerContext, lists: proto.ITokenTransferList[], mode: Mode): () => void {
  const planned = new Set<string>();
  const steps: Array<() => void> = [];
  for (const list of lists) {
    const token = ctx.ledger.token(list.token);
    if (list.expectedDecimals) ensure(list.expectedDecimals.value === token.decimals, 'UNEXPECTED_TOKEN_DECIMALS');
    if (list.nftTransfers?.length) {
      ensure(token.type === 'NON_FUNGIBLE_UNIQUE', 'INVALID_NFT_ID');
      for (const nft of list.nftTransfers) steps.push(planNft(ctx, token, nft, planned, mode));
    } else {
      ensure(token.type === 'FUNGIBLE_COMMON', 'ACCOUNT_AMOUNT_TRANSFERS_ONLY_ALLOWED_FOR_FUNGIBLE_COMMON');
      steps.push(planFungible(ctx, token, list.transfers ?? [], planned, mode));
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

function planFungible(ctx: HandlerContext, token: TokenState, legs: proto.IAccountAmount[], planned: Set<string>, mode: Mode): () => void {
  const resolved = legs.map((leg) => ({ account: ctx.ledger.account(leg.accountID), amount: toBig(leg.amount), isApproval: !!leg.isApproval }));
  const pending: Array<{ receiver: AccountState; amount: bigint }> = [];
  for (const leg of resolved.filter((entry) => entry.amount > 0n)) {
    try {
      relationForCredit(leg.account, token, planned);
      if (leg.account.receiverSigRequired && mode === 'transfer') ctx.requireSignature(leg.account.key);
    } catch (error) {
      if (mode !== 'airdrop' || !(error instanceof LedgerStatusError)) throw error;
      pending.push({ receiver: leg.account, amount: leg.amount });
    }
  }
  const debits = resolved.filter((entry) => entry.amount < 0n);
  const pendingTotal = pending.reduce((sum, entry) => sum + entry.amount, 0n);
  // A pending airdrop leaves the tokens with the sender until the receiver claims them.
  if (pendingTotal > 0n) {
    ensure(debits.length === 1, 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT', 'pending airdrops need a single sender');
    debits[0] = { ...debits[0], amount: debits[0].amount + pendingTotal };
  }
  for (const leg of debits) {
    const relation = requireRelation(leg.account, token);
    authoriseDebit(ctx, leg.account, leg.isApproval, () => {
      const allowance = leg.account.tokenAllowances.get(`${token.num}:${ctx.payer.num}`);
      if (allowance === undefined) throw new LedgerStatusError('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
      ensure(allowance >= -leg.amount, 'AMOUNT_EXCEEDS_ALLOWANCE');
    });
    ensure(relation.balance + leg.amount >= 0n, 'INSUFFICIENT_TOKEN_BALANCE');
  }
  const pendingReceivers = new Set(pending.map((entry) => entry.receiver.num));
  const moves = [...debits, ...resolved.filter((entry) => entry.amount > 0n && !pendingReceivers.has(entry.account.num))];
  return () => {
    for (const leg of moves) {
      if (leg.amount === 0n) continue;
      leg.account.tokens.get(token.num)!.balance += leg.amount;
      if (leg.isApproval && leg.amount < 0n) {
        const key = `${token.num}:${ctx.payer.num}`;
        const left = leg.account.tokenAllowances.get(key)! + leg.amount;
        if (left === 0n) leg.account.tokenAllowances.delete(key);
        else leg.account.tokenAllowances.set(key, left);
      }
      ctx.tokenTransfers.push({ token: token.num, account: leg.account.num, amount: leg.amount, isApproval: leg.isApproval });
    }
    for (const entry of pending) {
      ctx.ledger.pendingAirdrops.push({ sender: debits[0].account.num, receiver: entry.receiver.num, token: token.num, amount: entry.amount, createdNs: ctx.consensusNs });
    }
  };
}

function planNft(ctx: HandlerContext, token: TokenState, transfer: proto.INftTransfer, planned: Set<string>, mode: Mode): () => void {
  const sender = ctx.ledger.account(transfer.senderAccountID);
  const receiver = ctx.ledger.account(transfer.receiverAccountID);
  const serial = Number(toBig(transfer.serialNumber));
  const nft = token.nfts.get(serial);
  if (!nft) throw new LedgerStatusError('INVALID_NFT_ID');
  ensure(nft.owner === sender.num, 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
  requireRelation(sender, token);
  authoriseDebit(ctx, sender, !!transfer.isApproval, () => {
    const approved = nft.spender === ctx.payer.num || sender.nftApprovedForAll.has(`${token.num}:${ctx.payer.num}`);
    ensure(approved, 'SPENDER_DOES_NOT_HAVE_ALLOWANCE');
  });
  let pending = false;
  try {
    relationForCredit(receiver, token, planned);
    if (receiver.receiverSigRequired && mode === 'transfer') ctx.requireSignature(receiver.key);
  } catch (error) {
    if (mode !== 'airdrop' || !(error instanceof LedgerStatusError)) throw error;
    pending = true;
  }
  return () => {
    if (pending) {
      ctx.ledger.pendingAirdrops.push({ sender: sender.num, receiver: receiver.num, token: token.num, serial, createdNs: ctx.consensusNs });
      return;
    }
    sender.tokens.get(token.num)!.balance -= 1n;
    receiver.tokens.get(token.num)!.balance += 1n;
    nft.owner = receiver.num;
    nft.spender = undefined; // a single-serial allowance ends when the NFT moves
    nft.modifiedNs = ctx.consensusNs;
    ctx.nftTransfers.push({ token: token.num, sender: sender.num, receiver: receiver.num, serial, isApproval: !!transfer.isApproval });
  };
}
