import { isListedApprover, type ApprovalRecord, type Quorum } from './approval-record.js';
import { textDigest } from './approval-preview.js';
import { checkApprovalSignature, publicKeyIdentity } from './approver-signature.js';
import { approvalRequestDigest } from './request-digest.js';

/**
 * Why an approved record does not let its call run here, or `undefined` when it does. Whoever can
 * write the store (any process with the Redis credentials) can write a record `approved`: the
 * state is a claim, and the process that executes checks it from the decisions themselves
 * (DESIGN.md invariant 10), against the executing policy's own quorum, never the record's copy:
 *
 * - the record's call digest is recomputed from the input it re-runs;
 * - every signed decision must verify over the request digest, or the whole record is refused
 *   (a forged signature is tampering, not an abstention);
 * - only approvers `quorum.of` lists count (anyone, by name, when it lists nobody); an entry that is
 *   a public key counts only a decision signed by that key, never a name typed in;
 * - each approver counts once (by key when signed, by name otherwise), and a denial refuses;
 * - at least `quorum.required` distinct approvals.
 */
export function whyNotApproved(record: ApprovalRecord, quorum: Quorum): string | undefined {
  const forged = `request ${record.id} is marked approved in the store, but`;
  if (textDigest(record.call.input) !== record.call.inputDigest) return `${forged} the input it would run does not match its recorded digest; nothing was executed`;
  const digest = approvalRequestDigest(record);
  const seen = new Set<string>();
  let counted = 0;
  for (const decision of record.decisions) {
    let der: string | undefined;
    if (decision.signature !== undefined || decision.publicKey !== undefined) {
      const checked = checkApprovalSignature(digest, String(decision.signature ?? ''), String(decision.publicKey ?? ''));
      if (!checked.ok) return `${forged} ${decision.approver}'s signed decision does not verify (${checked.reason}); nothing was executed`;
      der = checked.der;
    }
    if (!decision.approve) return `${forged} ${decision.approver} denied it${decision.reason ? `: ${decision.reason}` : ''}; nothing was executed`;
    if (quorum.of.length && !isListedApprover(quorum.of, decision.approver, der)) continue;
    // One approver, one approval: a name or a key seen before does not count again.
    const name = `name:${decision.approver.trim()}`;
    if (seen.has(name) || (der && seen.has(`key:${der}`))) continue;
    seen.add(name);
    if (der) seen.add(`key:${der}`);
    counted++;
  }
  if (counted >= quorum.required) return undefined;
  const keyed = quorum.of.some((each) => publicKeyIdentity(each)) ? ' (an approver listed by key counts only when its decision is signed with that key)' : '';
  return `${forged} only ${counted} of the ${quorum.required} approvals this kit's policy requires come from its approvers${keyed}; nothing was executed`;
}
