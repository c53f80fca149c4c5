import { isOversightEntry, isScheduleOutcomeEntry, type AnyAuditEntry, type AuditEntry, type OversightEntry } from '../audit/index.js';
import { callView, type ApprovalStoryView, type CallView } from './call-view.js';
import type { ExplorerLinks } from './explorer-links.js';
import { plainRedacted } from './safe-json.js';

/** One entry of a story, with where it was read and whether it is on the topic. */
interface StoryPart {
  entry: AnyAuditEntry;
  source: string;
  delivered: boolean;
}

/** Outcomes of a call entry under which its transaction may have gone out: only these link a transaction. */
const SENT_OUTCOMES: ReadonlySet<string> = new Set(['executed', 'failed', 'unknown', 'interrupted']);

/**
 * The approval request an entry belongs to: a call entry names it in `approvalRequestId` (the call
 * held for it, and the call that ran under it), an approval's oversight entries in `requestId`.
 * `undefined` for entries of no request (their own row).
 */
export function storyKeyOf(entry: AnyAuditEntry): string | undefined {
  if (isScheduleOutcomeEntry(entry)) return undefined;
  if (isOversightEntry(entry)) return 'requestId' in entry ? entry.requestId : undefined;
  return entry.approvalRequestId;
}

/** The row ID of the story of request `requestId` (the page keys its rows by it). */
export function storyRowId(requestId: string): string {
  return `approval-${requestId}`;
}

/**
 * One row for a call that needed approval, however many entries tell it: the request, the call held
 * for it (journaled `blocked` by the approval policy with `PENDING_APPROVAL`: a hold, not a block),
 * the decisions, and the call that ran once approved. Its state advances as entries arrive (pending,
 * approved or denied, then what the call did). Entries are folded in time order, since the
 * request's and the decisions' entries may be in other journals than the call's. Only a call entry
 * that may have sent its transaction gives the row a transaction link, and only a block by another
 * policy (or after approval) is a block.
 */
export function approvalStoryView(requestId: string, parts: readonly StoryPart[], links: ExplorerLinks): CallView {
  const ordered = [...parts].sort((a, b) => a.entry.timestamp.localeCompare(b.entry.timestamp) || a.entry.seq - b.entry.seq);
  let request: Extract<OversightEntry, { kind: 'approvalRequest' }> | undefined;
  let state: ApprovalStoryView['state'] = 'pending';
  let required = 1;
  const approvers = new Set<string>();
  const decisions: ApprovalStoryView['decisions'][number][] = [];
  let held: StoryPart | undefined;
  let ran: StoryPart | undefined;
  let schedule: string | undefined;
  for (const part of ordered) {
    const entry = part.entry;
    if (isScheduleOutcomeEntry(entry)) continue;
    if (!isOversightEntry(entry)) {
      const call = entry as AuditEntry;
      // The hold (or a denial's refusal): blocked by the approval's own policy before any approval.
      const own = call.outcome === 'blocked' && (!request || call.blockedBy?.policy === request.policy) && state !== 'approved';
      if (own) held = part;
      else ran = part;
      continue;
    }
    switch (entry.kind) {
      case 'approvalRequest':
        request = entry;
        required = entry.quorum;
        break;
      case 'approvalDecision':
        decisions.push({ by: entry.by, decision: entry.decision, at: entry.timestamp, ...(entry.via ? { via: entry.via } : {}) });
        if (entry.decision === 'deny') state = 'denied';
        else {
          approvers.add(entry.by);
          if (state === 'pending' && approvers.size >= required) state = 'approved';
        }
        break;
      case 'approvalExpired':
        if (state === 'pending' || state === 'approved') state = 'expired';
        break;
      case 'approvalAbandoned':
        if (state === 'pending' || state === 'approved') state = 'abandoned';
        break;
      case 'approvalScheduleSettled':
        schedule = entry.outcome;
        break;
      default:
        break;
    }
  }
  const facts = ran ?? held ?? ordered[0]!;
  const base = callView(facts.entry, facts.source, true, links);
  const deferred = request?.deferred === true || held !== undefined;
  const ranEntry = ran?.entry as AuditEntry | undefined;
  const outcome = ranEntry ? ranEntry.outcome : state;
  const sent = ranEntry !== undefined && SENT_OUTCOMES.has(ranEntry.outcome);
  const approval: ApprovalStoryView = {
    requestId,
    state,
    approvals: approvers.size,
    required,
    deferred,
    decisions,
    ...(request ? { policy: request.policy } : {}),
    ...(schedule ? { schedule } : {}),
    ...nextStep(requestId, outcome, deferred),
  };
  // Drop what the hold or a refusal carried that belongs to a sent call only.
  const { transactionId: _id, transactionLink: _link, blockedBy: _blocked, status: _status, ...rest } = base;
  return {
    ...rest,
    id: storyRowId(requestId),
    // Only the request is known so far (its call's entry is in a journal not read yet): its params.
    ...(facts.entry === request ? { params: plainRedacted(request.params ?? null) } : {}),
    // For whom: the call's entry says it; until that entry is read, the request's.
    ...(!rest.principal && request?.principal ? { principal: { ...request.principal } } : {}),
    timestamp: ordered[0]!.entry.timestamp,
    outcome,
    ...(sent && base.transactionId ? { transactionId: base.transactionId } : {}),
    ...(sent && base.transactionLink ? { transactionLink: base.transactionLink } : {}),
    ...(ranEntry && base.status ? { status: base.status } : {}),
    // A block is a policy's refusal of the call: the hold for approval and a human's denial are not.
    ...(ranEntry?.outcome === 'blocked' && base.blockedBy ? { blockedBy: base.blockedBy } : {}),
    approval,
    delivered: ordered.every((part) => part.delivered),
  };
}

/** What happens next, in words the operator acts on; nothing once the call has run. */
function nextStep(requestId: string, outcome: string, deferred: boolean): { next?: string } {
  if (outcome === 'pending') return { next: 'waiting for approval: nothing has been sent' };
  if (outcome === 'approved') {
    return {
      next: deferred
        ? `approved, not sent yet: the agent that asked sends it when it resumes the request (kit.resume('${requestId}')); nothing goes out until then`
        : 'approved: the call that waited for it goes on',
    };
  }
  if (outcome === 'denied') return { next: 'denied: nothing was sent, and the request cannot be resumed' };
  if (outcome === 'expired' || outcome === 'abandoned') return { next: `${outcome}: nothing was sent` };
  return {};
}
