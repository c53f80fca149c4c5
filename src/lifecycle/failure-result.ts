import { statusNameOf as sdkStatusNameOf } from '../values/sdk-values.js';
import { leavesOutcomeOpen } from './open-outcome.js';
import type { Context } from './context.js';
import type { DrivableTool } from './drivable-tool.js';
import { ErrorCode, describeValue, isAgentHooksError, isInvalidParamsError, messageOf, provesNothingSent } from '../errors/index.js';
import { isPolicyBlockedError } from './policy-blocked-error.js';
import {
  blockedMessage,
  failedMessage,
  handleErrorFailedWarning,
  handleErrorUnreadableWarning,
  invalidParamsMessage,
  pendingApprovalMessage,
  sentTransactionFailedMessage,
  signerRefusedMessage,
  submissionFailedMessage,
  unsentFailureMessage,
} from './human-messages.js';
import { redactKeyMaterial } from './secret-text.js';
import { sentTransactionOf } from './sent-transaction.js';
import type { LifecycleStep } from './stages.js';
import type { RawToolResult, ToolResult } from './tool-result.js';

/**
 * The error result, with any key material the failure text echoes cut out: messages often quote the
 * offending input, and an LLM that pasted a private key into the wrong field must not get it back.
 */
export function failureResult(tool: DrivableTool, step: LifecycleStep, error: Error): ToolResult {
  const result = describeFailure(tool, step, error);
  const raw = result.raw;
  if (typeof raw.error === 'string') raw.error = redactKeyMaterial(raw.error);
  if (Array.isArray(raw.issues)) raw.issues = raw.issues.map((issue) => redactKeyMaterial(String(issue)));
  if (raw.blockedBy?.reason) raw.blockedBy = { ...raw.blockedBy, reason: redactKeyMaterial(raw.blockedBy.reason) };
  return { raw, humanMessage: redactKeyMaterial(result.humanMessage) };
}

function describeFailure(tool: DrivableTool, step: LifecycleStep, error: Error): ToolResult {
  if (isPolicyBlockedError(error)) {
    const pendingApprovalId = error.blockedBy.pendingApprovalId;
    if (pendingApprovalId !== undefined) {
      // Held, not refused: nothing was sent, and the result names the request a human decides on.
      const { pendingApprovalId: _id, ...heldBy } = error.blockedBy;
      return { raw: { status: 'PENDING_APPROVAL', approvalRequestId: pendingApprovalId, submitted: false, heldBy }, humanMessage: pendingApprovalMessage(tool.method, error.blockedBy) };
    }
    return {
      raw: { status: 'ERROR', errorCode: error.code, error: error.message, blockedBy: error.blockedBy },
      humanMessage: blockedMessage(tool.method, error.blockedBy),
    };
  }
  const signerReason = signerRefusalReason(error);
  if (signerReason !== undefined) {
    // Thrown by the operator's signing function inside the SDK's execute: a refusal, before any node saw it.
    return {
      raw: { status: 'ERROR', errorCode: ErrorCode.SIGNER_REFUSED, error: error.message, stage: step, submitted: false, refusedBy: { signer: 'policy signer', reason: signerReason } },
      humanMessage: signerRefusedMessage(tool.method, signerReason),
    };
  }
  if (isInvalidParamsError(error)) {
    return {
      raw: { status: 'ERROR', errorCode: error.code, error: error.message, issues: [...error.issues], stage: step },
      humanMessage: invalidParamsMessage(error),
    };
  }
  // A status error names a transaction the network has seen (the tool's secondaryAction, or its
  // coreAction, sent it itself): the result says so, with its ID and what became of it.
  const sent = sentTransactionOf(error, leavesOutcomeOpen(error));
  if (sent) {
    const raw: RawToolResult = { status: sent.outcome === 'open' ? 'UNKNOWN' : 'ERROR', errorCode: sent.status, transactionId: sent.transactionId, error: error.message, stage: step };
    if (sent.outcome !== 'unknown') raw.submitted = sent.outcome !== 'refused';
    return { raw, humanMessage: sentTransactionFailedMessage(tool.method, step, sent) };
  }
  const errorCode = isAgentHooksError(error) ? error.code : (sdkStatusNameOf(error) ?? ErrorCode.TOOL_FAILED);
  if (provesNothingSent(error)) {
    // Failed while submitting, yet provably unsent: say so, since "check before retrying" would make an agent wait for nothing.
    return { raw: { status: 'ERROR', errorCode, error: error.message, stage: step, submitted: false }, humanMessage: unsentFailureMessage(tool.method, error.message) };
  }
  const humanMessage =
    step === 'secondaryAction' && errorCode !== ErrorCode.TOOL_RESULT ? submissionFailedMessage(tool.method, error.message) : failedMessage(tool.method, step, error.message);
  return { raw: { status: 'ERROR', errorCode, error: error.message, stage: step }, humanMessage };
}

/** The policy signer's reason when `error` is its refusal (signer/client: code E_SIGNER_REFUSED and a reason, recognised by shape). */
function signerRefusalReason(error: unknown): string | undefined {
  if (!isAgentHooksError(error) || error.code !== ErrorCode.SIGNER_REFUSED) return undefined;
  const reason = (error as { signerReason?: unknown }).signerReason;
  return typeof reason === 'string' ? reason : undefined;
}

/**
 * The tool's handleError result, checked and redacted; `fallback` (the kit's own result) if it has no
 * usable one. Its problems are warnings on what comes back, through `warn`.
 */
export async function ownFailureResult(
  tool: DrivableTool,
  thrown: unknown,
  context: Context,
  step: LifecycleStep,
  fallback: ToolResult,
  warn: (result: ToolResult, text: string) => void,
): Promise<ToolResult> {
  let own: unknown;
  try {
    own = await tool.handleError!(thrown, context);
  } catch (error) {
    warn(fallback, handleErrorFailedWarning(tool.method, messageOf(error)));
    return fallback;
  }
  const envelope = own as { raw?: unknown; humanMessage?: unknown } | null;
  if (!envelope || typeof envelope.raw !== 'object' || envelope.raw === null) {
    warn(fallback, handleErrorUnreadableWarning(tool.method, describeValue(own)));
    return fallback;
  }
  const raw: RawToolResult = { ...(envelope.raw as RawToolResult) };
  raw.status = typeof raw.status === 'string' ? raw.status : 'ERROR';
  raw.errorCode ??= fallback.raw.errorCode;
  raw.stage ??= step;
  // A transaction the error shows was sent keeps its ID and what became of it, whatever the tool says.
  if (fallback.raw.transactionId !== undefined) {
    raw.transactionId ??= fallback.raw.transactionId;
    if (fallback.raw.submitted !== undefined) raw.submitted ??= fallback.raw.submitted;
    if (fallback.raw.status === 'UNKNOWN') raw.status = 'UNKNOWN';
  }
  if (typeof raw.error === 'string') raw.error = redactKeyMaterial(raw.error);
  const humanMessage = typeof envelope.humanMessage === 'string' ? redactKeyMaterial(envelope.humanMessage) : fallback.humanMessage;
  return { raw, humanMessage };
}
