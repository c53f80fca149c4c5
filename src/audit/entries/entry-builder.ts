import { isPolicyBlockedError } from '../../lifecycle/policy-blocked-error.js';
import { randomUUID } from 'node:crypto';
import { isSdkTransaction } from '../../values/sdk-values.js';
import type { PostSecondaryActionParams, ToolErrorParams } from '../../lifecycle/stage-events.js';
import { MAX_PRINCIPAL_CHARS, principalOf } from '../../lifecycle/call-options.js';
import { callRecordOf } from '../../lifecycle/call-record.js';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, type AuditEntry } from './audit-entry.js';
import { auditMessage, auditParams } from './redact.js';
import { MAX_MESSAGE_CHARS, boundedParams, boundedText } from './bounded-params.js';

/** An entry without its journal sequence number (assigned when it is made durable). */
export type UnsequencedEntry = Omit<AuditEntry, 'seq'>;

function base(method: string, session: string): Pick<AuditEntry, 'type' | 'version' | 'id' | 'session' | 'timestamp' | 'tool'> {
  return { type: AUDIT_ENTRY_TYPE, version: AUDIT_ENTRY_VERSION, id: randomUUID(), session, timestamp: new Date().toISOString(), tool: method };
}

/**
 * The call's params, once. When normalisation ran, the input the agent sent (`paramsKind: "input"`):
 * a replay re-runs normalisation from it, and the normalised params (SDK values as strings, which no
 * tool takes back) would only be a second copy of it. Redacted; kept whole while no larger than the
 * normalised params it stands for, so the entry is no larger than before it carried the input, and
 * otherwise cut to a sample as refused input is (keys a tool ignores can still carry megabytes).
 * Entries written before this carried the normalised params and the input beside them; readers take both.
 */
function paramsOf(event: { rawParams: unknown; normalisedParams?: unknown }): Pick<AuditEntry, 'params' | 'paramsKind'> {
  if ('normalisedParams' in event && event.normalisedParams !== undefined) {
    const normalised = auditParams(event.normalisedParams);
    // A tool run with no input at all (kit.execute without params) has nothing else to show.
    if (event.rawParams === undefined) return { params: normalised, paramsKind: 'normalised' };
    const input = auditParams(event.rawParams);
    return { params: jsonLength(input) <= jsonLength(normalised) ? input : boundedParams(input), paramsKind: 'input' };
  }
  // Raw params are input that did not validate: kept as a bounded sample.
  if (event.rawParams !== undefined) return { params: boundedParams(auditParams(event.rawParams)), paramsKind: 'raw' };
  return { params: null, paramsKind: 'none' };
}

function jsonLength(value: unknown): number {
  return JSON.stringify(value ?? null)?.length ?? 0;
}

/** The transaction ID a built transaction carries, if the call got that far. */
export function transactionIdOf(coreActionResult: unknown): string | undefined {
  return isSdkTransaction(coreActionResult) ? coreActionResult.transactionId?.toString() : undefined;
}

/** The entry for a call that went through the whole lifecycle. */
export function executedEntry(event: PostSecondaryActionParams, session: string): UnsequencedEntry {
  const raw = event.toolResult.raw;
  const transactionId = typeof raw.transactionId === 'string' ? raw.transactionId : transactionIdOf(event.coreActionResult);
  const ledgerStatus = (typeof raw.receiptStatus === 'string' ? raw.receiptStatus : undefined) ?? (typeof raw.errorCode === 'string' ? raw.errorCode : undefined) ?? raw.status;
  const refusedBeforeConsensus = raw.status === 'ERROR' && raw.submitted !== true;
  // Submitted, outcome not established: neither "executed" nor "failed" would be true.
  const unknown = raw.status === 'UNKNOWN';
  return {
    ...base(event.method, session),
    outcome: refusedBeforeConsensus ? 'failed' : unknown ? 'unknown' : 'executed',
    stage: refusedBeforeConsensus ? 'secondaryAction' : 'postToolExecution',
    ...paramsOf(event),
    ...(transactionId ? { transactionId } : {}),
    status: unknown ? 'UNKNOWN' : ledgerStatus,
    ...scheduleFields(raw),
    ...(refusedBeforeConsensus ? { error: { code: ledgerStatus, message: safeMessage(raw.error ?? `refused with ${ledgerStatus}`) } } : {}),
    ...(unknown ? { error: { code: 'UNKNOWN', message: unknownOutcomeMessage(raw.error) } } : {}),
    ...wouldBlockOf(event),
    ...whoCalled(event),
  };
}

/**
 * For whom the call ran (the principal its context names) and the model's ID for it: application
 * and model text, so redacted and bounded like every other text of the entry.
 */
function whoCalled(event: { context?: unknown }): Pick<AuditEntry, 'principal' | 'toolCallId'> {
  const principal = principalOf(event.context as Record<string, unknown> | undefined);
  const toolCallId = callRecordOf(event)?.toolCallId;
  return {
    ...(principal ? { principal: Object.fromEntries(Object.entries(principal).map(([field, name]) => [field, auditMessage(name).slice(0, MAX_PRINCIPAL_CHARS)])) } : {}),
    ...(typeof toolCallId === 'string' && toolCallId !== '' ? { toolCallId: auditMessage(toolCallId).slice(0, 256) } : {}),
  };
}

/**
 * What policies in report mode would have blocked in this call so far, as the entry's `wouldBlock`,
 * from the call's record on the event (whichever build's kit ran the call).
 * Reasons are agent-reachable text (a policy may quote a memo), redacted and bounded like any.
 */
function wouldBlockOf(event: object): Pick<AuditEntry, 'wouldBlock'> {
  const noted = callRecordOf(event)?.wouldBlock;
  if (!noted || noted.length === 0) return {};
  return { wouldBlock: noted.map(({ policy, stage, reason }) => ({ policy, stage, ...(reason ? { reason: safeMessage(reason) } : {}) })) };
}

/**
 * A scheduled call's schedule and the ID its inner transaction runs under: a reader finds the
 * execution, whenever it happens, on the mirror at `/transactions/{scheduledTransactionId}?scheduled=true`.
 */
function scheduleFields(raw: Record<string, unknown>): Pick<AuditEntry, 'scheduleId' | 'scheduledTransactionId'> {
  return {
    ...(typeof raw.scheduleId === 'string' ? { scheduleId: raw.scheduleId } : {}),
    ...(typeof raw.scheduledTransactionId === 'string' ? { scheduledTransactionId: raw.scheduledTransactionId } : {}),
  };
}

/** Whoever reads the trail must learn not to resend, whatever words the result's error used. */
function unknownOutcomeMessage(error: unknown): string {
  const text = typeof error === 'string' && error ? error : 'submitted, but its outcome could not be established';
  return safeMessage(/do not retry/i.test(text) ? text : `${text}. It may have been executed: do not retry; look the transaction ID up first.`);
}

/** The entry for a call a policy blocked or a step failed. */
export function errorEntry(event: ToolErrorParams, session: string): UnsequencedEntry {
  const transactionId = (typeof event.toolResult?.raw.transactionId === 'string' ? event.toolResult.raw.transactionId : undefined) ?? transactionIdOf(event.coreActionResult);
  const common = { ...base(event.method, session), stage: event.stage, ...paramsOf(event), ...(transactionId ? { transactionId } : {}) };
  // A call held for approval (ApprovalPolicy `wait: 'deferred'`) carries its block on the error only:
  // it was stopped by a policy and nothing was sent, so it is recorded as blocked, naming its request.
  const blockedBy = event.blockedBy ?? (isPolicyBlockedError(event.error) ? event.error.blockedBy : undefined);
  if (blockedBy) {
    const { policy, stage, reason, pendingApprovalId } = blockedBy;
    const status = typeof event.toolResult?.raw.receiptStatus === 'string' ? event.toolResult.raw.receiptStatus : undefined;
    return {
      ...common,
      outcome: 'blocked',
      blockedBy: { policy, stage, ...(reason ? { reason: safeMessage(reason) } : {}) },
      ...(status ? { status } : {}),
      ...wouldBlockOf(event),
      ...(pendingApprovalId ? { approvalRequestId: pendingApprovalId } : {}),
      ...whoCalled(event),
    };
  }
  const code = (event.error as { code?: unknown }).code;
  const status = (event.error as { status?: { toString(): string } }).status;
  const errorCode = typeof code === 'string' ? code : status ? status.toString() : undefined;
  return { ...common, outcome: 'failed', error: { ...(errorCode ? { code: errorCode } : {}), message: safeMessage(event.error.message || event.error.name) }, ...wouldBlockOf(event), ...whoCalled(event) };
}

function safeMessage(message: unknown): string {
  return boundedText(auditMessage(message), MAX_MESSAGE_CHARS);
}

/** The entry with its sequence number, keys in schema order. */
export function sequenced(entry: UnsequencedEntry, seq: number): AuditEntry {
  const { type, version, id, ...rest } = entry;
  return { type, version, id, seq, ...rest };
}
