import { z } from 'zod';
import { LIFECYCLE_STEPS } from '../lifecycle/stages.js';

/** The `type` every audit entry carries, so a reader can tell our entries from anything else on a topic. */
export const AUDIT_ENTRY_TYPE = 'hedera-agent-hooks/audit-entry';
/** Bumped when a field changes meaning or becomes required; readers refuse versions they do not know. */
export const AUDIT_ENTRY_VERSION = 1;

/**
 * What became of an audited call:
 * - `executed`: the lifecycle finished; `status` is the ledger's answer (`SUCCESS`, or e.g. `INSUFFICIENT_PAYER_BALANCE`).
 * - `blocked`: a policy refused it; `blockedBy` says which, at which stage.
 * - `failed`: a step threw; `error` says what and `stage` where.
 * - `unknown`: the transaction was submitted but its outcome could not be established before the
 *   call returned (its receipt could not be read); `status` is `UNKNOWN` and `error` says not to
 *   retry. It may have been executed.
 * - `interrupted`: the process stopped after the transaction was built but before the outcome was
 *   journaled; written on restart from what the network reports about that transaction ID.
 */
export const AUDIT_OUTCOMES = ['executed', 'blocked', 'failed', 'unknown', 'interrupted'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * Version 1 of the audit entry. Field order in the JSON is the order below. `seq` numbers entries
 * per journal (1, 2, 3, …) in the order they were made durable, which is the order batches are made
 * in; several batches may be in flight, so readers order entries by `seq`, not by their place on
 * the topic. `id` is unique across journals.
 */
export const auditEntrySchema = z
  .object({
    type: z.literal(AUDIT_ENTRY_TYPE),
    version: z.literal(AUDIT_ENTRY_VERSION),
    id: z.string().min(1).max(64),
    seq: z.number().int().positive(),
    session: z.string().min(1).max(200),
    timestamp: z.iso.datetime(),
    tool: z.string().min(1).max(200),
    outcome: z.enum(AUDIT_OUTCOMES),
    /** The lifecycle step the call reached (for `executed`: `postToolExecution`). */
    stage: z.enum(LIFECYCLE_STEPS),
    /** Normalised params when normalisation ran, the raw input otherwise; SDK values as strings, keys redacted. */
    params: z.unknown(),
    paramsKind: z.enum(['normalised', 'raw', 'none']),
    transactionId: z.string().optional(),
    status: z.string().optional(),
    /** A scheduled call: the schedule it created, and the ID its inner transaction runs under. */
    scheduleId: z.string().optional(),
    scheduledTransactionId: z.string().optional(),
    blockedBy: z
      .object({ policy: z.string(), stage: z.string(), reason: z.string().optional() })
      .strict()
      .optional(),
    error: z.object({ code: z.string().optional(), message: z.string() }).strict().optional(),
  })
  .strict();

export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Checks a value against the schema; returns plain-words problems (empty when valid). */
export function auditEntryProblems(value: unknown): string[] {
  const parsed = auditEntrySchema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`);
}
