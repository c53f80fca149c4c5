import { proto } from '@hiero-ledger/proto';
import { resolveTransferAliases } from './alias-resolution.js';
import { accountRef } from './aliases.js';
import { refuseHookCalls } from './hooks-refusal.js';
import { accountNum, tokenNum } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import { toBig } from './numbers.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { AccountState } from './state-types.js';
import { changesOfBody } from './balance-changes.js';
import { chargeCustomFees } from './custom-fee-charging.js';
import { planTokenTransfers, type FeeOnlyLegs } from './token-transfer-planner.js';

/** Stateless shape rules shared by cryptoTransfer and tokenAirdrop. */
export function checkTokenListShape(lists: proto.ITokenTransferList[]): void {
  const seen = new Set<number>();
  for (const list of lists) {
    const token = tokenNum(list.token);
    ensure(!seen.has(token), 'TOKEN_ID_REPEATED_IN_TOKEN_LIST');
    seen.add(token);
    const legs = list.transfers ?? [];
    const nfts = list.nftTransfers ?? [];
    ensure(legs.length || nfts.length, 'EMPTY_TOKEN_TRANSFER_ACCOUNT_AMOUNTS');
    ensure(!(legs.length && nfts.length), 'INVALID_ACCOUNT_AMOUNTS');
    ensure(legs.reduce((sum, leg) => sum + toBig(leg.amount), 0n) === 0n, 'TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN');
    const accounts = legs.map((leg) => accountRef(leg.accountID));
    ensure(new Set(accounts).size === accounts.length, 'ACCOUNT_REPEATED_IN_ACCOUNT_AMOUNTS');
    for (const nft of nfts) {
      ensure(toBig(nft.serialNumber) > 0n, 'INVALID_TOKEN_NFT_SERIAL_NUMBER');
      ensure(accountRef(nft.senderAccountID) !== accountRef(nft.receiverAccountID), 'ACCOUNT_REPEATED_IN_ACCOUNT_AMOUNTS');
    }
  }
}

/**
 * cryptoTransfer: zero-sum HBAR legs plus token and NFT legs. Each debit needs the account's signature,
 * or with `isApproval` an allowance granted to the payer (the spender), which the transfer then consumes.
 * The custom fees of the moved tokens are added as further legs first (see {@link chargeCustomFees}).
 */
export const cryptoTransferHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.cryptoTransfer!;
    const legs = op.transfers?.accountAmounts ?? [];
    ensure(legs.reduce((sum, leg) => sum + toBig(leg.amount), 0n) === 0n, 'INVALID_ACCOUNT_AMOUNTS');
    const accounts = legs.map((leg) => accountRef(leg.accountID));
    ensure(new Set(accounts).size === accounts.length, 'ACCOUNT_REPEATED_IN_ACCOUNT_AMOUNTS');
    checkTokenListShape(op.tokenTransfers ?? []);
  },
  handle(ctx) {
    const op = ctx.body.cryptoTransfer!;
    refuseHookCalls(op.transfers?.accountAmounts ?? [], op.tokenTransfers ?? []);
    const { hbar, lists } = resolveTransferAliases(ctx, op.transfers?.accountAmounts ?? [], op.tokenTransfers ?? []);
    requireFallbackPayers(ctx, hbar, lists);
    const charged = chargeCustomFees(ctx.ledger, hbar, lists);
    const applyHbar = planHbar(ctx, charged.hbar, charged.feeOnly);
    const applyTokens = planTokenTransfers(ctx, charged.lists, 'transfer', charged.feeOnly);
    applyHbar();
    applyTokens();
    ctx.assessedCustomFees.push(...charged.assessed);
  },
};

/**
 * The receiver of an NFT whose royalty has a fallback fee pays that fee when the sender gets no fungible
 * value for it, so it signs too (unless the treasury is on either side: treasuries pay and charge no fees).
 */
function requireFallbackPayers(ctx: HandlerContext, hbar: proto.IAccountAmount[], lists: proto.ITokenTransferList[]): void {
  const changes = changesOfBody(hbar, lists);
  for (const list of lists) {
    const token = ctx.ledger.tokens.get(tokenNum(list.token));
    if (!token?.customFees.some((fee) => fee.royaltyFee?.fallbackFee)) continue;
    for (const nft of list.nftTransfers ?? []) {
      const sender = accountNum(nft.senderAccountID);
      if (sender === token.treasury || accountNum(nft.receiverAccountID) === token.treasury) continue;
      const paid = [...changes.values()].some((deltas) => (deltas.get(sender) ?? 0n) > 0n);
      if (!paid) ctx.requireSignature(ctx.ledger.account(nft.receiverAccountID).key);
    }
  }
}

function planHbar(ctx: HandlerContext, legs: proto.IAccountAmount[], feeOnly: FeeOnlyLegs): () => void {
  const steps: Array<{ account: AccountState; amount: bigint; isApproval: boolean }> = [];
  for (const leg of legs) {
    const amount = toBig(leg.amount);
    const account = ctx.ledger.account(leg.accountID);
    const onlyFees = feeOnly.has(`0:${account.num}`);
    // A custom fee's payer authorised it by sending the token that charges it.
    if (amount < 0n && !onlyFees) {
      if (leg.isApproval) {
        const allowance = account.hbarAllowances.get(ctx.payer.num);
        if (allowance === undefined) throw new LedgerStatusError('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
        ensure(allowance >= -amount, 'AMOUNT_EXCEEDS_ALLOWANCE');
      } else {
        ctx.requireAccountSignature(account);
      }
    }
    if (amount < 0n) {
      ensure(account.balance + amount >= 0n, 'INSUFFICIENT_ACCOUNT_BALANCE');
    } else if (amount > 0n && account.receiverSigRequired && !onlyFees) {
      ctx.requireSignature(account.key);
    }
    steps.push({ account, amount, isApproval: !!leg.isApproval });
  }
  return () => {
    for (const { account, amount, isApproval } of steps) {
      if (isApproval && amount < 0n) {
        const left = account.hbarAllowances.get(ctx.payer.num)! + amount;
        if (left === 0n) account.hbarAllowances.delete(ctx.payer.num);
        else account.hbarAllowances.set(ctx.payer.num, left);
      }
      ctx.moveHbar(account, amount, isApproval);
    }
  };
}

/**
 * tokenAirdrop: like a token transfer, but receivers without a free association (or whose signature is
 * required and missing) get a pending airdrop, listed in the record's new_pending_airdrops. Custom fees
 * are charged now, also for what stays pending: claiming it later costs the receiver nothing.
 */
export const tokenAirdropHandler: TransactionHandler = {
  pureChecks(body) {
    const lists = body.tokenAirdrop!.tokenTransfers ?? [];
    ensure(lists.length > 0, 'EMPTY_TOKEN_TRANSFER_BODY');
    checkTokenListShape(lists);
  },
  handle(ctx) {
    const { lists } = resolveTransferAliases(ctx, [], ctx.body.tokenAirdrop!.tokenTransfers ?? []);
    for (const list of lists) {
      const fees = ctx.ledger.tokens.get(tokenNum(list.token))?.customFees ?? [];
      if (list.nftTransfers?.length) ensure(!fees.some((fee) => fee.royaltyFee?.fallbackFee), 'TOKEN_AIRDROP_WITH_FALLBACK_ROYALTY');
    }
    const charged = chargeCustomFees(ctx.ledger, [], lists);
    const applyHbar = planHbar(ctx, charged.hbar, charged.feeOnly);
    const applyTokens = planTokenTransfers(ctx, charged.lists, 'airdrop', charged.feeOnly);
    applyHbar();
    applyTokens();
    ctx.assessedCustomFees.push(...charged.assessed);
  },
};
