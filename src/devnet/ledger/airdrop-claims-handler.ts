import type { proto } from '@hiero-ledger/proto';
import { accountId, tokenId } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import { pendingAirdropEntries, pendingAirdropKey, removePendingAirdrop } from './pending-airdrops.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { AccountState, TokenRelation, TokenState } from './state-types.js';
import { ensureMovable, movableRelation, newRelation, usableToken } from './token-relations.js';

/** Pending airdrops one claim or cancel may name (Hedera's tokens.airdrops.claim/cancel maxLen). */
const MAX_PENDING_AIRDROPS = 10;

type AirdropKey = ReturnType<typeof pendingAirdropKey>;

/** Stateless rules both transactions share: a non-empty list without repeats of well-formed IDs. */
function checkIdList(ids: proto.IPendingAirdropId[] | null | undefined): void {
  ensure(ids?.length, 'EMPTY_PENDING_AIRDROP_ID_LIST');
  const seen = new Set<string>();
  for (const id of ids) {
    const key = pendingAirdropKey(id);
    const text = `${key.sender}:${key.receiver}:${key.token}:${key.serial ?? 0}`;
    ensure(!seen.has(text), 'PENDING_AIRDROP_ID_REPEATED');
    seen.add(text);
  }
}

/** The pending airdrops named by a claim or cancel, each signed by `signer`'s account (receiver or sender). */
function signedKeys(ctx: HandlerContext, ids: proto.IPendingAirdropId[], signer: 'receiver' | 'sender', unknown: 'INVALID_ACCOUNT_ID' | 'INVALID_PENDING_AIRDROP_ID'): AirdropKey[] {
  const keys = ids.map(pendingAirdropKey);
  for (const key of keys) {
    const account = ctx.ledger.accounts.get(key[signer]);
    if (!account) throw new LedgerStatusError(unknown);
    ctx.requireSignature(account.key);
  }
  ensure(keys.length <= MAX_PENDING_AIRDROPS, 'PENDING_AIRDROP_ID_LIST_TOO_LONG');
  for (const key of keys) pendingAirdropEntries(ctx.ledger, key);
  return keys;
}

/**
 * tokenClaimAirdrop: each receiver signs; the pending tokens move from the sender now (the sender must
 * still hold them), the receiver is associated for free when it is not yet, and no custom fees are
 * charged (the airdrop paid them).
 */
export const claimAirdropsHandler: TransactionHandler = {
  pureChecks(body) {
    checkIdList(body.tokenClaimAirdrop!.pendingAirdrops);
  },
  handle(ctx) {
    const keys = signedKeys(ctx, ctx.body.tokenClaimAirdrop!.pendingAirdrops!, 'receiver', 'INVALID_ACCOUNT_ID');
    const newRelations = new Map<string, { account: AccountState; token: TokenState; relation: TokenRelation }>();
    const relationOf = (account: AccountState, token: TokenState): TokenRelation => {
      const existing = account.tokens.get(token.num) ?? newRelations.get(`${account.num}:${token.num}`)?.relation;
      if (existing) return existing;
      const relation = newRelation(token, ctx.consensusNs, false);
      newRelations.set(`${account.num}:${token.num}`, { account, token, relation });
      return relation;
    };
    const debits = new Map<TokenRelation, bigint>();
    const steps: Array<() => void> = [];
    for (const key of keys) {
      const token = usableToken(ctx.ledger, tokenId(key.token));
      ensure(!token.customFees.some((fee) => fee.royaltyFee?.fallbackFee), 'TOKEN_AIRDROP_WITH_FALLBACK_ROYALTY');
      const sender = ctx.ledger.account(accountId(key.sender));
      const receiver = ctx.ledger.account(accountId(key.receiver));
      const from = movableRelation(sender, token);
      const to = relationOf(receiver, token);
      ensureMovable(to, token);
      const amount = key.serial ? 1n : pendingAirdropEntries(ctx.ledger, key).reduce((sum, entry) => sum + (entry.amount ?? 0n), 0n);
      const nft = key.serial ? token.nfts.get(key.serial) : undefined;
      if (key.serial) {
        if (!nft) throw new LedgerStatusError('INVALID_NFT_ID');
        ensure(nft.owner === sender.num, 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
      }
      debits.set(from, (debits.get(from) ?? 0n) + amount);
      ensure(from.balance >= debits.get(from)!, 'INSUFFICIENT_TOKEN_BALANCE');
      steps.push(() => {
        from.balance -= amount;
        to.balance += amount;
        if (nft) {
          nft.owner = receiver.num;
          nft.spender = undefined;
          nft.delegatingSpender = undefined;
          nft.modifiedNs = ctx.consensusNs;
          ctx.nftTransfers.push({ token: token.num, sender: sender.num, receiver: receiver.num, serial: nft.serial, isApproval: false });
        } else {
          ctx.tokenTransfers.push({ token: token.num, account: sender.num, amount: -amount, isApproval: false });
          ctx.tokenTransfers.push({ token: token.num, account: receiver.num, amount, isApproval: false });
        }
        removePendingAirdrop(ctx.ledger, key);
      });
    }
    for (const { account, token, relation } of newRelations.values()) account.tokens.set(token.num, relation);
    for (const step of steps) step();
  },
};

/** tokenCancelAirdrop: each sender signs; the pending airdrops are dropped and nothing moves. */
export const cancelAirdropsHandler: TransactionHandler = {
  pureChecks(body) {
    checkIdList(body.tokenCancelAirdrop!.pendingAirdrops);
  },
  handle(ctx) {
    const keys = signedKeys(ctx, ctx.body.tokenCancelAirdrop!.pendingAirdrops!, 'sender', 'INVALID_PENDING_AIRDROP_ID');
    for (const key of keys) removePendingAirdrop(ctx.ledger, key);
  },
};
