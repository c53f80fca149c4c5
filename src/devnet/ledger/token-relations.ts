import type { proto } from '@hiero-ledger/proto';
import type { HandlerContext } from './handler-context.js';
import type { Ledger } from './ledger.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { AccountState, TokenRelation, TokenState } from './state-types.js';

/**
 * A relation as Hedera creates one on association: frozen when the token has a freeze key and freezes by
 * default, and KYC granted only when the token has no KYC key (the treasury gets both its own way).
 */
export function newRelation(token: TokenState, createdNs: bigint, automatic: boolean): TokenRelation {
  return { balance: 0n, automatic, createdNs, frozen: !!token.keys.freezeKey && token.freezeDefault, kycGranted: !token.keys.kycKey };
}

/** A token that can be operated on now: it exists, is not deleted (TOKEN_WAS_DELETED) and not paused. */
export function usableToken(ledger: Ledger, id: proto.ITokenID | null | undefined): TokenState {
  const token = ledger.token(id);
  ensure(!token.paused, 'TOKEN_IS_PAUSED');
  return token;
}

/** Freeze and KYC rules every movement of a token through a relation obeys (debits, credits, mint, burn, wipe). */
export function ensureMovable(relation: Pick<TokenRelation, 'frozen' | 'kycGranted'>, token: TokenState): void {
  ensure(!relation.frozen, 'ACCOUNT_FROZEN_FOR_TOKEN');
  ensure(!token.keys.kycKey || relation.kycGranted, 'ACCOUNT_KYC_NOT_GRANTED_FOR_TOKEN');
}

/**
 * Finds an account's relation to a token for a credit, planning an automatic association when the account
 * still has free automatic-association slots (-1 = unlimited). `planned` collects associations this
 * transaction will create, so two credits in one transaction use one slot. A relation that would be
 * frozen or lack KYC fails with ACCOUNT_FROZEN_FOR_TOKEN / ACCOUNT_KYC_NOT_GRANTED_FOR_TOKEN.
 */
export function relationForCredit(account: AccountState, token: TokenState, planned: Set<string>): 'existing' | 'auto' {
  const existing = account.tokens.get(token.num);
  if (existing) {
    ensureMovable(existing, token);
    return 'existing';
  }
  if (planned.has(`${account.num}:${token.num}`)) return 'existing';
  const used = [...account.tokens.values()].filter((relation) => relation.automatic).length
    + [...planned].filter((entry) => entry.startsWith(`${account.num}:`)).length;
  if (account.maxAutoAssociations === -1 || used < account.maxAutoAssociations) {
    ensureMovable(newRelation(token, 0n, true), token);
    planned.add(`${account.num}:${token.num}`);
    return 'auto';
  }
  throw new LedgerStatusError('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
}

/** The relation an account must already have (approvals, dissociation). */
export function requireRelation(account: AccountState, token: TokenState): TokenRelation {
  const relation = account.tokens.get(token.num);
  if (!relation) throw new LedgerStatusError('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
  return relation;
}

/** The relation a debit, burn or wipe goes through: associated, not frozen, KYC granted where needed. */
export function movableRelation(account: AccountState, token: TokenState): TokenRelation {
  const relation = requireRelation(account, token);
  ensureMovable(relation, token);
  return relation;
}

/** Creates the planned automatic associations; call only once every check has passed. */
export function applyPlannedAssociations(ctx: HandlerContext, planned: Set<string>): void {
  for (const entry of planned) {
    const [accountNum, tokenNum] = entry.split(':').map(Number);
    const account = ctx.ledger.accounts.get(accountNum)!;
    const token = ctx.ledger.tokens.get(tokenNum)!;
    if (!account.tokens.has(tokenNum)) account.tokens.set(tokenNum, newRelation(token, ctx.consensusNs, true));
  }
}
