import { checkApprovalSignature, publicKeyIdentity } from '../../policies/approvals/approver-signature.js';
import type { AuditEntry } from '../entries/audit-entry.js';
import type { ApprovalDecisionEntry, ApprovalRequestEntry } from '../entries/oversight-entry.js';
import type { FoundEntry } from '../readers/index.js';

/** Call outcomes that may have reached the ledger: each needs its quorum before it. */
const EXECUTING_OUTCOMES: ReadonlySet<string> = new Set(['executed', 'unknown', 'interrupted']);

/** What the approval check found: calls that named an approval request, and the problems, one sentence each. */
export interface ApprovalTally {
  /** Call entries naming an approval request (`approvalRequestId`) whose transaction may have run. */
  calls: number;
  /** Signed decisions whose signature was checked. */
  signedDecisions: number;
  /**
   * Of `calls`, those approved by the ledger (request `via: 'schedule'`): each went out as a
   * ScheduleCreate, so its transaction could only execute once the accounts' threshold keys were
   * satisfied; the ledger enforced the quorum, and the schedule's outcome entry says whether it did.
   */
  ledgerApproved: number;
  problems: string[];
}

interface Placed<E> {
  entry: E;
  where: string;
  order: number;
}

/**
 * Proves from the topic alone that every call which needed approval had it before it executed:
 * a call entry names its request (`approvalRequestId`); the topic must carry that request's
 * `approvalRequest` entry, and `approvalDecision` entries approving it from `quorum` distinct
 * approvers (of its `approvers` when it names them; a public key there counts only a decision signed
 * with it), no denial, all earlier in consensus order than the call's entry. Every signed decision
 * must be over the request's recorded digest and verify with its public key.
 *
 * Order is the topic's: the consensus sequence number of the message that carried each entry (the
 * last one of a split batch), then seq within one batch. Entries of different processes (an
 * approver's CLI, the agent) are ordered by consensus, never by their clocks.
 */
export function approvalQuorumCheck(found: readonly FoundEntry[]): ApprovalTally {
  const problems: string[] = [];
  const requests = new Map<string, Placed<ApprovalRequestEntry>>();
  const decisions = new Map<string, Placed<ApprovalDecisionEntry>[]>();
  const calls: Placed<AuditEntry>[] = [];
  for (const item of found) {
    const entry = item.entry as { kind?: unknown; requestId?: unknown; approvalRequestId?: unknown; outcome?: unknown } | null;
    if (entry === null || typeof entry !== 'object') continue;
    const placed = { entry, where: item.where, order: orderOf(item.where) };
    if (entry.kind === 'approvalRequest' && typeof entry.requestId === 'string') {
      if (!requests.has(entry.requestId)) requests.set(entry.requestId, placed as Placed<ApprovalRequestEntry>);
      else problems.push(`Approval request ${entry.requestId} has a second approvalRequest entry in ${item.where}; a request is asked once.`);
    } else if (entry.kind === 'approvalDecision' && typeof entry.requestId === 'string') {
      const list = decisions.get(entry.requestId) ?? [];
      list.push(placed as Placed<ApprovalDecisionEntry>);
      decisions.set(entry.requestId, list);
    } else if (entry.kind === undefined && typeof entry.approvalRequestId === 'string' && typeof entry.outcome === 'string' && EXECUTING_OUTCOMES.has(entry.outcome)) {
      calls.push(placed as Placed<AuditEntry>);
    }
  }
  let signedDecisions = 0;
  for (const [requestId, list] of decisions) {
    const request = requests.get(requestId);
    for (const decision of list) {
      const signature = decision.entry.signature;
      if (!signature) continue;
      signedDecisions++;
      problems.push(...signatureProblems(decision, signature, request));
    }
  }
  let ledgerApproved = 0;
  for (const call of calls) {
    const request = requests.get(call.entry.approvalRequestId!);
    if (request?.entry.via === 'schedule') {
      const problem = ledgerProblem(call, request);
      if (problem) problems.push(problem);
      else ledgerApproved++;
      continue;
    }
    problems.push(...callProblems(call, request, decisions.get(call.entry.approvalRequestId!) ?? []));
  }
  return { calls: calls.length, signedDecisions, ledgerApproved, problems };
}

/**
 * A call the ledger approves: its request was asked before it, and what it sent was a schedule
 * (its entry names the schedule ID), so nothing ran unless the threshold keys signed. Decisions in
 * a store are not needed; the schedule's outcome entry records whether the ledger ran it.
 */
function ledgerProblem(call: Placed<AuditEntry>, request: Placed<ApprovalRequestEntry>): string | undefined {
  const id = call.entry.approvalRequestId!;
  const name = `The ${call.entry.tool} call (entry ${call.entry.id}, seq ${call.entry.seq}, ${call.where}${call.entry.transactionId ? `, transaction ${call.entry.transactionId}` : ''})`;
  if (!before(request, call)) return `${name} is on the topic before the approvalRequest entry of request ${id} (${request.where}): it was sent before approval was asked.`;
  // Executed, unknown or interrupted: something may have reached the ledger, and only a schedule shows it could not run unsigned.
  const mayHaveRun = call.entry.outcome !== 'blocked' && call.entry.outcome !== 'failed';
  if (mayHaveRun && !call.entry.scheduleId && !call.entry.scheduledTransactionId) {
    return `${name} names request ${id}, which the ledger approves, but it names no schedule: what it sent may have executed without the approvers' signatures.`;
  }
  return undefined;
}

function callProblems(call: Placed<AuditEntry>, request: Placed<ApprovalRequestEntry> | undefined, decisions: readonly Placed<ApprovalDecisionEntry>[]): string[] {
  const id = call.entry.approvalRequestId!;
  const name = `The ${call.entry.tool} call (entry ${call.entry.id}, seq ${call.entry.seq}, ${call.where}${call.entry.transactionId ? `, transaction ${call.entry.transactionId}` : ''})`;
  if (!request) return [`${name} names approval request ${id}, but the topic has no approvalRequest entry for it: nothing shows it was asked for, let alone approved.`];
  if (!before(request, call)) return [`${name} is on the topic before the approvalRequest entry of request ${id} (${request.where}): it executed before approval was asked.`];
  const earlier = decisions.filter((decision) => before(decision, call));
  const denial = earlier.find((decision) => decision.entry.decision === 'deny');
  if (denial) return [`${name} executed although ${denial.entry.by} denied request ${id} before it (${denial.where}).`];
  const listed = request.entry.approvers?.length ? request.entry.approvers : undefined;
  const counted = new Set<string>();
  for (const decision of earlier) {
    if (decision.entry.decision !== 'approve' || !validSignature(decision, request)) continue;
    const key = decision.entry.signature ? publicKeyIdentity(decision.entry.signature.publicKey)?.der : undefined;
    if (listed && !listed.some((each) => matches(each, decision.entry.by, key))) continue;
    // One approver is one vote, whether named twice or signing under two names.
    const identities = [`name:${decision.entry.by}`, ...(key ? [`key:${key}`] : [])];
    if (identities.some((identity) => counted.has(identity))) continue;
    for (const identity of identities) counted.add(identity);
  }
  const approvals = [...counted].filter((identity) => identity.startsWith('name:')).length;
  if (approvals >= request.entry.quorum) return [];
  const late = decisions.filter((decision) => !before(decision, call) && decision.entry.decision === 'approve').length;
  return [
    `${name} executed with ${approvals} of the ${request.entry.quorum} approvals request ${id} needs before it${listed ? ` (from ${listed.join(', ')})` : ''}${late ? `; ${late} approval${late === 1 ? ' is' : 's are'} on the topic only after it` : ''}.`,
  ];
}

function signatureProblems(decision: Placed<ApprovalDecisionEntry>, signature: NonNullable<ApprovalDecisionEntry['signature']>, request: Placed<ApprovalRequestEntry> | undefined): string[] {
  const name = `The signed ${decision.entry.decision} by ${decision.entry.by} of request ${decision.entry.requestId} (entry ${decision.entry.id}, ${decision.where})`;
  if (!request) return [`${name} has no approvalRequest entry on the topic to check its digest against.`];
  if (signature.digest !== request.entry.digest) return [`${name} is over digest ${signature.digest}, but the request's recorded digest is ${request.entry.digest}.`];
  const checked = checkApprovalSignature(request.entry.digest, signature.signature, signature.publicKey);
  if (!checked.ok) return [`${name} does not verify: ${checked.reason}.`];
  if (checked.algorithm !== signature.algorithm) return [`${name} names algorithm ${signature.algorithm}, but its key is ${checked.algorithm}.`];
  return [];
}

function validSignature(decision: Placed<ApprovalDecisionEntry>, request: Placed<ApprovalRequestEntry>): boolean {
  const signature = decision.entry.signature;
  return !signature || signatureProblems(decision, signature, request).length === 0;
}

/** An approver the request lists: a name matches `by`; a public key matches only a verified signature with it. */
function matches(listed: string, by: string, key: string | undefined): boolean {
  const listedKey = publicKeyIdentity(listed);
  return listedKey ? key !== undefined && listedKey.der === key : listed === by;
}

/** Whether `a` reached consensus before `b`: its message first, or the same batch and a lower seq. */
function before(a: Placed<{ seq: number }>, b: Placed<{ seq: number }>): boolean {
  return a.order !== b.order ? a.order < b.order : a.entry.seq < b.entry.seq;
}

/**
 * The consensus position of `where`: the last `#N` in it (`message #4`, `messages #4, #5` — a split
 * batch counts from its last part — or a HOL file's `register #2`).
 */
function orderOf(where: string): number {
  const numbers = [...where.matchAll(/#(\d+)/g)];
  return numbers.length ? Number(numbers[numbers.length - 1]![1]) : Number.MAX_SAFE_INTEGER;
}
