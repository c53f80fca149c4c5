import type { proto } from '@hiero-ledger/proto';
import { accountNum } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import { toBig } from './numbers.js';
import { ensure } from './status-error.js';
import type { AccountState, TokenState } from './state-types.js';
import { requireRelation, usableToken } from './token-relations.js';

/**
 * The allowance owner (the payer when omitted) signs, unless a delegating spender grants the allowance in
 * its place; the payer's own signature was checked at precheck.
 */
function ownerFor(ctx: HandlerContext, owner: proto.IAccountID | null | undefined, signs = true): AccountState {
  if (!owner || toBig(owner.accountNum) === 0n) return ctx.payer;
  const account = ctx.ledger.account(owner, 'INVALID_ALLOWANCE_OWNER_ID');
  if (signs && account.num !== ctx.payer.num) ctx.requireSignature(account.key);
  return account;
}

/**
 * HIP-336's delegating spender: a spender approved for all of the owner's NFTs of a token may grant a
 * single-serial allowance on them, signing instead of the owner, but may not grant approve-for-all.
 */
function delegatingSpenderFor(ctx: HandlerContext, allowance: proto.INftAllowance): AccountState | undefined {
  const id = allowance.delegatingSpender;
  if (!id || toBig(id.accountNum) === 0n) return undefined;
  const known = ctx.ledger.accounts.get(Number(toBig(id.accountNum)));
  ensure(known && !known.deleted, 'INVALID_DELEGATING_SPENDER');
  ctx.requireSignature(known.key);
  return known;
}

function spenderFor(ctx: HandlerContext, spender: proto.IAccountID | null | undefined, owner: AccountState): AccountState {
  const account = ctx.ledger.account(spender, 'INVALID_ALLOWANCE_SPENDER_ID');
  ensure(account.num !== owner.num, 'SPENDER_ACCOUNT_SAME_AS_OWNER');
  return account;
}

function nftToken(ctx: HandlerContext, id: proto.ITokenID | null | undefined): TokenState {
  const token = usableToken(ctx.ledger, id);
  ensure(token.type === 'NON_FUNGIBLE_UNIQUE', 'FUNGIBLE_TOKEN_IN_NFT_ALLOWANCES');
  return token;
}

/** Checks that `owner` holds each serial and returns the NFT records. */
function ownedSerials(token: TokenState, owner: AccountState, serials: proto.INftAllowance['serialNumbers']) {
  return (serials ?? []).map((serial) => {
    const nft = token.nfts.get(Number(toBig(serial)));
    ensure(nft, 'INVALID_TOKEN_NFT_SERIAL_NUMBER');
    ensure(nft.owner === owner.num, 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
    return nft;
  });
}

/** Remembers the granted amount and time for the mirror's `amount_granted` and `timestamp`; 0 forgets it. */
function grant(ctx: HandlerContext, owner: AccountState, key: string, amount: bigint): void {
  if (amount === 0n) owner.allowanceGrants.delete(key);
  else owner.allowanceGrants.set(key, { granted: amount, timestampNs: ctx.consensusNs });
}

/**
 * cryptoApproveAllowance: HBAR, fungible-token and NFT allowances granted by their owners. An amount of 0
 * removes the allowance, which is how the SDK and the agent kit "delete" HBAR and token allowances.
 */
export const approveAllowancesHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.cryptoApproveAllowance!;
    const count = (op.cryptoAllowances?.length ?? 0) + (op.tokenAllowances?.length ?? 0) + (op.nftAllowances?.length ?? 0);
    ensure(count > 0, 'EMPTY_ALLOWANCES');
    ensure(count <= 20, 'MAX_ALLOWANCES_EXCEEDED');
    for (const allowance of [...(op.cryptoAllowances ?? []), ...(op.tokenAllowances ?? [])]) ensure(toBig(allowance.amount) >= 0n, 'NEGATIVE_ALLOWANCE_AMOUNT');
  },
  handle(ctx) {
    const op = ctx.body.cryptoApproveAllowance!;
    const steps: Array<() => void> = [];
    for (const allowance of op.cryptoAllowances ?? []) {
      const owner = ownerFor(ctx, allowance.owner);
      const spender = spenderFor(ctx, allowance.spender, owner);
      const amount = toBig(allowance.amount);
      steps.push(() => {
        if (amount === 0n) owner.hbarAllowances.delete(spender.num);
        else owner.hbarAllowances.set(spender.num, amount);
        grant(ctx, owner, `hbar:${spender.num}`, amount);
      });
    }
    for (const allowance of op.tokenAllowances ?? []) {
      const owner = ownerFor(ctx, allowance.owner);
      const spender = spenderFor(ctx, allowance.spender, owner);
      const token = usableToken(ctx.ledger, allowance.tokenId);
      ensure(token.type === 'FUNGIBLE_COMMON', 'NFT_IN_FUNGIBLE_TOKEN_ALLOWANCES');
      requireRelation(owner, token);
      const key = `${token.num}:${spender.num}`;
      const amount = toBig(allowance.amount);
      if (token.supplyType === 'FINITE') ensure(amount <= token.maxSupply, 'AMOUNT_EXCEEDS_TOKEN_MAX_SUPPLY');
      steps.push(() => {
        if (amount === 0n) owner.tokenAllowances.delete(key);
        else owner.tokenAllowances.set(key, amount);
        grant(ctx, owner, `token:${key}`, amount);
      });
    }
    for (const allowance of op.nftAllowances ?? []) {
      const delegating = delegatingSpenderFor(ctx, allowance);
      const owner = ownerFor(ctx, allowance.owner, !delegating);
      const spender = spenderFor(ctx, allowance.spender, owner);
      const token = nftToken(ctx, allowance.tokenId);
      requireRelation(owner, token);
      const forAll = allowance.approvedForAll?.value;
      if (delegating) {
        ensure(forAll !== true, 'DELEGATING_SPENDER_CANNOT_GRANT_APPROVE_FOR_ALL');
        ensure(owner.nftApprovedForAll.has(`${token.num}:${delegating.num}`), 'DELEGATING_SPENDER_DOES_NOT_HAVE_APPROVE_FOR_ALL');
      }
      const nfts = ownedSerials(token, owner, allowance.serialNumbers);
      const key = `${token.num}:${spender.num}`;
      steps.push(() => {
        for (const nft of nfts) {
          nft.spender = spender.num;
          nft.delegatingSpender = delegating?.num;
        }
        if (forAll === true) owner.nftApprovedForAll.add(key);
        if (forAll === false) owner.nftApprovedForAll.delete(key);
        if (forAll !== undefined && forAll !== null) grant(ctx, owner, `nft:${key}`, forAll ? 1n : 0n);
      });
    }
    for (const step of steps) step();
  },
};

/** cryptoDeleteAllowance: removes single-serial NFT allowances; the owner signs. */
export const deleteAllowancesHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.cryptoDeleteAllowance!;
    ensure(op.nftAllowances?.length, 'EMPTY_ALLOWANCES');
    for (const allowance of op.nftAllowances) if (allowance.owner) accountNum(allowance.owner, 'INVALID_ALLOWANCE_OWNER_ID');
  },
  handle(ctx) {
    const steps: Array<() => void> = [];
    for (const allowance of ctx.body.cryptoDeleteAllowance!.nftAllowances ?? []) {
      const owner = ownerFor(ctx, allowance.owner);
      const token = nftToken(ctx, allowance.tokenId);
      const nfts = ownedSerials(token, owner, allowance.serialNumbers);
      steps.push(() => {
        for (const nft of nfts) {
          nft.spender = undefined;
          nft.delegatingSpender = undefined;
        }
      });
    }
    for (const step of steps) step();
  },
};
