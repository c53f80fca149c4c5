import { hostname } from 'node:os';
import { ErrorCode } from '../errors/index.js';
import { runPinned } from '../lifecycle/approval/index.js';
import type { ToolResult } from '../lifecycle/tool-result.js';
import type { ApprovalRecord } from '../policies/approvals/approval-record.js';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';
import { runResumed, type ResumedApproval } from '../policies/approvals/resume-scope.js';

/** Who runs a resumed call, as the record's `execution.by` names it. */
const RUNNER = `${hostname()}:${process.pid}`;

/**
 * The approval stores of a kit's policies, read by shape (an ApprovalPolicy exposes `approvalStore`),
 * those inside compositions (`policies`) included, so their requests are audited and listed too.
 */
export function approvalStoresOf(owned: readonly object[]): ApprovalStore[] {
  const stores = new Set<ApprovalStore>();
  const visit = (instance: unknown, depth: number): void => {
    if (instance === null || typeof instance !== 'object' || depth > 16) return;
    const store = (instance as { approvalStore?: ApprovalStore }).approvalStore;
    if (store && typeof store.get === 'function' && typeof store.claimExecution === 'function') stores.add(store);
    const children = (instance as { policies?: unknown }).policies;
    if (Array.isArray(children)) for (const child of children) visit(child, depth + 1);
  };
  for (const instance of owned) visit(instance, 0);
  return [...stores];
}

/**
 * Executes an approved deferred request once: claims it in its store (approved → executing, which
 * only one process wins), re-runs the exact input with the approved transaction ID and nodes pinned
 * (so the bytes are those approved; ApprovalPolicy checks their digest), and records what happened.
 * Anything else (unknown, pending, denied, expired, abandoned, executed) sends nothing and says why.
 */
export async function resumeApproval(id: string, stores: readonly ApprovalStore[], execute: (method: string, input: unknown) => Promise<ToolResult>): Promise<ToolResult> {
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
  const claim = await store.claimExecution(id, RUNNER);
  if (!claim.ok) return notExecuted(id, claim.reason, claim.record);
  const record = claim.record;
  const preview = record.preview;
  // Within its valid window the transaction is rebuilt with the approved ID and nodes: the same bytes.
  const pinned = preview?.transactionId && (preview.validUntil === undefined || Date.now() < preview.validUntil);
  const resumed: ResumedApproval = { record, store, windowPassed: Boolean(preview?.transactionId) && !pinned };
  const run = () => runResumed(resumed, () => execute(record.tool, JSON.parse(record.call.input)));
  let result: ToolResult;
  try {
    result = pinned ? await runPinned({ transactionId: preview.transactionId!, nodeAccountIds: preview.nodeAccountIds ?? [] }, run) : await run();
  } catch (error) {
    await store.finishExecution(id, { status: 'UNKNOWN' });
    throw error;
  }
  const transactionId = typeof result.raw.transactionId === 'string' ? result.raw.transactionId : undefined;
  await store.finishExecution(id, resumed.supersededBy ? { supersededBy: resumed.supersededBy, supersededBecause: supersededBecause(resumed) } : { status: result.raw.status, ...(transactionId ? { transactionId } : {}) });
  result.raw.approvalRequestId ??= id;
  return result;
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
