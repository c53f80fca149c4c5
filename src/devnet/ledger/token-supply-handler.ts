import type { proto } from '@hiero-ledger/proto';
import { entityString } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import { toBig, toLong, type LongLike } from './numbers.js';
import { ensure, LedgerStatusError, type StatusName } from './status-error.js';
import type { AccountState, NftState, TokenRelation, TokenState } from './state-types.js';
import { movableRelation, usableToken } from './token-relations.js';

/** Serials one burn or wipe may name (Hedera's tokens.nfts.maxBatchSizeBurn / maxBatchSizeWipe). */
const MAX_SERIALS = 10;

/** Shape rules a node checks at precheck for burn and wipe alike: an amount or serials, never both. */
function checkAmounts(op: { token?: proto.ITokenID | null; amount?: LongLike; serialNumbers?: LongLike[] | null }, invalidAmount: StatusName): void {
  ensure(op.token, 'INVALID_TOKEN_ID');
  const serials = op.serialNumbers ?? [];
  ensure(!(toBig(op.amount) > 0n && serials.length), 'INVALID_TRANSACTION_BODY');
  ensure(toBig(op.amount) >= 0n, invalidAmount);
  for (const serial of serials) ensure(toBig(serial) > 0n, 'INVALID_NFT_ID');
}

/** Distinct serials in the order given, as a node de-duplicates them. */
function distinctSerials(serials: LongLike[] | null | undefined): number[] {
  const distinct = [...new Set((serials ?? []).map((serial) => Number(toBig(serial))))];
  ensure(distinct.length <= MAX_SERIALS, 'BATCH_SIZE_LIMIT_EXCEEDED');
  return distinct;
}

/** The named NFTs, each of which `owner` must hold (`notOwned` otherwise); INVALID_NFT_ID for a serial that does not exist. */
function heldSerials(token: TokenState, serials: number[], owner: number, notOwned: StatusName): NftState[] {
  return serials.map((serial) => {
    const nft = token.nfts.get(serial);
    if (!nft) throw new LedgerStatusError('INVALID_NFT_ID');
    ensure(nft.owner === owner, notOwned);
    return nft;
  });
}

/** Takes units or serials out of circulation from `holder`, writing them into the record as sent to no one. */
function removeSupply(ctx: HandlerContext, token: TokenState, holder: AccountState, relation: TokenRelation, amount: bigint, nfts: NftState[]): void {
  if (token.type === 'FUNGIBLE_COMMON') {
    relation.balance -= amount;
    token.totalSupply -= amount;
    if (amount > 0n) ctx.tokenTransfers.push({ token: token.num, account: holder.num, amount: -amount, isApproval: false });
  } else {
    for (const nft of nfts) {
      token.nfts.delete(nft.serial);
      // The mirror keeps the serial with no owner and no allowance, last modified by this transaction.
      token.deletedNfts.set(nft.serial, { serial: nft.serial, owner: 0, metadata: nft.metadata, createdNs: nft.createdNs, modifiedNs: ctx.consensusNs });
      ctx.nftTransfers.push({ token: token.num, sender: holder.num, receiver: 0, serial: nft.serial, isApproval: false });
    }
    relation.balance -= BigInt(nfts.length);
    token.totalSupply -= BigInt(nfts.length);
  }
  token.modifiedNs = ctx.consensusNs;
  ctx.receipt.newTotalSupply = toLong(token.totalSupply, true);
  ctx.entityId = entityString(token.num);
}

/** tokenBurn: the supply key signs; units or serials leave the treasury, which must own every burned NFT. */
export const burnTokenHandler: TransactionHandler = {
  pureChecks(body) {
    checkAmounts(body.tokenBurn!, 'INVALID_TOKEN_BURN_AMOUNT');
  },
  handle(ctx) {
    const op = ctx.body.tokenBurn!;
    const token = ctx.ledger.token(op.token, true);
    if (token.keys.supplyKey) ctx.requireSignature(token.keys.supplyKey);
    const serials = distinctSerials(op.serialNumbers);
    usableToken(ctx.ledger, op.token);
    ensure(token.keys.supplyKey, 'TOKEN_HAS_NO_SUPPLY_KEY');
    const treasury = ctx.ledger.accountByNum(token.treasury);
    const relation = movableRelation(treasury, token);
    const amount = toBig(op.amount);
    let nfts: NftState[] = [];
    if (token.type === 'FUNGIBLE_COMMON') {
      ensure(token.totalSupply - amount >= 0n, 'INVALID_TOKEN_BURN_AMOUNT');
      ensure(relation.balance - amount >= 0n, 'INSUFFICIENT_TOKEN_BALANCE');
    } else {
      ensure(serials.length, 'INVALID_TOKEN_BURN_METADATA');
      nfts = heldSerials(token, serials, token.treasury, 'TREASURY_MUST_OWN_BURNED_NFT');
    }
    removeSupply(ctx, token, treasury, relation, amount, nfts);
  },
};

/** tokenWipe: the wipe key signs; units or serials leave a holder other than the treasury. */
export const wipeTokenHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.tokenWipe!;
    checkAmounts(op, 'INVALID_WIPING_AMOUNT');
    ensure(op.account, 'INVALID_ACCOUNT_ID');
  },
  handle(ctx) {
    const op = ctx.body.tokenWipe!;
    const token = ctx.ledger.token(op.token, true);
    if (token.keys.wipeKey) ctx.requireSignature(token.keys.wipeKey);
    const holder = ctx.ledger.account(op.account);
    const serials = distinctSerials(op.serialNumbers);
    usableToken(ctx.ledger, op.token);
    ensure(token.keys.wipeKey, 'TOKEN_HAS_NO_WIPE_KEY');
    const relation = movableRelation(holder, token);
    ensure(holder.num !== token.treasury, 'CANNOT_WIPE_TOKEN_TREASURY_ACCOUNT');
    const amount = toBig(op.amount);
    let nfts: NftState[] = [];
    if (token.type === 'FUNGIBLE_COMMON') {
      ensure(token.totalSupply - amount >= 0n && relation.balance - amount >= 0n, 'INVALID_WIPING_AMOUNT');
    } else {
      ensure(serials.length, 'INVALID_WIPING_AMOUNT');
      nfts = heldSerials(token, serials, holder.num, 'ACCOUNT_DOES_NOT_OWN_WIPED_NFT');
    }
    removeSupply(ctx, token, holder, relation, amount, nfts);
  },
};
