import type { AnyAuditEntry, AuditEntry } from '../entries/index.js';

/**
 * The lines of an audit journal's hot file. Every line is one of these, written in this order per call
 * and per delivery: an `intent` when a transaction is built (so a crash between submission and the
 * outcome cannot hide it), the `entry` once the outcome is known, then, in the background, a `job`
 * that fixes which entries go out together, a `plan` that fixes each transaction ID before its first
 * attempt, `done` per step once the network confirmed it, and `complete` when the job is delivered.
 * A `stream` line, once per journal before its first job, names the stream its batches carry. A
 * compacted hot file starts with an `archive` line naming the segments that hold delivered history.
 * A `watch` line carries a schedule still waiting for its outcome entry across a compaction, and a
 * `settled` line a call entry whose schedule's outcome the compaction moved out. A `noop` line,
 * written on a restart before a no-op is sent under an interrupted call's transaction ID, names the
 * hashes that no-op can have, so whichever copy of the ID ran is told apart by its hash.
 */
export type JournalRecord =
  | ArchiveRecord | StreamRecord | IntentRecord | NoopRecord | EntryRecord | WatchRecord | SettledRecord | JobRecord | PlanRecord | DoneRecord | CompleteRecord;

/**
 * First line of a compacted hot file: delivered entries moved out to segments 1…`segments` (in the
 * folder beside the file), `entries` of them in all. Only segments named here belong to the journal:
 * one with a higher number is what an interrupted compaction left, and its entries are still here.
 */
export interface ArchiveRecord {
  r: 'archive';
  segments: number;
  entries: number;
  /** The highest sequence number given so far, so numbering goes on when no entry is left here. */
  lastSeq: number;
}

/**
 * The journal's stream ID, written once before its first batch: batch messages name it, so a
 * reader can tell the seqs of one journal from another's on a shared topic. It is a live record,
 * never archived: a compaction writes it again right after the `archive` line, so a journal keeps
 * its stream (and its seqs go on within it) for its whole life.
 */
export interface StreamRecord {
  r: 'stream';
  id: string;
}

export interface IntentRecord {
  r: 'intent';
  transactionId: string;
  tool: string;
  at: string;
  params: unknown;
  paramsKind: AuditEntry['paramsKind'];
  /** The transaction's valid duration: after valid start plus this, no copy can land (absent in older journals). */
  validDurationSeconds?: number;
  /**
   * The transaction goes out from this process only (the kit's AUTONOMOUS strategy submits it in the
   * call), so once that process is gone nothing else will send it: a restart may settle the call at
   * once by sending a no-op under its transaction ID. Absent where something else may still send it
   * (a custom strategy) and in older journals: those wait for the validity window to close.
   */
  preemptible?: true;
}

/**
 * A no-op about to be sent under an interrupted call's transaction ID (see IntentRecord.preemptible):
 * the SHA-384 hashes (hex) of its signed bytes, one per node it may go to. Journaled before it is
 * sent, so a later start that finds a record under that ID knows whether it is a no-op's (the call
 * never executed) or the call's own, whichever process sent the no-op.
 */
export interface NoopRecord {
  r: 'noop';
  transactionId: string;
  hashes: string[];
}

export interface EntryRecord {
  r: 'entry';
  entry: AnyAuditEntry;
}

/**
 * A scheduled call whose schedule has no outcome entry yet. A call entry with a schedule is itself
 * the watch while it is in the hot file; a compaction may move that entry to a segment, so it
 * writes this line in the new hot file for every schedule still pending, and the watch survives.
 */
export interface WatchRecord extends ScheduleWatch {
  r: 'watch';
}

/**
 * A call entry still in the hot file whose schedule's outcome entry a compaction moved to a
 * segment: replaying that call entry must not start watching its schedule again.
 */
export interface SettledRecord {
  r: 'settled';
  entry: string;
}

/** What watching a schedule needs from the call entry that recorded it. */
export interface ScheduleWatch {
  /** The call entry's ID and seq, which the outcome entry names. */
  entry: string;
  seq: number;
  tool: string;
  scheduleId: string;
  scheduledTransactionId: string;
  /** When the call was made (the call entry's timestamp). */
  at: string;
  /** The approval request the call ran under (the call entry's `approvalRequestId`): a ledger approval is closed by the outcome. */
  approvalRequestId?: string;
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
 * Last line of a segment: how many entry lines precede it and the SHA-256 of their bytes, so a
 * segment cut short or changed reads as damaged rather than as a shorter history.
 */
export interface SealRecord {
  r: 'seal';
  segment: number;
  entries: number;
  sha256: string;
}

export function isJournalRecord(value: unknown): value is JournalRecord {
  if (value === null || typeof value !== 'object') return false;
  const r = (value as { r?: unknown }).r;
  if (r === 'archive') return isArchiveRecord(value);
  if (r === 'stream') return typeof (value as Partial<StreamRecord>).id === 'string' && (value as StreamRecord).id !== '';
  if (r === 'watch') return isWatch(value);
  if (r === 'settled') return typeof (value as Partial<SettledRecord>).entry === 'string';
  if (r === 'noop') return isNoop(value);
  return r === 'intent' || r === 'entry' || r === 'job' || r === 'plan' || r === 'done' || r === 'complete';
}

function isNoop(value: object): boolean {
  const { transactionId, hashes } = value as Partial<NoopRecord>;
  return typeof transactionId === 'string' && transactionId !== '' && Array.isArray(hashes) && hashes.every((hash) => typeof hash === 'string' && /^[0-9a-f]{96}$/.test(hash));
}

function isWatch(value: object): boolean {
  const { entry, seq, tool, scheduleId, scheduledTransactionId, at } = value as Partial<WatchRecord>;
  return [entry, tool, scheduleId, scheduledTransactionId, at].every((field) => typeof field === 'string' && field !== '') && Number.isSafeInteger(seq);
}

function isArchiveRecord(value: object): value is ArchiveRecord {
  const { segments, entries, lastSeq } = value as Partial<ArchiveRecord>;
  return [segments, entries, lastSeq].every((count) => Number.isSafeInteger(count) && count! >= 0);
}

export function isSealRecord(value: unknown): value is SealRecord {
  if (value === null || typeof value !== 'object') return false;
  const { r, segment, entries, sha256 } = value as Partial<SealRecord>;
  return r === 'seal' && Number.isSafeInteger(segment) && Number.isSafeInteger(entries) && typeof sha256 === 'string';
}
