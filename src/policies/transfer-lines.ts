import { canonicalAccountId } from './account-ids.js';
import type { Movement } from '../values/movement.js';
import { displayOf } from './movement-amounts.js';

/** One signed line of a transfer list: negative for the account that pays, as on the ledger. */
export interface TransferLine {
  readonly account: unknown;
  readonly amount: bigint;
}

/**
 * Turns one asset's transfer list into movements, the way the ledger reads it: lines are netted per
 * account (an account listed twice, in any spelling, is one account; one that both pays and
 * receives only pays or receives the difference), the list must balance, and each credit is paid
 * by the debited accounts in the order they are listed. With one payer, as in every core tool,
 * that is one movement per recipient.
 *
 * @example
 * movementsFromLines('HBAR', [{ account: '0.0.7', amount: 5n }, { account: '0.0.2', amount: -5n }], 8, 'hbarTransfers');
 * // [{ asset: 'HBAR', from: '0.0.2', to: '0.0.7', amount: 5n, display: '0.00000005 HBAR', decimals: 8 }]
 */
export function movementsFromLines(asset: string, lines: readonly TransferLine[], decimals: number | undefined, field: string): Movement[] {
  const net = new Map<string, bigint>();
  lines.forEach((line, at) => {
    const account = accountOf(line.account, field, at);
    net.set(account, (net.get(account) ?? 0n) + line.amount);
  });
  let balance = 0n;
  const debits: { account: string; left: bigint }[] = [];
  const credits: { account: string; amount: bigint }[] = [];
  for (const [account, amount] of net) {
    balance += amount;
    if (amount < 0n) debits.push({ account, left: -amount });
    else if (amount > 0n) credits.push({ account, amount });
  }
  if (balance !== 0n) {
    throw new Error(`${field}: the ${asset} lines do not balance (they add up to ${displayOf(asset, balance, decimals)}), so what the call moves cannot be read`);
  }
  const movements: Movement[] = [];
  let payer = 0;
  for (const credit of credits) {
    let owed = credit.amount;
    while (owed > 0n) {
      const debit = debits[payer]!;
      const paid = debit.left < owed ? debit.left : owed;
      movements.push(movement(asset, debit.account, credit.account, paid, decimals));
      debit.left -= paid;
      owed -= paid;
      if (debit.left === 0n) payer++;
    }
  }
  return movements;
}

/** canonicalAccountId, naming the field (built only then) when the account cannot be read. */
function accountOf(account: unknown, field: string, at: number): string {
  try {
    return canonicalAccountId(account, field);
  } catch {
    return canonicalAccountId(account, `${field}[${at}].accountId`);
  }
}

export function movement(asset: string, from: string, to: string, amount: bigint, decimals: number | undefined, extra: Partial<Movement> = {}): Movement {
  return Object.freeze({
    asset,
    ...(extra.serial !== undefined ? { serial: extra.serial } : {}),
    from,
    to,
    amount,
    display: extra.display ?? displayOf(asset, amount, decimals),
    ...(decimals !== undefined ? { decimals } : {}),
    ...(extra.unbounded ? { unbounded: true as const } : {}),
  });
}
