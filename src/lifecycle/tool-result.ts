import type { HookStage } from './stages.js';

/** Which policy refused a call, at which stage, and why (when it said). */
export interface BlockedBy {
  policy: string;
  stage: HookStage;
  reason?: string;
  /**
   * Set by an approval that waits outside the call (ApprovalPolicy `wait: 'deferred'`): the call is
   * not refused but held, and its result is `raw.status: 'PENDING_APPROVAL'` with this request ID.
   */
  pendingApprovalId?: string;
}

/**
 * The machine-readable half of a result. `status` is `'SUCCESS'` or `'ERROR'`; a transaction that was
 * submitted always carries its `transactionId`, whatever happened afterwards.
 */
export interface RawToolResult {
  status: string;
  transactionId?: string;
  /** Hedera status name or the project's error code when the call failed. */
  errorCode?: string;
  error?: string;
  blockedBy?: BlockedBy;
  /** Problems that arose after the action executed; they never turn it into an error. */
  warnings?: string[];
  [field: string]: unknown;
}

/** What `kit.execute` returns: data for programs and a sentence for the LLM. */
export interface ToolResult<R extends RawToolResult = RawToolResult> {
  raw: R;
  humanMessage: string;
}
