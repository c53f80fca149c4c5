import { createHash } from 'node:crypto';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import type { Movement } from '../values/movement.js';
import { waitText } from './limit-text.js';

/** What the duplicate-intent policy keeps about the call that holds an intent, as JSON in the store. */
export interface IntentRecord {
  readonly callId: string;
  readonly tool: string;
  /** ms since the epoch */
  readonly startedAt: number;
  readonly state: 'running' | 'executed' | 'unknown' | 'failed' | 'blocked';
  readonly endedAt?: number;
  /** when the intent stops being held, ms since the epoch */
  readonly heldUntil: number;
  readonly transactionId?: string;
  readonly status?: string;
  readonly errorCode?: string;
  /** the policy that blocked it */
  readonly blockedBy?: string;
}

/**
 * The key of an intent: the tool, what it moves (in any order: the same payments listed the other
 * way round are the same intent), the memo and the idempotency key, hashed so no account or memo
 * text becomes a store key.
 */
export function intentKey(tool: string, movements: readonly Movement[], memo: string, idempotencyKey: string | undefined, scope?: string): string {
  const moves = movements.map((move) => [move.asset, move.serial ?? '', move.from, move.to, move.amount.toString()].join('|')).sort();
  // Without a scope, the key is what it always was: intents kept before `per` still match.
  const parts = scope === undefined ? [tool, moves, memo, idempotencyKey ?? null] : [tool, moves, memo, idempotencyKey ?? null, scope];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** The record of a call as it ended: the outcome the kit settled it with. */
export function endedRecord(started: IntentRecord, outcome: CallOutcome, now: number, holdMs: number): IntentRecord {
  const state: IntentRecord['state'] = outcome.executed === true ? 'executed' : outcome.executed === 'unknown' ? 'unknown' : outcome.blockedBy ? 'blocked' : 'failed';
  return {
    ...started, state, endedAt: now, heldUntil: now + holdMs, status: outcome.status,
    ...(outcome.transactionId ? { transactionId: outcome.transactionId } : {}),
    ...(outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
    ...(outcome.blockedBy?.policy ? { blockedBy: outcome.blockedBy.policy } : {}),
  };
}

/** A record read back from the store; one that cannot be read is still an earlier call, named as unknown. */
export function parseRecord(text: string): IntentRecord | undefined {
  try {
    const record = JSON.parse(text) as IntentRecord;
    if (typeof record?.callId === 'string' && typeof record.tool === 'string' && typeof record.startedAt === 'number') return record;
  } catch {
    // falls through: the caller says the earlier call could not be described
  }
  return undefined;
}

/** The block reason: which earlier call this repeats, when, how it ended, and until when the intent is held. */
export function repeatReason(record: IntentRecord | undefined, holder: string, now: number, escape: string): string {
  if (!record) return `this repeats an earlier call (${holder}) with the same tool, movements and memo, whose record cannot be read; refused so as not to move the same value twice. ${escape}`;
  const when = `${new Date(record.startedAt).toISOString()} (${waitText(now - record.startedAt)} ago)`;
  const held = `The intent is held until ${new Date(record.heldUntil).toISOString()} (${waitText(record.heldUntil - now)} from now)`;
  return `this repeats call ${record.callId} of ${record.tool} made at ${when} with the same movements and memo, which ${howItEnded(record)}. ${held}. ${escape}`;
}

function howItEnded(record: IntentRecord): string {
  const tx = record.transactionId ? ` (transaction ${record.transactionId})` : '';
  switch (record.state) {
    case 'running':
      return 'is still running';
    case 'executed':
      return record.transactionId ? `executed: transaction ${record.transactionId}, ${record.status ?? 'SUCCESS'}; a retry would move the same value again` : `executed (${record.status ?? 'SUCCESS'}); a retry would move the same value again`;
    case 'unknown':
      return `may have executed: its outcome is unknown${tx}; check that transaction on the ledger before trying again`;
    case 'blocked':
      return `was blocked${record.blockedBy ? ` by ${record.blockedBy}` : ''}`;
    default:
      return `failed (${record.errorCode ?? record.status ?? 'ERROR'})${tx}`;
  }
}
