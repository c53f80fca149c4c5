import { Long, type AccountId, type TokenId } from '@hiero-ledger/sdk';
import {
  paramIssue,
  refuseSenderAmongRecipients,
  toAccountId,
  toSmallestUnits,
  type AmountInput,
  type TokenTransferEntry,
} from '../../../src/authoring/index.js';

/** A fungible-token transfer line; `isApproval` marks an owner's debit spent through an allowance. */
export interface FungibleTransferEntry extends TokenTransferEntry {
  isApproval?: boolean;
}

/**
 * Turns `[{ accountId, amount }]` credits in display units into the ledger's transfer list: one
 * credit per recipient in smallest units, then the sender's debit of their sum. The sender's line
 * is kept because policies (MaxRecipientsPolicy) and audits read the list as it goes on the ledger.
 *
 * @example
 * fungibleTransfers(tokenId, sender, [{ accountId: '0.0.5', amount: 1.5 }], 2, 'recipients', 'airdrop_fungible_token_tool');
 * // → [{ tokenId, accountId: 0.0.5, amount: 150 }, { tokenId, accountId: sender, amount: -150 }]
 */
export function fungibleTransfers(
  tokenId: TokenId,
  sender: AccountId,
  credits: readonly { accountId: string; amount: AmountInput }[],
  decimals: number,
  field: string,
  tool: string,
  senderIsApproval = false,
): FungibleTransferEntry[] {
  const entries: FungibleTransferEntry[] = credits.map((credit, at) => ({
    tokenId,
    accountId: toAccountId(credit.accountId, `${field}[${at}].accountId`, tool),
    amount: toSmallestUnits(credit.amount, decimals, `${field}[${at}].amount`, tool),
  }));
  refuseSenderAmongRecipients(sender, entries, field, tool);
  let total = Long.ZERO;
  for (const entry of entries) {
    const next = total.add(entry.amount);
    // Signed int64 wraps silently; a sum that wrapped would debit the sender a nonsense amount.
    if (next.lessThan(total)) throw paramIssue(field, 'the amounts add up to more than a 64-bit count of smallest units', tool);
    total = next;
  }
  const debit: FungibleTransferEntry = { tokenId, accountId: sender, amount: total.negate() };
  if (senderIsApproval) debit.isApproval = true;
  return [...entries, debit];
}

/** The total credited to recipients, in smallest units, for messages. */
export function creditedTotal(entries: readonly TokenTransferEntry[]): Long {
  return entries.reduce((sum, entry) => (entry.amount.isNegative() ? sum : sum.add(entry.amount)), Long.ZERO);
}

/** Formats smallest units back to display units, e.g. (150, 2) → "1.5". */
export function displayAmount(units: Long, decimals: number): string {
  const negative = units.isNegative();
  const digits = (negative ? units.negate() : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
