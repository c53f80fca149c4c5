/**
 * Which approval request let a call run, by the call's ID: ApprovalPolicy notes it when a call's
 * quorum is reached in the call or when a resumed call matches what was approved, and the audit hooks
 * put it on the call's entry (`approvalRequestId`), so `audit verify` can prove from the topic that
 * the quorum came first. Kept for the most recent calls only: an entry is built while its call runs.
 */
const MAX_NOTED = 10_000;
const approvedBy = new Map<string, string>();

export function noteApprovedCall(callId: string | undefined, requestId: string): void {
  if (!callId) return;
  approvedBy.delete(callId);
  approvedBy.set(callId, requestId);
  if (approvedBy.size > MAX_NOTED) approvedBy.delete(approvedBy.keys().next().value!);
}

/** The approval request that let the call `callId` run, if one did. */
export function approvalRequestOf(callId: string | undefined): string | undefined {
  return callId ? approvedBy.get(callId) : undefined;
}
