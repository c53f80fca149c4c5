import { formatUnits } from '../params/decimal-amount.js';
import { messageOf } from '../errors/index.js';
import type { RateCounts } from '../policies/rate-limit-policy.js';
import type { SpendBudgetLimits } from '../policies/spend-limit-policy.js';
import type { BudgetLeft } from './console-oversight.js';

/** A SpendLimitPolicy, recognised by shape (it may come from another copy of the package). */
interface SpendBudget {
  name: string;
  budgetLimits: SpendBudgetLimits;
  usage(account: string, asset?: string): Promise<{ committed: bigint; pending: bigint }>;
}

/** A RateLimitPolicy, recognised by shape. */
interface RateCounter {
  name: string;
  callCounts(tools?: readonly string[]): Promise<RateCounts>;
}

function isSpendBudget(value: unknown): value is SpendBudget {
  const candidate = value as Partial<SpendBudget> | null;
  return candidate !== null && typeof candidate === 'object' && typeof candidate.usage === 'function' && typeof candidate.name === 'string' && Array.isArray(candidate.budgetLimits?.assets);
}

function isRateCounter(value: unknown): value is RateCounter {
  const candidate = value as Partial<RateCounter> | null;
  return candidate !== null && typeof candidate === 'object' && typeof candidate.callCounts === 'function' && typeof candidate.name === 'string';
}

/**
 * What each SpendLimitPolicy has left for `account` (every limited asset), and what each
 * RateLimitPolicy has counted in its current windows. A policy kept per key has no single figure,
 * and says so rather than showing one key's as if it were the policy's.
 */
export async function policyBudgets(policies: readonly object[], account: string | undefined, tools: readonly string[]): Promise<BudgetLeft[]> {
  const rows = await Promise.all(policies.map((policy) => (isSpendBudget(policy) ? spendRows(policy, account) : isRateCounter(policy) ? rateRows(policy, tools) : [])));
  return rows.flat();
}

async function spendRows(policy: SpendBudget, account: string | undefined): Promise<BudgetLeft[]> {
  const limits = policy.budgetLimits;
  if (limits.perKey !== undefined || account === undefined) {
    const note = limits.perKey !== undefined ? `kept per ${limits.perKey}: each key has its own budget, so there is no single figure` : 'the kit has no operator account, whose budget this would be';
    return limits.assets.map((line) => ({ policy: policy.name, scope: `budget "${limits.budget}"`, unit: line.asset, limit: line.limit, note }));
  }
  const scope = `budget "${limits.budget}", account ${account}`;
  return Promise.all(
    limits.assets.map(async (line): Promise<BudgetLeft> => {
      const row = { policy: policy.name, scope, unit: line.asset, limit: line.limit };
      try {
        const usage = await policy.usage(account, line.asset);
        const used = usage.committed + usage.pending;
        if (line.decimals !== undefined) return { ...row, used: formatUnits(used, line.decimals) };
        // A token's decimals are read when a call of it is judged; before that, nothing of it was spent here.
        return used === 0n ? { ...row, used: '0' } : { ...row, used: used.toString(), note: `in the token's smallest units (its decimals are not read yet)` };
      } catch (error) {
        return { ...row, note: `usage unreadable: ${messageOf(error)}` };
      }
    }),
  );
}

async function rateRows(policy: RateCounter, tools: readonly string[]): Promise<BudgetLeft[]> {
  let counts: RateCounts;
  try {
    counts = await policy.callCounts(tools);
  } catch (error) {
    return [{ policy: policy.name, unit: 'calls', limit: '?', note: `counts unreadable: ${messageOf(error)}` }];
  }
  const limit = String(counts.limit);
  if (counts.perKey !== undefined) return [{ policy: policy.name, unit: 'calls', limit, note: `counted per ${counts.perKey}: each key has its own count, so there is no single figure` }];
  if (!counts.counts.length) return [{ policy: policy.name, scope: 'each tool', unit: 'calls', limit, note: 'counted per tool, and no tool names were given to read the counts of' }];
  // Counted per tool over many tools: the tools with calls in a window, or one row saying none has any.
  const shown = counts.countedPer === 'tool' && counts.counts.length > 3 ? counts.counts.filter((count) => count.used > 0) : counts.counts;
  if (!shown.length) return [{ policy: policy.name, scope: 'each tool', unit: 'calls', used: '0', limit }];
  return shown.map((count) => ({
    policy: policy.name,
    scope: `${counts.countedPer} ${count.name}`,
    unit: 'calls',
    used: String(count.used),
    limit,
    ...(count.resetsInMs > 0 ? { resetsAt: new Date(Date.now() + count.resetsInMs).toISOString() } : {}),
  }));
}
