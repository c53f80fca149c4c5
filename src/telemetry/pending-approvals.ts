import type { ApprovalRecord } from '../policies/approvals/approval-record.js';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';

/** How long one read of the stores may take before the gauge keeps its last count. */
const READ_BUDGET_MS = 2_000;
/** How deep compositions are searched for the policies they combine. */
const MAX_DEPTH = 16;

type StoreLike = Pick<ApprovalStore, 'listPending' | 'listScheduled'>;

/**
 * The approvals-pending gauge's count: the questions the kit's approval policies are waiting on in a
 * call now (read from the policies, exact), plus the requests waiting in their stores outside any
 * call: deferred requests still pending and requests the ledger approves whose schedule awaits
 * signatures. The stores are read at most once per `refreshMs`, when a reader collects, never per
 * call; a read that fails or overruns keeps the last count. Policies inside compositions count too.
 */
export class PendingApprovals {
  private stored = 0;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly owned: () => readonly object[],
    private readonly refreshMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The count now; reads the stores first when the last read is older than `refreshMs`. */
  async count(): Promise<number> {
    const { policies, stores } = approvalSourcesOf(this.owned());
    let asking = 0;
    for (const policy of policies) {
      const pending = (policy as { pendingApprovals?: unknown }).pendingApprovals;
      if (typeof pending === 'number' && pending > 0) asking += pending;
    }
    if (stores.size && this.now() - this.readAt >= this.refreshMs) await (this.reading ??= this.read(stores).finally(() => (this.reading = undefined)));
    return asking + (stores.size ? this.stored : 0);
  }

  private async read(stores: ReadonlySet<StoreLike>): Promise<void> {
    this.readAt = this.now();
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('overran')), READ_BUDGET_MS);
      timer.unref?.();
    });
    try {
      const counts = await Promise.race([Promise.all([...stores].map(outsideTheCall)), overrun]);
      this.stored = counts.reduce((sum, count) => sum + count, 0);
    } catch {
      // The last count stands: a gauge that drops to zero while the store is unreachable would say nothing waits.
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Requests of one store waiting outside a call: pending deferred ones (in-call ones are counted by their policy) and schedules awaiting signatures. */
async function outsideTheCall(store: StoreLike): Promise<number> {
  const [pending, scheduled] = await Promise.all([store.listPending(), store.listScheduled ? store.listScheduled() : Promise.resolve([] as ApprovalRecord[])]);
  return pending.filter((record) => record.wait !== 'in-call').length + scheduled.length;
}

/** The approval policies (by shape: `pendingApprovals`) among `owned` and inside their compositions, and their stores. */
function approvalSourcesOf(owned: readonly object[]): { policies: object[]; stores: Set<StoreLike> } {
  const policies: object[] = [];
  const stores = new Set<StoreLike>();
  const visit = (instance: unknown, depth: number): void => {
    if (instance === null || typeof instance !== 'object' || depth > MAX_DEPTH) return;
    if ('pendingApprovals' in instance) {
      policies.push(instance);
      const store = (instance as { approvalStore?: unknown }).approvalStore as StoreLike | undefined;
      if (store && typeof store.listPending === 'function') stores.add(store);
    }
    const children = (instance as { policies?: unknown }).policies;
    if (Array.isArray(children)) for (const child of children) visit(child, depth + 1);
  };
  for (const instance of owned) visit(instance, 0);
  return { policies, stores };
}
