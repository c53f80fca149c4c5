import { z } from 'zod';
import { LIFECYCLE_STEPS } from '../../lifecycle/stages.js';

import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION } from './entry-constants.js';
import { principalSchema } from './principal-schema.js';
import { OVERSIGHT_SCHEMAS, isOversightEntry, type OversightEntry } from './oversight-entry.js';

export { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION };

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
 * What became of a scheduled call's schedule, written as a follow-up entry once the ledger settles it:
 * - `scheduleExecuted`: the inner transaction ran; `status` is its result (`SUCCESS`, or e.g.
 *   `INSUFFICIENT_ACCOUNT_BALANCE`), `UNKNOWN` when the ledger no longer says (see `error`).
 * - `scheduleDeleted`: its admin key deleted it before it ran.
 * - `scheduleExpired`: its expiration time passed and it never ran.
 * - `scheduleUnknown`: it left the network's state and nothing available can tell which of the
 *   three happened (no mirror node was configured); `error` says why.
 * Named apart from the call outcomes, so counting `executed` entries still counts calls.
 */
export const SCHEDULE_OUTCOMES = ['scheduleExecuted', 'scheduleDeleted', 'scheduleExpired', 'scheduleUnknown'] as const;
export type ScheduleOutcome = (typeof SCHEDULE_OUTCOMES)[number];

/** A ledger timestamp as the mirror node writes it: `seconds.nanoseconds`, nine digits after the dot. */
const ledgerTimestamp = z.string().regex(/^\d{1,19}\.\d{9}$/, 'a ledger timestamp such as "1700000000.000000001"');

const common = {
  type: z.literal(AUDIT_ENTRY_TYPE),
  version: z.literal(AUDIT_ENTRY_VERSION),
  id: z.string().min(1).max(64),
  seq: z.number().int().positive(),
  session: z.string().min(1).max(200),
  timestamp: z.iso.datetime(),
  tool: z.string().min(1).max(200),
};

/**
 * Version 1 of the audit entry of a call. Field order in the JSON is the order below. `seq` numbers entries
 * per journal (1, 2, 3, …) in the order they were made durable, which is the order batches are made
 * in; several batches may be in flight, so readers order entries by `seq`, not by their place on
 * the topic. `id` is unique across journals.
 */
export const auditEntrySchema = z
  .object({
    ...common,
    outcome: z.enum(AUDIT_OUTCOMES),
    /** The lifecycle step the call reached (for `executed`: `postToolExecution`). */
    stage: z.enum(LIFECYCLE_STEPS),
    /**
     * The call's params, once, bounded and keys redacted. `input`: normalisation ran, and these are the
     * input the agent sent, from which `agent-hooks policy replay` runs it again. `raw`: input that did not
     * get through normalisation. `normalised`: the normalised params (SDK values as strings), as entries
     * written before `input` carried them, and intents' interrupted calls do. `none`: no params.
     */
    params: z.unknown(),
    paramsKind: z.enum(['input', 'normalised', 'raw', 'none']),
    /**
     * Older entries only (read, never written now): beside normalised params, a second copy of the
     * call's raw input for replay. New entries carry the input once, as `params` with `paramsKind: "input"`.
     */
    input: z.unknown().optional(),
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
    /**
     * Policies in report mode that would have blocked the call, which went on (docs/hooks-and-policies.md,
     * "Report mode"): each as `blockedBy` says it, in the order they judged. Left out when none would have.
     */
    wouldBlock: z
      .array(z.object({ policy: z.string(), stage: z.string(), reason: z.string().optional() }).strict())
      .min(1)
      .optional(),
    /** A call that needed approval: the approval request it ran under (its approvalRequest entry names the same ID), so audit verify can prove the quorum came first. */
    approvalRequestId: z.string().min(1).max(100).optional(),
    /**
     * For whom the call ran: the `userId`, `sessionId` and `tenantId` strings of the call's context
     * (`kit.execute(…, { context })`, or the kit's). Left out when it names none; older entries have none.
     */
    principal: principalSchema.optional(),
    /** The model's ID for this tool call, when the adapter or application passed one (`{ toolCallId }`). */
    toolCallId: z.string().min(1).max(256).optional(),
  })
  .strict();

/**
 * The follow-up entry of a scheduled call (`kind: "scheduleOutcome"`), one per schedule, written when
 * the ledger settled it: it names the call's entry (`callEntryId`, `callSeq`) and the schedule, and
 * says what happened. `timestamp` is when the hook established the outcome; the ledger's own times
 * are `consensusTimestamp` (the execution) and `expirationTime`. `source` says who reported it: the
 * mirror node, or the network's ScheduleInfoQuery and receipts when no mirror was configured.
 */
export const scheduleOutcomeEntrySchema = z
  .object({
    ...common,
    kind: z.literal('scheduleOutcome'),
    outcome: z.enum(SCHEDULE_OUTCOMES),
    callEntryId: z.string().min(1).max(64),
    callSeq: z.number().int().positive(),
    scheduleId: z.string().regex(/^\d+\.\d+\.\d+$/),
    scheduledTransactionId: z.string().min(1),
    /** `scheduleExecuted`: the inner transaction's result. */
    status: z.string().optional(),
    /** `scheduleExecuted`: the inner transaction's consensus timestamp, when known. */
    consensusTimestamp: ledgerTimestamp.optional(),
    /** `scheduleExpired`: the expiration time that passed. */
    expirationTime: ledgerTimestamp.optional(),
    source: z.enum(['mirror', 'network']),
    error: z.object({ code: z.string().optional(), message: z.string() }).strict().optional(),
  })
  .strict();

/**
 * Every kind of entry a journal holds and a topic carries: a call's (no `kind`), a schedule's
 * outcome, or one of the oversight kinds (oversight-entry.ts).
 */
export const anyAuditEntrySchema = z.union([auditEntrySchema, scheduleOutcomeEntrySchema, ...Object.values(OVERSIGHT_SCHEMAS)]);

/** The entry of a call (the kind every entry was before schedule outcomes). */
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type ScheduleOutcomeEntry = z.infer<typeof scheduleOutcomeEntrySchema>;
export type AnyAuditEntry = AuditEntry | ScheduleOutcomeEntry | OversightEntry;

export function isScheduleOutcomeEntry(entry: AnyAuditEntry): entry is ScheduleOutcomeEntry {
  return (entry as { kind?: unknown }).kind === 'scheduleOutcome';
}

/** The kinds an entry may name in `kind` (a call's entry names none). */
export const ENTRY_KINDS: readonly string[] = Object.freeze(['scheduleOutcome', ...Object.keys(OVERSIGHT_SCHEMAS)]);

/** Checks a value against the schema of its kind (call, schedule outcome, oversight); returns plain-words problems (empty when valid). */
export function auditEntryProblems(value: unknown): string[] {
  // Judged by the schema of the kind it claims, so the problems name that kind's fields, not a union's.
  const kind = value !== null && typeof value === 'object' ? (value as { kind?: unknown }).kind : undefined;
  const schema = kind === undefined ? auditEntrySchema : kind === 'scheduleOutcome' ? scheduleOutcomeEntrySchema : isOversightEntry(value) ? OVERSIGHT_SCHEMAS[kind as keyof typeof OVERSIGHT_SCHEMAS] : undefined;
  if (!schema) return [`kind: ${JSON.stringify(kind)} is not a kind of entry this version knows (${ENTRY_KINDS.join(', ')}, or none for a call)`];
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`);
}

/** Whether `entry` is a call's entry (no `kind`): neither a schedule's outcome nor an oversight event. */
export function isCallEntry(entry: AnyAuditEntry): entry is AuditEntry {
  return (entry as { kind?: unknown }).kind === undefined;
}

/** The call entries among `entries` (schedule outcomes and oversight entries left out), e.g. to match entries to calls. */
export function callEntries(entries: readonly AnyAuditEntry[]): AuditEntry[] {
  return entries.filter(isCallEntry);
}
