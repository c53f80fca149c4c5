import { isThenable } from '../lifecycle/policy-judge.js';
import type { Movement } from '../values/movement.js';
import type { AssetSum, DollarValuer, Valuation } from './dollar-valuer.js';
import type { BudgetLine } from './state/policy-store.js';

/** The asset a dollar budget's lines are kept under in the store: amounts in units of 10⁻⁸ USD. */
export const USD_ASSET = 'USD';

/** A call's dollar lines, and what their values rest on (the rate and its times, the prices), for a block reason. */
export interface DollarLines {
  readonly lines: BudgetLine[];
  /** Read only for a block reason: building the text (two ISO dates) would cost every call. */
  readonly valuation?: Valuation;
}

/**
 * One line per paying account: everything it sends to other accounts, every asset valued in dollars
 * at the rate and prices of now, summed. Each (account, asset) is valued once, rounded up, so a call
 * is never counted for less than it moves. Synchronous when the valuer can answer at once.
 */
export function dollarLines(valuer: DollarValuer, movements: readonly Movement[], call: { context?: { mirrorNodeUrl?: unknown }; client?: unknown }, limit: bigint): DollarLines | Promise<DollarLines> {
  const sums = new Map<string, { account: string; asset: string; amount: bigint; decimals?: number | null }>();
  for (const movement of movements) {
    if (movement.from === movement.to || movement.amount === 0n) continue;
    const key = `${movement.from} ${movement.asset}`;
    const sum = sums.get(key);
    if (!sum) sums.set(key, { account: movement.from, asset: movement.asset, amount: movement.amount, decimals: movement.decimals });
    else {
      sum.amount += movement.amount;
      if (sum.decimals !== movement.decimals) sum.decimals = null;
    }
  }
  if (sums.size === 0) return { lines: [] };
  const keys = [...sums.keys()].sort();
  const owed = keys.map((key) => sums.get(key)!);
  const assets: AssetSum[] = owed.map(({ asset, amount, decimals }) => (typeof decimals === 'number' ? { asset, amount, decimals } : { asset, amount }));
  const valuation = valuer.value(assets, call);
  const toLines = (valued: Valuation): DollarLines => {
    const totals = new Map<string, bigint>();
    owed.forEach((sum, at) => totals.set(sum.account, (totals.get(sum.account) ?? 0n) + valued.values[at]!));
    const lines: BudgetLine[] = [];
    for (const [account, amount] of totals) if (amount > 0n) lines.push({ account, asset: USD_ASSET, amount, limit });
    return { lines, valuation: valued };
  };
  return isThenable(valuation) ? valuation.then(toLines) : toLines(valuation);
}
