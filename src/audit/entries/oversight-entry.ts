import { principalSchema } from './principal-schema.js';
import { z } from 'zod';
import { HOOK_STAGES } from '../../lifecycle/stages.js';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION } from './entry-constants.js';

/**
 * The entries of human oversight, each a kind of its own beside a call's entry and a schedule's
 * outcome: the kill switch turned on (`pause`) and off (`unpause`; trails written before the
 * switch's verb was unpause say `resume`, still read and verified), and an approval's life: asked
 * (`approvalRequest`), answered by one approver (`approvalDecision`), left unanswered until it
 * expired (`approvalExpired`), or orphaned by the process that waited for it (`approvalAbandoned`);
 * a request the ledger approved is closed by its schedule's outcome (`approvalScheduleSettled`).
 * Together they let a reader show, from the topic alone, who decided what, and when.
 *
 * `tool` is the call's tool for approvals, `'*'` for the kill switch (which concerns every tool
 * its scope covers). `timestamp` is when the event happened. Every text an operator or agent
 * supplied (reasons, params, memos) is kept as data, bounded and with keys redacted.
 */
export const OVERSIGHT_KINDS = ['pause', 'unpause', 'resume', 'approvalRequest', 'approvalDecision', 'approvalExpired', 'approvalAbandoned', 'approvalScheduleSettled', 'signingDecision'] as const;
export type OversightKind = (typeof OVERSIGHT_KINDS)[number];

const TEXT = 1_000;
const common = {
  type: z.literal(AUDIT_ENTRY_TYPE),
  version: z.literal(AUDIT_ENTRY_VERSION),
  id: z.string().min(1).max(64),
  seq: z.number().int().positive(),
  session: z.string().min(1).max(200),
  timestamp: z.iso.datetime(),
  tool: z.string().min(1).max(200),
};
/** Who acted: a console token's name, `user@host (pid N)`, an approver's name. */
const actor = z.string().min(1).max(200);
const reason = z.string().min(1).max(TEXT + 40);
const scope = z.enum(['value-moving', 'all']);
const switchName = z.string().min(1).max(64);
const requestId = z.string().min(1).max(100);
const hex = z.string().regex(/^[0-9a-f]+$/, 'lower-case hex').max(2_000);
/** A SHA-256 digest, hex. */
const digest = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 digest in lower-case hex (64 characters)');
/** The frozen bytes' digest: SHA-256 hex, or `sha384:<hex>` as an approval record binds them (approval-preview.ts). */
const bytesDigest = z.string().regex(/^([0-9a-f]{64}|sha384:[0-9a-f]{96})$/, 'a SHA-256 digest in lower-case hex, or sha384:<96 lower-case hex>');

/** The kill switch turned on: what it stops, why, by whom (`timestamp` is when). */
export const pauseEntrySchema = z.object({ ...common, kind: z.literal('pause'), switch: switchName, scope, reason, by: actor }).strict();

/** The kill switch turned off: by whom, and the pause it lifted (absent when none was on). */
const unpauseFields = {
  ...common,
  switch: switchName,
  by: actor,
  lifted: z.object({ scope, reason, by: actor, at: z.string().min(1).max(64) }).strict().optional(),
};
export const unpauseEntrySchema = z.object({ ...unpauseFields, kind: z.literal('unpause') }).strict();
/**
 * The same, as trails written before the switch's verb became `unpause` say it: read and verified,
 * never written now (`resume` is an approval's verb, kit.resume(id)).
 */
export const resumeEntrySchema = z.object({ ...unpauseFields, kind: z.literal('resume') }).strict();

/**
 * What will execute if the request is approved at postCoreAction: the frozen transaction, whose
 * bytes' digest the approval is bound to.
 */
const previewSchema = z
  .object({
    transactionType: z.string().min(1).max(100),
    payer: z.string().min(1).max(100),
    transactionId: z.string().min(1).max(100),
    memo: z.string().max(TEXT + 40).optional(),
    maxFee: z.string().max(100).optional(),
    bytesDigest,
  })
  .strict();

/** An approval asked for: the call, the policy and stage that asked, the quorum needed, until when. */
export const approvalRequestEntrySchema = z
  .object({
    ...common,
    kind: z.literal('approvalRequest'),
    requestId,
    /** The call's ID in this process (its span and log lines carry it too). */
    callId: z.string().min(1).max(100).optional(),
    policy: z.string().min(1).max(200),
    stage: z.enum(HOOK_STAGES),
    /** The call's params, bounded and redacted as in a call's entry. */
    params: z.unknown(),
    /** What the call moves, rendered (amounts as strings). */
    movements: z.unknown().optional(),
    preview: previewSchema.optional(),
    /** The digest approvers sign: of the request as it was shown to them. */
    digest,
    /** Distinct approvals needed. */
    quorum: z.number().int().positive().max(100),
    /** Who may approve, when the policy names them. */
    approvers: z.array(actor).max(100).optional(),
    expiresAt: z.iso.datetime(),
    /** The call returned PENDING_APPROVAL and is resumed once approved (rather than waiting in the call). */
    deferred: z.boolean().optional(),
    /** `'schedule'`: the ledger approves it; the call goes out as a schedule that runs once the approvers' keys sign it. */
    via: z.literal('schedule').optional(),
    /** For whom the held call ran (its context's userId, sessionId, tenantId); older entries have none. */
    principal: principalSchema.optional(),
  })
  .strict();

/** One approver's answer. A signed one carries the signature over the request's digest and the public key that verifies it. */
export const approvalDecisionEntrySchema = z
  .object({
    ...common,
    kind: z.literal('approvalDecision'),
    requestId,
    decision: z.enum(['approve', 'deny']),
    by: actor,
    /** How the answer came: `console`, `cli`, `callback`, `terminal`, `mcp`, … */
    via: z.string().min(1).max(50).optional(),
    reason: reason.optional(),
    signature: z
      .object({
        algorithm: z.enum(['ED25519', 'ECDSA_SECP256K1']),
        /** DER-encoded public key, hex. */
        publicKey: hex,
        signature: hex,
        /** The request digest the signature is over. */
        digest,
      })
      .strict()
      .optional(),
  })
  .strict();

/** Nobody reached the quorum before `expiresAt`: the call did not execute. */
export const approvalExpiredEntrySchema = z.object({ ...common, kind: z.literal('approvalExpired'), requestId, expiresAt: z.iso.datetime() }).strict();

/** The process waiting for the request is gone; approving it afterwards executes nothing. */
export const approvalAbandonedEntrySchema = z.object({ ...common, kind: z.literal('approvalAbandoned'), requestId, reason }).strict();

/**
 * A request the ledger approved, closed by its schedule's outcome: executed (the accounts' threshold
 * keys were satisfied: the ledger approved it), or expired or deleted unsigned (nothing executed).
 */
export const approvalScheduleSettledEntrySchema = z
  .object({
    ...common,
    kind: z.literal('approvalScheduleSettled'),
    requestId,
    scheduleId: z.string().regex(/^\d+\.\d+\.\d+$/),
    outcome: z.enum(['scheduleExecuted', 'scheduleExpired', 'scheduleDeleted']),
    /** The scheduled transaction's receipt status, when it executed. */
    status: z.string().min(1).max(100).optional(),
    scheduledTransactionId: z.string().min(1).max(100).optional(),
  })
  .strict();

/**
 * A policy signer's decision over one body it was asked to sign (docs/signer.md): signed or refused,
 * for which agent (its token's name), under which transaction ID, the body's SHA-256, what it moves as
 * the signer read it, and why a refusal. `tool` is `sign_transaction`. With these, `agent-hooks audit`
 * can name a transaction on the ledger that no signer decision covers.
 */
export const signingDecisionEntrySchema = z
  .object({
    ...common,
    kind: z.literal('signingDecision'),
    decision: z.enum(['signed', 'refused']),
    agent: actor,
    transactionId: z.string().min(1).max(100).optional(),
    bodyDigest: digest,
    bodyType: z.string().min(1).max(100).optional(),
    moves: z
      .array(z.object({ asset: z.string().max(100), from: z.string().max(100), to: z.string().max(100), amount: z.string().max(40), display: z.string().max(200), unbounded: z.literal(true).optional() }).strict())
      .max(100)
      .optional(),
    reason: reason.optional(),
  })
  .strict();

export const OVERSIGHT_SCHEMAS = {
  pause: pauseEntrySchema,
  unpause: unpauseEntrySchema,
  resume: resumeEntrySchema,
  approvalRequest: approvalRequestEntrySchema,
  approvalDecision: approvalDecisionEntrySchema,
  approvalExpired: approvalExpiredEntrySchema,
  approvalAbandoned: approvalAbandonedEntrySchema,
  approvalScheduleSettled: approvalScheduleSettledEntrySchema,
  signingDecision: signingDecisionEntrySchema,
} as const satisfies Record<OversightKind, z.ZodType>;

export type PauseEntry = z.infer<typeof pauseEntrySchema>;
export type UnpauseEntry = z.infer<typeof unpauseEntrySchema>;
export type ResumeEntry = z.infer<typeof resumeEntrySchema>;
export type ApprovalRequestEntry = z.infer<typeof approvalRequestEntrySchema>;
export type ApprovalDecisionEntry = z.infer<typeof approvalDecisionEntrySchema>;
export type ApprovalExpiredEntry = z.infer<typeof approvalExpiredEntrySchema>;
export type ApprovalAbandonedEntry = z.infer<typeof approvalAbandonedEntrySchema>;
export type ApprovalScheduleSettledEntry = z.infer<typeof approvalScheduleSettledEntrySchema>;
export type SigningDecisionEntry = z.infer<typeof signingDecisionEntrySchema>;
export type OversightEntry = PauseEntry | UnpauseEntry | ResumeEntry | ApprovalRequestEntry | ApprovalDecisionEntry | ApprovalExpiredEntry | ApprovalAbandonedEntry | ApprovalScheduleSettledEntry | SigningDecisionEntry;

export function isOversightEntry(entry: unknown): entry is OversightEntry {
  const kind = entry !== null && typeof entry === 'object' ? (entry as { kind?: unknown }).kind : undefined;
  return typeof kind === 'string' && (OVERSIGHT_KINDS as readonly string[]).includes(kind);
}
