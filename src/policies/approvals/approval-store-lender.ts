import type { ApprovalStore, ApprovalStoreLoan } from './approval-store.js';

/**
 * One approval store lent to the ApprovalPolicies of one kit: the same instance for all of them
 * (so `kit.resume` and the policy that made a request agree on where it is), opened on the first
 * loan and closed when the last policy gives its loan back. Made per kit, never shared between kits.
 *
 * @example
 * const lender = new ApprovalStoreLender(() => new SqliteApprovalStore({ path: stateFile }));
 * const { store, loan } = lender.lend();
 * new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store }, loan);
 */
export class ApprovalStoreLender {
  private store: ApprovalStore | undefined;
  private loans = 0;

  constructor(private readonly open: () => ApprovalStore) {}

  /** The store, and the loan its borrower gives back once (a second giveBack does nothing). */
  lend(): { store: ApprovalStore; loan: ApprovalStoreLoan } {
    const store = (this.store ??= this.open());
    this.loans++;
    let givenBack = false;
    const loan: ApprovalStoreLoan = {
      giveBack: async () => {
        if (givenBack) return;
        givenBack = true;
        if (--this.loans > 0 || this.store !== store) return;
        this.store = undefined;
        await store.close();
      },
    };
    return { store, loan };
  }
}
