import type { BudgetLeft } from './console-oversight.js';

/** Points kept per series: at one a second, about 8 minutes of change; older points are dropped first. */
const MAX_POINTS = 500;

/** One figure of one policy over time: `points` are `[ms since the epoch, used]`, a point per change. */
export interface BudgetSeries {
  policy: string;
  scope?: string;
  unit: string;
  limit: string;
  points: [number, number][];
}

/**
 * What each policy reported used, each time the console read it: the "spend over time per policy"
 * chart. Audit entries do not name the policies that counted a call, so this comes from the
 * policies' own figures (kit mode), sampled when the console reads them, not from the trail.
 * A figure is what is used in the policy's window: it falls again as the window moves on.
 */
export class BudgetHistory {
  private readonly series = new Map<string, BudgetSeries>();

  record(budgets: readonly BudgetLeft[], at = Date.now()): void {
    for (const budget of budgets) {
      // Spend only, in the unit of its limit: a note marks a figure that is not (a token's usage in
      // smallest units before its decimals are read, an unreadable usage); call counts are not spend.
      if (budget.used === undefined || budget.note !== undefined || budget.unit === 'calls') continue;
      const used = Number(budget.used);
      if (!Number.isFinite(used)) continue;
      const key = JSON.stringify([budget.policy, budget.scope ?? '', budget.unit]);
      let line = this.series.get(key);
      if (!line) this.series.set(key, (line = { policy: budget.policy, ...(budget.scope ? { scope: budget.scope } : {}), unit: budget.unit, limit: budget.limit, points: [] }));
      const last = line.points[line.points.length - 1];
      if (last && last[1] === used) continue;
      line.points.push([at, used]);
      if (line.points.length > MAX_POINTS) line.points.splice(0, line.points.length - MAX_POINTS);
    }
  }

  all(): BudgetSeries[] {
    return [...this.series.values()];
  }
}
