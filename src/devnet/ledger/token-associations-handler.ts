import { entityString, tokenNum } from './entity-ids.js';
import type { TransactionHandler } from './handler-context.js';
import { ensure } from './status-error.js';
import { newRelation, usableToken } from './token-relations.js';

const MAX_TOKENS_PER_CALL = 10;

function checkTokenList(tokens: Parameters<typeof tokenNum>[0][] | null | undefined): void {
  const nums = (tokens ?? []).map((token) => tokenNum(token));
  ensure(nums.length <= MAX_TOKENS_PER_CALL, 'TOKEN_REFERENCE_LIST_SIZE_LIMIT_EXCEEDED');
  ensure(new Set(nums).size === nums.length, 'TOKEN_ID_REPEATED_IN_TOKEN_LIST');
}

/** tokenAssociate: the account's key signs; every token must exist and not be associated yet. */
export const associateTokensHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.tokenAssociate!;
    ensure(op.account, 'INVALID_ACCOUNT_ID');
    checkTokenList(op.tokens);
  },
  handle(ctx) {
    const op = ctx.body.tokenAssociate!;
    const account = ctx.ledger.account(op.account);
    ctx.requireSignature(account.key);
    const tokens = (op.tokens ?? []).map((id) => usableToken(ctx.ledger, id));
    for (const token of tokens) ensure(!account.tokens.has(token.num), 'TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT');
    for (const token of tokens) account.tokens.set(token.num, newRelation(token, ctx.consensusNs, false));
    ctx.entityId = entityString(account.num);
  },
};

/** tokenDissociate: the account's key signs; a treasury or frozen account cannot leave, and balances must be zero. */
export const dissociateTokensHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.tokenDissociate!;
    ensure(op.account, 'INVALID_ACCOUNT_ID');
    checkTokenList(op.tokens);
  },
  handle(ctx) {
    const op = ctx.body.tokenDissociate!;
    const account = ctx.ledger.account(op.account);
    ctx.requireSignature(account.key);
    const nums = (op.tokens ?? []).map((id) => tokenNum(id));
    for (const num of nums) {
      const token = ctx.ledger.tokens.get(num);
      ensure(token, 'INVALID_TOKEN_ID');
      const relation = account.tokens.get(num);
      ensure(relation, 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
      ensure(!token.paused, 'TOKEN_IS_PAUSED');
      ensure(token.deleted || token.treasury !== account.num, 'ACCOUNT_IS_TREASURY');
      ensure(token.deleted || !relation.frozen, 'ACCOUNT_FROZEN_FOR_TOKEN');
      ensure(token.deleted || relation.balance === 0n, token.type === 'FUNGIBLE_COMMON' ? 'TRANSACTION_REQUIRES_ZERO_TOKEN_BALANCES' : 'ACCOUNT_STILL_OWNS_NFTS');
    }
    for (const num of nums) {
      account.tokens.delete(num);
      for (const key of [...account.tokenAllowances.keys()]) if (key.startsWith(`${num}:`)) account.tokenAllowances.delete(key);
    }
    ctx.entityId = entityString(account.num);
  },
};
