
/*
 * What a combination does about the ApprovalPolicies it holds: which it refuses (composition.ts
 * asks when it is built). Closing the request of an approved call once it ran is the policy's own
 * settle, which a combination passes on.
 */

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
