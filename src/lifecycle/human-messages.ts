import type { InvalidParamsError } from '../errors/index.js';
import type { SentTransaction } from './sent-transaction.js';
import type { BlockedBy, RawToolResult } from './tool-result.js';

/* Sentences written for the LLM that reads the result. */

/** Ends `text` with exactly one period: reasons and error messages often bring their own. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function blockedMessage(tool: string, blockedBy: BlockedBy): string {
  return (
    `The ${tool} call was refused by the policy "${blockedBy.policy}" at the ${blockedBy.stage} stage` +
    (blockedBy.reason ? `: ${sentence(blockedBy.reason)}` : '.') +
    ' This is a policy decision, not a temporary failure: retrying the same request will not help.'
  );
}

/** The policy signer, which holds the key, refused to sign: nothing was sent. */
export function signerRefusedMessage(tool: string, reason: string): string {
  return (
    `The ${tool} call was refused by the policy signer, which holds the key: ${sentence(reason)} Nothing was sent.` +
    ' This is a policy decision, not a temporary failure: retrying the same request will not help.'
  );
}

/** A call held for a person's decision (deferred approval): not an error, and nothing was sent. */
export function pendingApprovalMessage(tool: string, blockedBy: BlockedBy): string {
  return (
    `The ${tool} call needs a human's approval before it can run, so it was not sent: approval request ${blockedBy.pendingApprovalId}` +
    (blockedBy.reason ? ` (${blockedBy.reason})` : '') +
    '. A human must decide; it runs once approved. Do not retry it or work around it: a retry would only ask again. Tell the user it awaits approval.'
  );
}

export function blockedAfterExecutionMessage(summary: string, blockedBy: BlockedBy): string {
  return (
    `${summary} Afterwards the policy "${blockedBy.policy}" objected` +
    (blockedBy.reason ? ` (${blockedBy.reason})` : '') +
    ', but the transaction was already submitted and cannot be undone. Do not retry it.'
  );
}

export function invalidParamsMessage(error: InvalidParamsError): string {
  return `The ${error.tool} call was not made because its input is invalid: ${sentence(error.issues.join('; '))} Correct the input and call again.`;
}

/** Steps from the core action on: the tool's own code has run, and may have sent something itself. */
const FROM_CORE_ACTION = new Set(['coreAction', 'postCoreAction', 'secondaryAction', 'postToolExecution']);

/**
 * A failure with no sign that anything was sent. Before the core action nothing was; from it on the
 * tool's own code has run, and may have sent something itself, so the kit says only what it knows.
 */
export function failedMessage(tool: string, stage: string, reason: string): string {
  const sent = FROM_CORE_ACTION.has(stage) ? 'This kit submitted nothing for this call.' : 'Nothing was submitted to the network.';
  return `The ${tool} call failed during ${stage}: ${sentence(reason)} ${sent}`;
}

/** A failure whose error names a transaction the network has seen: its ID and what became of it. */
export function sentTransactionFailedMessage(tool: string, stage: string, sent: SentTransaction): string {
  const head = `The ${tool} call failed during ${stage}: transaction ${sent.transactionId}`;
  switch (sent.outcome) {
    case 'failed':
      return `${head} was submitted and reached consensus with the status ${sent.status}, so it did not take effect. Fix the cause before calling again.`;
    case 'refused':
      return `${head} was sent to the network and refused at precheck with ${sent.status}; it did not reach consensus.`;
    case 'open':
      return `${head} was sent to the network, which answered ${sent.status}, so whether it executed is not known. Do not retry; look the transaction ID up first.`;
    default:
      return `${head} was sent to the network, which answered ${sent.status}. Look the transaction ID up before retrying.`;
  }
}

/** A call that failed while being submitted, but provably before anything reached a node. */
export function unsentFailureMessage(tool: string, reason: string): string {
  return `The ${tool} call was not submitted: ${sentence(reason)}`;
}

/** More tool names than any kit registers: odd names cannot grow the cache below without bound. */
const MAX_SUCCEEDED = 1024;
const SUCCEEDED = new Map<string, string>();

/**
 * `<tool> succeeded.`, one string per tool name: most results carry it, and every result's
 * sentence is scanned for key material on its way out, which a freshly joined string makes V8
 * flatten (copy) first on every call.
 */
function succeededMessage(toolName: string): string {
  let text = SUCCEEDED.get(toolName);
  if (text === undefined) {
    if (SUCCEEDED.size >= MAX_SUCCEEDED) SUCCEEDED.clear();
    SUCCEEDED.set(toolName, (text = `${toolName} succeeded.`));
  }
  return text;
}

/** The sentence about a finished call, from its raw result; BaseTool.describeResult's default. */
export function outcomeMessage(toolName: string, raw: RawToolResult): string {
  if (raw.status === 'SUCCESS') {
    if (raw.bytes) return `${toolName}: transaction prepared and returned as bytes, not submitted${raw.expiresAt ? `; valid until ${raw.expiresAt}` : ''}.`;
    return raw.transactionId ? `${toolName} succeeded (transaction ${raw.transactionId}).` : succeededMessage(toolName);
  }
  if (raw.status === 'UNKNOWN') {
    return `${toolName}: transaction ${raw.transactionId} was submitted but its outcome is not known yet. Do not retry; check the transaction ID first.`;
  }
  return `${toolName} failed${raw.errorCode ? ` with ${raw.errorCode}` : ''}${raw.transactionId ? ` (transaction ${raw.transactionId})` : ''}.`;
}

export function unsentTransactionMessage(toolName: string): string {
  return `${toolName} built a transaction but did not submit it (the tool asked for no secondary action), so nothing reached the ledger.`;
}

/** A transaction went to a tool's secondaryAction, which reported nothing about it. */
export function unreportedTransactionMessage(toolName: string, transactionId: string | undefined): string {
  return `${toolName}: its secondary action gave no result for transaction ${transactionId ?? '(no ID)'}, so whether it was submitted is not known. Do not retry; look the transaction ID up first.`;
}

/** A call that failed while its transaction was being submitted: it may have gone out. */
export function submissionFailedMessage(tool: string, reason: string): string {
  return `The ${tool} call failed while being submitted: ${reason}. Check the account's recent transactions before retrying.`;
}

/**
 * A call of a tool the kit does not have: the closest names when there are some (already in
 * `message`), else the tools it has, so the model can pick a real one.
 */
export function unknownToolMessage(message: string, suggestions: readonly string[], available: readonly string[]): string {
  if (suggestions.length) return `${message} Call one of those instead.`;
  return available.length ? `${message} The tools available are: ${available.join(', ')}.` : message;
}

/** The Hedera Agent Kit's words for a failed tool, which its callers match on: `Failed to execute <name>: <message>`. */
export function failedToExecuteMessage(toolName: string, message: string): string {
  return `Failed to execute ${toolName}: ${message}`;
}

/* Warnings (`raw.warnings`): what went wrong beside a result whose status stands. */

/** A hook failed once the action had run (postToolExecution) or while a failure was reported (toolError). */
export function hookFailedWarning(stage: string, hook: string, reason: string): string {
  return stage === 'toolError' ? `toolError hook "${hook}" failed: ${reason}` : `hook "${hook}" failed after the action ran: ${reason}`;
}

export function observerFailedWarning(stage: string, reason: string): string {
  return `a ${stage} observer failed: ${reason}`;
}

export function objectedAfterExecutionWarning(policy: string): string {
  return `policy "${policy}" objected after the action ran; it was not undone`;
}

export function handleErrorFailedWarning(tool: string, reason: string): string {
  return `${tool}: its handleError failed: ${reason}`;
}

export function handleErrorUnreadableWarning(tool: string, returned: string): string {
  return `${tool}: its handleError returned ${returned}, not { raw, humanMessage }`;
}

export function settleOvertimeWarning(policy: string, timeoutMs: number): string {
  return `policy "${policy}" did not settle the call within its ${timeoutMs} ms time budget`;
}

export function settleFailedWarning(policy: string, code: string | undefined, reason: string): string {
  return `policy "${policy}" failed to settle the call${code ? ` (${code})` : ''}: ${reason}`;
}
