import { hostname } from 'node:os';
import { messageOf } from '../../errors/index.js';
import type { CallOutcome } from '../../lifecycle/call-outcome-shape.js';
import type { ApprovalStore } from './approval-store.js';
import type { ResumedApproval } from './resume-scope.js';

/** Who runs an approved call, as a record's `execution.by` names it: this host and process. */
export const RUNNER = `${hostname()}:${process.pid}`;

/**
 * The approved calls one ApprovalPolicy let through and that have not ended yet, by call ID, and
 * what becomes of their requests when they do: an approval is spent only by a call that went out.
 */
export class ApprovedRuns {
  private readonly running = new Map<string, { readonly id: string; readonly resumed?: ResumedApproval }>();

  constructor(private readonly store: ApprovalStore) {}

  /**
   * An in-call request was approved: it is taken for this call (approved → executing), so no
   * `kit.resume` can run it again, and `settle` closes it by what the call did. Resolves to why the
   * call is refused when it cannot be taken (another process took it, it expired, the store failed).
   */
  async claimInCall(id: string, callId: string | undefined): Promise<string | undefined> {
    let claim;
    try {
      claim = await this.store.claimExecution(id, RUNNER);
    } catch (error) {
      return `the approval store (${this.store.description}) failed while taking request ${id} for this call (${messageOf(error)}), so the call is refused`;
    }
    if (!claim.ok) return claim.reason;
    // Without a call ID (the Hedera Agent Kit) no settle follows: the approval is spent now, whatever the call does.
    if (callId) this.running.set(callId, { id });
    else await this.store.finishExecution(id, { status: 'UNKNOWN' }).catch(() => undefined);
    return undefined;
  }

  /** A resumed call matched its approval: its outcome goes to the resume (approval-resume.ts), which records it. */
  resumed(callId: string | undefined, resumed: ResumedApproval): void {
    if (callId) this.running.set(callId, { id: resumed.record.id, resumed });
  }

  /**
   * How an approved call ended. An in-call request is executed when the call went out (or may
   * have), and otherwise closed as not sent: its call is over, so it is never left approved to be resumed.
   */
  async settle(outcome: CallOutcome): Promise<void> {
    const running = this.running.get(outcome.callId);
    if (!running) return;
    this.running.delete(outcome.callId);
    if (running.resumed) {
      running.resumed.outcome = outcome;
      return;
    }
    if (outcome.executed === false) {
      const why = outcome.blockedBy ? `${outcome.blockedBy.policy} blocked it` : (outcome.errorCode ?? outcome.status);
      await this.store.releaseExecution(running.id, `it was approved, but its call did not execute (${why}); nothing it describes executed, and it cannot be resumed`);
      return;
    }
    await this.store.finishExecution(running.id, { status: outcome.status, ...(outcome.transactionId ? { transactionId: outcome.transactionId } : {}) });
  }
}
