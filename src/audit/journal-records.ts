import type { AuditEntry } from './audit-entry.js';

/**
 * The lines of an audit journal. Every line is one of these, written in this order per call and per
 * delivery: an `intent` when a transaction is built (so a crash between submission and the outcome
 * cannot hide it), the `entry` once the outcome is known, then, in the background, a `job` that fixes
 * which entries go out together, a `plan` that fixes each transaction ID before its first attempt,
 * `done` per step once the network confirmed it, and `complete` when the job is delivered.
 */
export type JournalRecord = IntentRecord | EntryRecord | JobRecord | PlanRecord | DoneRecord | CompleteRecord | StreamRecord;

export interface IntentRecord {
  r: 'intent';
  transactionId: string;
  tool: string;
  at: string;
  params: unknown;
  paramsKind: AuditEntry['paramsKind'];
  /** The transaction's valid duration: after valid start plus this, no copy can land (absent in older journals). */
  validDurationSeconds?: number;
}

export interface EntryRecord {
  r: 'entry';
  entry: AuditEntry;
}

/** A unit of delivery: one HCS message carrying some entries, or one HOL file for one entry. */
export interface JobRecord {
  r: 'job';
  job: string;
  entries: string[];
  /** The exact text(s) the job publishes, fixed here so a resend after a crash is byte-identical. */
  payload: string[];
}

export interface PlanRecord {
  r: 'plan';
  job: string;
  step: string;
  transactionId: string;
}

export interface DoneRecord {
  r: 'done';
  job: string;
  step: string;
  /** What the step produced that later steps need (e.g. the HCS-1 file's topic ID). */
  result?: string;
}

export interface CompleteRecord {
  r: 'complete';
  job: string;
}

/**
 * The journal's stream ID, written once before its first batch: batch messages name it, so a
 * reader can tell the seqs of one journal from another's on a shared topic.
 */
export interface StreamRecord {
  r: 'stream';
  id: string;
}

export function isJournalRecord(value: unknown): value is JournalRecord {
  if (value === null || typeof value !== 'object') return false;
  const r = (value as { r?: unknown }).r;
  return r === 'intent' || r === 'entry' || r === 'job' || r === 'plan' || r === 'done' || r === 'complete' || r === 'stream';
}
