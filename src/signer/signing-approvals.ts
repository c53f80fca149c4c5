/** An ApprovalPolicy, recognised by shape (never by class: a copy of this package in another build counts too). */
interface ApprovalLike {
  readonly approvalStore?: unknown;
  readonly name?: unknown;
  readonly wait?: unknown;
  readonly via?: unknown;
  whyNotApproved(record: unknown): unknown;
  madeRequest(record: unknown): unknown;
}

/** Whether `value` is an ApprovalPolicy (its shape: the methods a kit's resume asks of one). */
export function isApprovalPolicy(value: unknown): value is ApprovalLike {
  const candidate = value as Partial<ApprovalLike> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.whyNotApproved === 'function' && typeof candidate.madeRequest === 'function';
}

/**
 * Why the signer cannot run one of `policies`' ApprovalPolicies, or undefined when it can. At the
 * signer an approval holds the signature in the call (`wait: 'in-call'`) until the quorum's
 * decisions verify. A deferred one would refuse every body "ask again once approved", yet the
 * agent builds a refused transaction again under a new transaction ID, so no approval would be used: refused
 * at start rather than discovered one refusal at a time. Likewise `via: 'schedule'`, whose
 * schedule a kit submits, and the signer submits nothing.
 */
export function approvalsUnfitForSigning(policies: readonly unknown[]): string | undefined {
  for (const [index, policy] of policies.entries()) {
    if (!isApprovalPolicy(policy)) continue;
    const which = `policies[${index}] (${typeof policy.name === 'string' ? policy.name : 'an ApprovalPolicy'})`;
    if (policy.via === 'schedule') {
      return `${which} has the ledger approve by a schedule (via: 'schedule'), but the signer submits nothing, so it has no schedule to create; at the signer an approval holds the signature: use wait: 'in-call' (the default) with a store the approvers decide in.`;
    }
    if (policy.wait === 'deferred') {
      return `${which} defers its approvals (wait: 'deferred'), which the signer cannot resume: the agent builds a refused transaction again under a new transaction ID, so an approval would never be used. At the signer an approval holds the signature until the quorum's decisions verify: remove "wait": "deferred" (in-call is the default), and give it a "timeoutMs" up to the transactions' valid window (120 s by default).`;
    }
  }
  return undefined;
}
