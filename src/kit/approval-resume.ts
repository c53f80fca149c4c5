import { principalOf, type CallOptions } from '../lifecycle/call-options.js';
import { ErrorCode } from '../errors/index.js';
import { runPinned } from '../lifecycle/approval/index.js';
import type { ToolResult } from '../lifecycle/tool-result.js';
import type { ApprovalRecord } from '../policies/approvals/approval-record.js';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';
import { RUNNER } from '../policies/approvals/approved-runs.js';
import { runResumed, type ResumedApproval } from '../policies/approvals/resume-scope.js';
import { policiesWithin } from '../listeners/composed-policies.js';

/** What kit.resume asks of the ApprovalPolicy that made a request (read by shape, not by class). */
interface RequestMaker {
  readonly approvalStore: ApprovalStore;
  madeRequest(record: ApprovalRecord): boolean;
  whyNotApproved(record: ApprovalRecord): string | undefined;
}

/** The kit's policies that can vouch for a request of theirs: ApprovalPolicy, by shape. */
function requestMakersOf(owned: readonly object[]): RequestMaker[] {
  return owned.filter((instance): instance is RequestMaker => {
    const maker = instance as Partial<RequestMaker>;
    return typeof maker.madeRequest === 'function' && typeof maker.whyNotApproved === 'function' && maker.approvalStore !== undefined;
  });
}

/**
 * The approval stores of a kit's policies, read by shape (an ApprovalPolicy exposes `approvalStore`),
 * those inside compositions (`policies`) included, so their requests are audited and listed too;
 * with `ofPolicy`, only those of the policies it accepts.
 */
export function approvalStoresOf(owned: readonly object[], ofPolicy: (policy: object) => boolean = () => true): ApprovalStore[] {
  const stores = new Set<ApprovalStore>();
  for (const instance of policiesWithin(owned)) {
    const store = (instance as { approvalStore?: ApprovalStore }).approvalStore;
    if (store && typeof store.get === 'function' && typeof store.claimExecution === 'function' && ofPolicy(instance)) stores.add(store);
  }
  return [...stores];
}

/**
 * Executes an approved deferred request once. First the kit checks it may: a policy of this kit made
 * the request, and the approval verifies against that policy's own quorum (a record written
 * `approved` into the store by someone else is a claim, not a permission). Then it claims it in its
 * store (approved → executing, which only one process wins), re-runs the exact input with the
 * approved transaction ID and nodes pinned (so the bytes are those approved; ApprovalPolicy checks
 * their digest, the payer, the session and the movements), and records what happened: executed once
 * the call went out (or may have), approved again when it provably sent nothing (another policy
 * blocked it, a pause refused it, it failed before submission). Anything else (unknown, pending,
 * denied, expired, abandoned, executed, an in-call request) sends nothing and says why.
 *
 * `owned` are the kit's hooks and policies: their approval stores are searched for the request.
 */
export async function resumeApproval(id: string, owned: readonly object[], execute: (method: string, input: unknown, options?: CallOptions) => Promise<ToolResult>): Promise<ToolResult> {
  const stores = approvalStoresOf(owned);
  let found: { store: ApprovalStore; record: ApprovalRecord } | undefined;
  for (const store of stores) {
    const record = await store.get(id);
    if (record) {
      found = { store, record };
      break;
    }
  }
  if (!found) return notExecuted(id, `no approval request ${id} in this kit's approval stores (${stores.map((store) => store.description).join(', ') || 'none: the kit has no ApprovalPolicy'})`);
  const { store } = found;
  if (found.record.wait === 'in-call') {
    return notExecuted(id, `request ${id} was asked for in a call, which runs it itself when approved; only a deferred request is resumed`, found.record);
  }
  const makers = requestMakersOf(owned).filter((maker) => maker.approvalStore === store && maker.madeRequest(found.record));
  // A request that is not approved is refused by the claim, which says why (denied: by whom and why).
  if (!makers.length && found.record.state === 'approved') {
    return notExecuted(id, `no ApprovalPolicy of this kit made request ${id} ("${found.record.policy}" for ${found.record.tool} at ${found.record.stage}, ${found.record.quorum.required} of ${found.record.quorum.of.join(', ') || 'anyone'}), so nothing here can verify its approval`, found.record);
  }
  const claim = await store.claimExecution(id, RUNNER);
  if (!claim.ok) return notExecuted(id, claim.reason, claim.record);
  const record = claim.record;
  if (!makers.length) {
    await store.releaseExecution(id);
    return notExecuted(id, `no ApprovalPolicy of this kit made request ${id}, so nothing here can verify its approval`, record);
  }
  for (const maker of makers) {
    const forged = maker.whyNotApproved(record);
    if (forged) {
      await store.releaseExecution(id);
      return notExecuted(id, forged, record);
    }
  }
  const preview = record.preview;
  // Within its valid window the transaction is rebuilt with the approved ID and nodes: the same bytes.
  const pinned = preview?.transactionId && (preview.validUntil === undefined || Date.now() < preview.validUntil);
  const resumed: ResumedApproval = { record, store, windowPassed: Boolean(preview?.transactionId) && !pinned };
  // Run as whom it was asked for: their budgets and intents, and the session the record names.
  const principal = principalOf(record.principal as Record<string, unknown> | undefined);
  const run = () => runResumed(resumed, () => execute(record.tool, JSON.parse(record.call.input), principal ? { context: { ...principal } } : undefined));
  let result: ToolResult;
  try {
    result = pinned ? await runPinned({ transactionId: preview.transactionId!, nodeAccountIds: preview.nodeAccountIds ?? [] }, run) : await run();
  } catch (error) {
    await store.finishExecution(id, { status: 'UNKNOWN' });
    throw error;
  }
  const transactionId = typeof result.raw.transactionId === 'string' ? result.raw.transactionId : undefined;
  if (resumed.supersededBy) await store.finishExecution(id, { supersededBy: resumed.supersededBy, supersededBecause: supersededBecause(resumed) });
  else if (wentOut(result, resumed)) await store.finishExecution(id, { status: result.raw.status, ...(transactionId ? { transactionId } : {}) });
  else {
    // Nothing went out: the approval is unused, and stays approved for a later resume.
    await store.releaseExecution(id);
    result.raw.approvalState = 'approved';
  }
  result.raw.approvalRequestId ??= id;
  return result;
}

/**
 * Whether the resumed call went out, or may have: only then is the approval spent. Bytes handed
 * back (SUCCESS without submission) count, since a wallet may send them; an outcome nobody can
 * establish counts too (fail closed: the request is never run twice).
 */
function wentOut(result: ToolResult, resumed: ResumedApproval): boolean {
  const raw = result.raw;
  if (raw.status === 'SUCCESS' || raw.submitted === true) return true;
  if (raw.submitted === false) return false;
  // The approving policy was told how the call it let through ended.
  if (resumed.outcome) return resumed.outcome.executed !== false;
  // It never reached that policy (blocked or refused before it): nothing was built to send.
  return !(raw.status === 'ERROR' && raw.transactionId === undefined);
}

/** The record's note says why: the window passed, or the call was built differently. */
function supersededBecause(resumed: ResumedApproval): string {
  return resumed.windowPassed ? "the approved transaction's valid window passed" : 'the call built on resume was not the one approved';
}

function notExecuted(id: string, reason: string, record?: ApprovalRecord): ToolResult {
  return {
    raw: {
      status: 'ERROR',
      errorCode: ErrorCode.APPROVAL_NOT_EXECUTABLE,
      error: reason,
      approvalRequestId: id,
      submitted: false,
      ...(record ? { approvalState: record.state } : {}),
      ...(record?.execution?.transactionId ? { executedTransactionId: record.execution.transactionId } : {}),
    },
    humanMessage: `Nothing was executed for approval request ${id}: ${reason}.`,
  };
}
