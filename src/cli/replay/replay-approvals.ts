import type { AuditEntry } from '../../audit/index.js';
import type { ApprovalAnswer, ApprovalRequest, Approver } from '../../policies/approvers/approver.js';
import type { Verdict } from './replay-verdicts.js';

/** How the replay's ApprovalPolicies answer: at once, so a replayed call never waits. */
export const REPLAY_APPROVAL_TIMEOUT_MS = 10_000;

/** The replay's stand-in for the people who decided live; block reasons name it. */
const REPLAY_APPROVER = 'the live decision (replayed)';

const HELD = 'held for approval: nobody is asked in a replay, and live this call was not let through under an approval';

interface Answer {
  readonly policy: string;
  readonly approved: boolean;
}

/**
 * What the replay's ApprovalPolicies are told for each recorded call. A call that went on live
 * under an approval (its entry names the request and it was not blocked) is approved again, so the
 * policies after it (budgets, rates, intents) count it as they did live; any other call it would
 * ask about is held. Nobody is asked: the replay answers from the trail, one call at a time.
 */
export class ReplayApprovals {
  private current: { readonly approvedUnder: string | undefined; readonly answers: Answer[] } | undefined;

  /** The approver every replayed ApprovalPolicy asks, in the call (`wait: 'in-call'`). */
  readonly approver: Approver = Object.freeze({
    name: REPLAY_APPROVER,
    approve: (request: ApprovalRequest): ApprovalAnswer => this.answer(request),
  });

  /** Sets the live entry of the call about to be replayed. */
  begin(entry: AuditEntry): void {
    this.current = { approvedUnder: approvedLive(entry), answers: [] };
  }

  /**
   * The replayed verdict as the approvals make it: a refusal by an ApprovalPolicy the replay
   * answered "held" is a hold, and a call let through because live it was approved is a hold that
   * was approved (as `liveVerdict` reads such an entry), not a plain allow.
   */
  end(replayed: Verdict): Verdict {
    const call = this.current;
    this.current = undefined;
    if (!call?.answers.length) return replayed;
    if (replayed.verdict === 'block' && call.answers.some((answer) => !answer.approved && answer.policy === replayed.policy)) return { ...replayed, verdict: 'hold' };
    const approved = call.answers.find((answer) => answer.approved);
    if (replayed.verdict === 'allow' && approved) {
      return { ...replayed, verdict: 'hold', policy: approved.policy, reason: `approval request ${call.approvedUnder}, approved live: counted as approved` };
    }
    return replayed;
  }

  private answer(request: ApprovalRequest): ApprovalAnswer {
    const call = this.current;
    const approved = call?.approvedUnder !== undefined;
    call?.answers.push({ policy: request.policy, approved });
    return approved ? true : { approved: false, reason: HELD };
  }
}

/** The approval request a call went on under live, or nothing: held (blocked, naming its request) or never asked about. */
function approvedLive(entry: AuditEntry): string | undefined {
  return entry.approvalRequestId !== undefined && entry.outcome !== 'blocked' ? entry.approvalRequestId : undefined;
}
