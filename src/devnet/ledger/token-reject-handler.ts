import { entityString, tokenNum } from './entity-ids.js';
import type { TransactionHandler } from './handler-context.js';
import { toBig } from './numbers.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { AccountState } from './state-types.js';
import { movableRelation, usableToken } from './token-relations.js';

/** References one TokenReject may carry (Hedera's ledger.tokenRejects.maxLen). */
const MAX_REJECTIONS = 10;

/**
 * tokenReject: an owner (the payer unless named; a named owner signs) sends its whole balance of fungible
 * tokens, or chosen NFTs, back to each token's treasury. No custom fees are charged and allowances stay.
 */
export const rejectTokensHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.tokenReject!;
    const rejections = op.rejections ?? [];
    ensure(rejections.length, 'EMPTY_TOKEN_REFERENCE_LIST');
    const seen = new Set<string>();
    for (const rejection of rejections) {
      let key: string;
      if (rejection.fungibleToken) {
        key = `${tokenNum(rejection.fungibleToken)}`;
      } else {
        ensure(rejection.nft?.token_ID, 'INVALID_NFT_ID');
        ensure(toBig(rejection.nft.serialNumber) > 0n, 'INVALID_TOKEN_NFT_SERIAL_NUMBER');
        key = `${tokenNum(rejection.nft.token_ID)}#${toBig(rejection.nft.serialNumber)}`;
      }
      ensure(!seen.has(key), 'TOKEN_REFERENCE_REPEATED');
      seen.add(key);
    }
  },
  handle(ctx) {
    const op = ctx.body.tokenReject!;
    let owner: AccountState = ctx.payer;
    if (op.owner) {
      const named = ctx.ledger.accounts.get(Number(toBig(op.owner.accountNum)));
      ensure(named, 'INVALID_OWNER_ID');
      ctx.requireSignature(named.key);
      owner = ctx.ledger.account(op.owner);
    }
    const rejections = op.rejections ?? [];
    ensure(rejections.length <= MAX_REJECTIONS, 'TOKEN_REFERENCE_LIST_SIZE_LIMIT_EXCEEDED');
    const steps: Array<() => void> = [];
    for (const rejection of rejections.filter((entry) => entry.fungibleToken)) {
      const token = usableToken(ctx.ledger, rejection.fungibleToken);
      const relation = movableRelation(owner, token);
      ensure(token.treasury !== owner.num, 'ACCOUNT_IS_TREASURY');
      ensure(relation.balance > 0n, 'INSUFFICIENT_TOKEN_BALANCE');
      const treasury = ctx.ledger.accountByNum(token.treasury);
      const treasuryRelation = movableRelation(treasury, token);
      steps.push(() => {
        const amount = relation.balance;
        relation.balance = 0n;
        treasuryRelation.balance += amount;
        ctx.tokenTransfers.push({ token: token.num, account: owner.num, amount: -amount, isApproval: false });
        ctx.tokenTransfers.push({ token: token.num, account: treasury.num, amount, isApproval: false });
      });
    }
    for (const rejection of rejections.filter((entry) => !entry.fungibleToken)) {
      const nftId = rejection.nft!;
      const candidate = ctx.ledger.tokens.get(tokenNum(nftId.token_ID));
      const nft = candidate?.nfts.get(Number(toBig(nftId.serialNumber)));
      if (!nft) throw new LedgerStatusError('INVALID_NFT_ID');
      const token = usableToken(ctx.ledger, nftId.token_ID);
      ensure(token.treasury !== owner.num, 'ACCOUNT_IS_TREASURY');
      ensure(nft.owner === owner.num, 'INVALID_OWNER_ID');
      const relation = movableRelation(owner, token);
      const treasury = ctx.ledger.accountByNum(token.treasury);
      const treasuryRelation = movableRelation(treasury, token);
      steps.push(() => {
        relation.balance -= 1n;
        treasuryRelation.balance += 1n;
        nft.owner = treasury.num;
        nft.spender = undefined;
        nft.delegatingSpender = undefined;
        nft.modifiedNs = ctx.consensusNs;
        ctx.nftTransfers.push({ token: token.num, sender: owner.num, receiver: treasury.num, serial: nft.serial, isApproval: false });
      });
    }
    for (const step of steps) step();
    ctx.entityId = entityString(owner.num);
  },
};
