import { hostname } from 'node:os';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import { approvalRequestOf } from './approvals/approved-calls.js';
import type { ApprovalStore } from './approvals/approval-store.js';

/*
 * What a combination does about the ApprovalPolicies it holds: which it refuses (composition.ts
 * asks when it is built), and closing the request of an approved call once it ran.
 */

/** Who closed a request, as the record's `execution.by` names it. */
const RUNNER = `${hostname()}:${process.pid}`;
/** How deep combinations inside combinations are searched. */
const MAX_DEPTH = 16;

/**
 * Why an ApprovalPolicy (read by shape: it has `approvalStore` and `pendingApprovals`) cannot be
 * combined, or nothing. Only an in-call approval whose requests live in its own store fits: its
 * answer is the child's verdict and its request ends with the call. A deferred one's hold would be
 * turned into a refusal, and one in a store others share could be decided and resumed outside the
 * combination.
 */
export function holdsOutsideTheCall(policy: object): string | undefined {
  const candidate = policy as { approvalStore?: unknown; wait?: unknown; storeGiven?: unknown };
  if (candidate.approvalStore === null || typeof candidate.approvalStore !== 'object' || !('pendingApprovals' in policy)) return undefined;
  const instead = "Register it on its own beside the combination (its `when` can be a condition of your own), or, inside a combination, give it an approver and neither wait: 'deferred' nor a store, so the call waits for the answer.";
  if (candidate.wait === 'deferred') {
    return `holds calls for approval with wait: 'deferred', which a combination cannot do: the combination would turn the hold into a refusal, so the caller would never learn the request ID, while the request stayed open to be approved and run later. ${instead}`;
  }
  // A copy of the package that does not say whether its store was given is taken to have one.
  if (candidate.storeGiven !== false) {
    return `keeps its requests in a store others decide in (store), which a combination cannot do: a console, agent-hooks approve or another kit sharing that store could decide and resume a request outside the combination, after it had allowed or refused the call, and run the call again without it. ${instead}`;
  }
  return undefined;
}

/**
 * Once a call a combined in-call approval let through was sent, its request is finished (executed,
 * with the call's status and transaction ID) rather than left approved, where `kit.resume` (which
 * finds combined policies' stores) would run the call again. A call that sent nothing leaves it as
 * it is. Nested combinations are searched; a request another part closed first is left alone.
 */
export async function closeApprovedInCall(policies: readonly object[], outcome: CallOutcome): Promise<void> {
  const submitted = outcome.executed !== false || (outcome.transactionId !== undefined && outcome.blockedBy === undefined);
  const requestId = submitted ? approvalRequestOf(outcome.callId) : undefined;
  if (requestId === undefined) return;
  for (const store of inCallStores(policies, 0)) {
    const record = await store.get(requestId);
    if (record?.state !== 'approved' || record.wait !== 'in-call') continue;
    const claim = await store.claimExecution(requestId, RUNNER);
    if (claim.ok) await store.finishExecution(requestId, { status: outcome.status, ...(outcome.transactionId ? { transactionId: outcome.transactionId } : {}) });
  }
}

/** The stores of the in-call approvals among `policies` and inside their combinations. */
function inCallStores(policies: readonly unknown[], depth: number): Set<ApprovalStore> {
  const stores = new Set<ApprovalStore>();
  if (depth > MAX_DEPTH) return stores;
  for (const policy of policies) {
    if (policy === null || typeof policy !== 'object') continue;
    const { approvalStore, wait, policies: children } = policy as { approvalStore?: ApprovalStore; wait?: unknown; policies?: unknown };
    if (approvalStore && wait === 'in-call' && typeof approvalStore.claimExecution === 'function') stores.add(approvalStore);
    if (Array.isArray(children)) for (const store of inCallStores(children, depth + 1)) stores.add(store);
  }
  return stores;
}
