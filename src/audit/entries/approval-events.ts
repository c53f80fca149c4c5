import type { ApprovalChange } from '../../policies/approvals/approval-store.js';
import type { ApprovalDecision, ApprovalRecord } from '../../policies/approvals/approval-record.js';
import { approvalRequestDigest } from '../../policies/approvals/request-digest.js';
import { MAX_PRINCIPAL_CHARS, principalOf } from '../../lifecycle/call-options.js';
import type { OversightEvent } from './oversight-builder.js';
import { auditMessage } from './redact.js';

/** DER prefixes of the public keys a signed decision may carry (SubjectPublicKeyInfo, hex). */
const KEY_ALGORITHMS: readonly [RegExp, 'ED25519' | 'ECDSA_SECP256K1'][] = [
  [/^302a300506032b6570032100[0-9a-f]{64}$/, 'ED25519'],
  [/^30(36|56)301006072a8648ce3d020106052b8104000a03(22|42)00[0-9a-f]+$/, 'ECDSA_SECP256K1'],
  // The SDK's own ECDSA DER form (toStringDer), which the stores keep a signed decision's key in.
  [/^302d300706052b8104000a032200[0-9a-f]{66}$/, 'ECDSA_SECP256K1'],
];

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The oversight event an approval store's change is, or undefined for changes the call's own entry
 * tells (executing, executed): `created` is the request, `decided` the decision it added, `lapsed`
 * and `superseded` its expiry or abandonment. Everything comes from the record after the change.
 */
export function approvalEventOf(change: ApprovalChange): OversightEvent | undefined {
  const { kind, record } = change;
  switch (kind) {
    case 'created':
      return requestEvent(record);
    case 'decided': {
      const decision = record.decisions.at(-1);
      return decision ? decisionEvent(record, decision) : undefined;
    }
    case 'executed':
      // A request the ledger approved, closed by its schedule's outcome; others' execution is the call's own entry.
      return record.schedule?.outcome && record.schedule.scheduleId ? scheduleSettledEvent(record) : undefined;
    case 'lapsed':
    case 'superseded':
      if (record.schedule?.outcome && record.schedule.scheduleId) return scheduleSettledEvent(record);
      if (record.state === 'abandoned') return { kind: 'approvalAbandoned', tool: record.tool, requestId: record.id, reason: record.note ?? 'the process waiting for this decision stopped' };
      return { kind: 'approvalExpired', tool: record.tool, requestId: record.id, expiresAt: iso(record.expiresAt), ...(kind === 'superseded' && record.execution ? { at: iso(record.execution.at) } : {}) };
    default:
      return undefined;
  }
}

function scheduleSettledEvent(record: ApprovalRecord): OversightEvent {
  const schedule = record.schedule!;
  return {
    kind: 'approvalScheduleSettled',
    tool: record.tool,
    requestId: record.id,
    scheduleId: schedule.scheduleId!,
    outcome: schedule.outcome!,
    ...(schedule.status ? { status: schedule.status } : {}),
    ...(schedule.scheduledTransactionId ? { scheduledTransactionId: schedule.scheduledTransactionId } : {}),
  };
}

function requestEvent(record: ApprovalRecord): OversightEvent {
  const preview = record.preview;
  return {
    kind: 'approvalRequest',
    tool: record.tool,
    at: iso(record.createdAt),
    requestId: record.id,
    policy: record.policy,
    stage: record.stage,
    params: record.params,
    ...(record.movements ? { movements: record.movements } : {}),
    // The entry's preview names the payer and the transaction; a preview without them is left to the params.
    ...(preview?.payer && preview.transactionId
      ? {
          preview: {
            transactionType: preview.type,
            payer: preview.payer,
            transactionId: preview.transactionId,
            ...(preview.memo ? { memo: preview.memo } : {}),
            ...(preview.maxFee ? { maxFee: preview.maxFee } : {}),
            bytesDigest: preview.digest,
          },
        }
      : {}),
    digest: approvalRequestDigest(record),
    quorum: record.quorum.required,
    ...(record.quorum.of.length ? { approvers: [...record.quorum.of] } : {}),
    expiresAt: iso(record.expiresAt),
    ...(record.schedule ? { via: 'schedule' as const } : record.wait === 'deferred' ? { deferred: true } : {}),
    ...(principalOfRecord(record) ?? {}),
  };
}

/** The request's principal as its entry carries it (redacted and bounded as every recorded text), or nothing. */
function principalOfRecord(record: ApprovalRecord): { principal: Record<string, string> } | undefined {
  const principal = principalOf(record.principal as Record<string, unknown> | undefined);
  return principal ? { principal: Object.fromEntries(Object.entries(principal).map(([field, name]) => [field, auditMessage(name).slice(0, MAX_PRINCIPAL_CHARS)])) } : undefined;
}

function decisionEvent(record: ApprovalRecord, decision: ApprovalDecision): OversightEvent {
  const publicKey = decision.publicKey?.toLowerCase();
  const algorithm = publicKey ? KEY_ALGORITHMS.find(([pattern]) => pattern.test(publicKey))?.[1] : undefined;
  return {
    kind: 'approvalDecision',
    tool: record.tool,
    at: iso(decision.at),
    requestId: record.id,
    decision: decision.approve ? 'approve' : 'deny',
    by: decision.approver,
    ...(decision.via ? { via: decision.via } : {}),
    ...(decision.reason ? { reason: decision.reason } : {}),
    // Recorded as given (checking it is `audit verify`'s); a key whose algorithm its DER form does not name stays in the record only.
    ...(decision.signature && publicKey && algorithm ? { signature: { algorithm, publicKey, signature: decision.signature.toLowerCase(), digest: approvalRequestDigest(record) } } : {}),
  };
}
