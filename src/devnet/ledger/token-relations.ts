import type { HandlerContext } from './handler-context.js';
import { LedgerStatusError } from './status-error.js';
import type { AccountState, TokenRelation, TokenState } from './state-types.js';

/**
 * Finds an account's relation to a token for a credit, planning an automatic association when the account
 * still has free automatic-association slots (-1 = unlimited). `planned` collects associations this
 * transaction will create, so two credits in one transaction use one slot.
 */
export function relationForCredit(account: AccountState, token: TokenState, planned: Set<string>): 'existing' | 'auto' {
  if (account.tokens.has(token.num) || planned.has(`${account.num}:${token.num}`)) return 'existing';
  const used = [...account.tokens.values()].filter((relation) => relation.automatic).length
    + [...planned].filter((entry) => entry.startsWith(`${account.num}:`)).length;
  if (account.maxAutoAssociations === -1 || used < account.maxAutoAssociations) {
    planned.add(`${account.num}:${token.num}`);
    return 'auto';
  }
  throw new LedgerStatusError('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
}

/** The relation an account must already have (debits, approvals). */
export function requireRelation(account: AccountState, token: TokenState): TokenRelation {
  const relation = account.tokens.get(token.num);
  if (!relation) throw new LedgerStatusError('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
  return relation;
}

/** Creates the planned automatic associations; call only once every check has passed. */
export function applyPlannedAssociations(ctx: HandlerContext, planned: Set<string>): void {
  for (const entry of planned) {
    const [accountNum, tokenNum] = entry.split(':').map(Number);
    const account = ctx.ledger.accounts.get(accountNum)!;
    if (!account.tokens.has(tokenNum)) account.tokens.set(tokenNum, { balance: 0n, automatic: true, createdNs: ctx.consensusNs });
  }
}
