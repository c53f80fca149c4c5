import { randomUUID } from 'node:crypto';
import { invalidArgument } from '../../errors/index.js';
import { MAX_MESSAGE_CHARS, boundedParams, boundedText } from './bounded-params.js';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION } from './entry-constants.js';
import { OVERSIGHT_SCHEMAS, isOversightEntry, type OversightEntry } from './oversight-entry.js';
import { auditMessage, auditParams } from './redact.js';

type Head = 'type' | 'version' | 'id' | 'seq' | 'session' | 'timestamp' | 'tool';
type EventOf<E> = E extends OversightEntry ? Omit<E, Head> & { tool?: string; at?: string } : never;

/**
 * An oversight event as a caller gives it: an oversight entry without the fields the journal fills
 * in (type, version, id, seq, session). `at` (ISO 8601) is when it happened, default now; `tool`
 * is the call's tool (required for the approval kinds), `'*'` for the kill switch by default.
 *
 * @example
 * kit.audit.record({ kind: 'approvalDecision', tool: 'transfer_hbar_tool', requestId, decision: 'deny', by: 'alice', via: 'console', reason: 'unknown recipient' });
 */
export type OversightEvent = EventOf<OversightEntry>;


/**
 * The entry of `event` with its sequence number, keys in schema order, checked against its kind's
 * schema. A malformed event is refused (E_INVALID_ARGUMENT naming each field), never journaled.
 */
export function oversightEntry(event: OversightEvent, seq: number, session: string): OversightEntry {
  if (!isOversightEntry(event)) {
    throw invalidArgument(`an oversight event needs a kind, one of ${Object.keys(OVERSIGHT_SCHEMAS).join(', ')}; got ${JSON.stringify((event as { kind?: unknown } | null)?.kind)}.`);
  }
  const { tool, at, kind, ...fields } = event as OversightEvent & Record<string, unknown>;
  if (kind === 'resume') throw invalidArgument("'resume' is the kill switch's entry kind of older trails (still verified), not written now: record { kind: 'unpause' }.", ['kind']);
  const rendered: Record<string, unknown> = { ...fields };
  // Texts a person or agent wrote: key material redacted, a reason cut to what an entry keeps.
  if (typeof rendered.reason === 'string') rendered.reason = boundedText(auditMessage(rendered.reason), MAX_MESSAGE_CHARS);
  if (typeof rendered.by === 'string') rendered.by = auditMessage(rendered.by);
  if ('params' in rendered) rendered.params = boundedParams(auditParams(rendered.params));
  if ('movements' in rendered) rendered.movements = boundedParams(auditParams(rendered.movements));
  if (isRecord(rendered.preview) && typeof rendered.preview.memo === 'string') rendered.preview = { ...rendered.preview, memo: boundedText(auditMessage(rendered.preview.memo), MAX_MESSAGE_CHARS) };
  if (isRecord(rendered.lifted) && typeof rendered.lifted.reason === 'string') rendered.lifted = { ...rendered.lifted, reason: boundedText(auditMessage(rendered.lifted.reason), MAX_MESSAGE_CHARS) };
  const entry = {
    type: AUDIT_ENTRY_TYPE,
    version: AUDIT_ENTRY_VERSION,
    id: randomUUID(),
    seq,
    session,
    timestamp: at ?? new Date().toISOString(),
    tool: tool ?? (kind === 'pause' || kind === 'unpause' ? '*' : undefined),
    kind,
    ...rendered,
  };
  const parsed = OVERSIGHT_SCHEMAS[kind].safeParse(entry);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(event)'}: ${issue.message}`);
    throw invalidArgument(`the ${kind} event cannot be recorded: ${problems.join('; ')}.`, parsed.error.issues[0]?.path as (string | number)[]);
  }
  // The event as given, not zod's copy: field order is the schema's head, then the event's own.
  return entry as OversightEntry;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
