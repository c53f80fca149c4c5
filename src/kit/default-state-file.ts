import path from 'node:path';
import { ApprovalStoreLender } from '../policies/approvals/approval-store-lender.js';
import { SqliteApprovalStore } from '../policies/approvals/sqlite-approval-store.js';
import { isDefaultPolicyStore } from '../policies/state/default-store.js';
import { SharedStateFiles } from '../policies/state/shared-state-files.js';
import { stateFileIn } from '../policies/state/sqlite-store.js';

/** How deep inside a listener a default store is looked for (a policy, its options, a composition's parts). */
const DEPTH = 4;

/**
 * Gives the default stores of a kit's policies and kill switch (those built without a store) the
 * state file in the folder of the kit's first audit journal, so a restarted program and the other
 * processes journaling there share its budgets, counts, intents and pause; its ApprovalPolicies built
 * without a store keep their requests there too (see useStateFile). Each policy's names are
 * scoped by its class and rank (`SpendLimitPolicy-2/spend-limit`): two policies that kept the
 * default name keep apart, and the same program finds its own again. Answers the file, or undefined
 * when the kit journals nowhere (its policies stay in memory).
 *
 * @example
 * useJournalStateFile([auditHook, new SpendLimitPolicy({ hbar: 10, windowMs: 3_600_000 })], undefined);
 * // '/srv/agent/.agent-hooks/audit/agent-hooks-state.sqlite'
 */
export function useJournalStateFile(listeners: readonly unknown[], killSwitch: unknown): string | undefined {
  const journal = listeners.map(journalPathOf).find((found) => found !== undefined);
  if (!journal) return undefined;
  const file = stateFileIn(path.dirname(journal));
  useStateFile(listeners, killSwitch, file);
  return file;
}

/**
 * Gives the default stores of `listeners` and `killSwitch` the state file `file` (see
 * useJournalStateFile): what a kit built from a configuration file does with the policies its
 * JavaScript configuration built itself. They share one connection to the file (`files`, made per
 * call: the kit's own), closed when the last of them closes. The kit's ApprovalPolicies given no
 * store share one approval store on the file (`approvals`, the kit's own too), so a restarted
 * program lists and resumes their requests; those inside a composition stay in memory (a
 * composition refuses one whose requests others could decide: composition-approvals.ts).
 */
export function useStateFile(
  listeners: readonly unknown[],
  killSwitch: unknown,
  file: string,
  files = new SharedStateFiles(),
  approvals = new ApprovalStoreLender(() => new SqliteApprovalStore({ path: file })),
): void {
  const ranks = new Map<string, number>();
  for (const listener of listeners) {
    if (listener === null || typeof listener !== 'object') continue;
    if (takesDefaultApprovalStore(listener)) listener.useDefaultStore(approvals);
    const stores = defaultStoresIn(listener, DEPTH, new Set());
    if (stores.length === 0) continue;
    const kind = listener.constructor?.name || 'Policy';
    const rank = (ranks.get(kind) ?? 0) + 1;
    ranks.set(kind, rank);
    for (const store of stores) store.useFile(file, `${kind}-${rank}`, files);
  }
  // One switch per kit: its name stays as given, so `agent-hooks pause` over the same file can reach it.
  if (killSwitch !== null && typeof killSwitch === 'object') for (const store of defaultStoresIn(killSwitch, 1, new Set())) store.useFile(file, '', files);
}

/** An ApprovalPolicy, told by its method (never its class): it may keep its requests in the kit's store. */
function takesDefaultApprovalStore(value: object): value is { useDefaultStore(lender: ApprovalStoreLender): boolean } {
  return typeof (value as { useDefaultStore?: unknown }).useDefaultStore === 'function';
}

/** The journal file of an audit hook (AuditTrailBase), told by its shape. */
function journalPathOf(listener: unknown): string | undefined {
  if (listener === null || typeof listener !== 'object') return undefined;
  const journal = (listener as { journalPath?: unknown }).journalPath;
  return typeof journal === 'string' && journal ? journal : undefined;
}

function defaultStoresIn(value: object, depth: number, seen: Set<object>): { useFile(file: string, scope: string, files?: SharedStateFiles): boolean }[] {
  if (seen.has(value)) return [];
  seen.add(value);
  if (isDefaultPolicyStore(value)) return [value];
  if (depth === 0) return [];
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.flatMap((child) => (child !== null && typeof child === 'object' ? defaultStoresIn(child, depth - 1, seen) : []));
}
