import { auditEntryProblems, entryOutcome, type AnyAuditEntry } from '../entries/index.js';
import type { FoundEntry } from '../readers/index.js';

/** What a stream check needs of a journal: its whole history, what it counts as delivered, its stream. */
export interface JournalHistory {
  entries: readonly AnyAuditEntry[];
  delivered: ReadonlySet<string>;
  stream?: string;
}

/**
 * Compares the entries found on the topic for one journal with that journal's history: each valid
 * under the schema, each journaled entry present exactly once and identical, nothing it did not write.
 */
export function compareWithJournal(found: readonly FoundEntry[], journal: JournalHistory, problems: string[]): void {
  const byId = new Map(journal.entries.map((entry) => [entry.id, entry]));
  const seen = new Map<string, string[]>();
  for (const { entry, where } of found) {
    if (!matchesSchema(entry, where, problems)) continue;
    const valid = entry as AnyAuditEntry;
    const mine = byId.get(valid.id);
    if (!mine) {
      problems.push(`The entry in ${where} (id ${valid.id}, ${valid.tool}, ${valid.timestamp}) is not in the journal: it was not written by this hook's journal.`);
      continue;
    }
    const places = seen.get(valid.id) ?? [];
    places.push(where);
    seen.set(valid.id, places);
    if (places.length > 1) continue;
    if (JSON.stringify(valid) !== JSON.stringify(mine)) problems.push(`Journal entry ${describe(mine)} differs from the copy in ${where}.`);
  }
  for (const [id, places] of seen) {
    if (places.length > 1) problems.push(`Journal entry ${describe(byId.get(id)!)} appears ${places.length} times on the topic (${places.join(', ')}).`);
  }
  for (const entry of journal.entries) {
    if (seen.has(entry.id)) continue;
    problems.push(
      journal.delivered.has(entry.id)
        ? `Journal entry ${describe(entry)} is missing from the topic although the journal records it as delivered.`
        : `Journal entry ${describe(entry)} is not on the topic yet: the journal has not delivered it (let the hook flush, e.g. kit.audit.flush() or kit.close()).`,
    );
  }
}

/** Whether `entry` is valid under the audit entry schema; a problem naming `where` when not. */
export function matchesSchema(entry: unknown, where: string, problems: string[]): boolean {
  const schemaProblems = auditEntryProblems(entry);
  if (schemaProblems.length) problems.push(`The entry in ${where} does not match the audit entry schema: ${schemaProblems.join('; ')}.`);
  return schemaProblems.length === 0;
}

/**
 * A journal has one stream for its whole life, compactions, restarts and adoption by another process
 * included: a batch of its entries under another stream (or a journal that records none) means the
 * stream ID was lost, and its seqs can no longer be told from another writer's.
 */
export function reportLostStream(found: readonly FoundEntry[], journal: JournalHistory, problems: string[]): void {
  const ids = new Set(journal.entries.map((entry) => entry.id));
  const others = new Map<string, number[]>();
  for (const item of found) {
    if (!item.batch || item.batch.stream === journal.stream || !ids.has(idOf(item))) continue;
    const seqs = others.get(item.batch.stream) ?? [];
    seqs.push(Number((item.entry as { seq?: unknown }).seq));
    others.set(item.batch.stream, seqs);
  }
  for (const [other, seqs] of others) {
    const sorted = [...seqs].sort((a, b) => a - b);
    problems.push(
      `Journal entries seq ${describeRange(sorted)} reached the topic in batches of stream ${other}, but ${journal.stream ? `the journal's stream is ${journal.stream}` : 'the journal records no stream'}: the journal lost its stream ID.`,
    );
  }
}

/**
 * The problem for a gap between a stream's batches, unless `journal` (the journal whose entries that
 * stream carries, if any) holds every missing seq: it reports its own missing entries by name.
 */
export function gapProblem(gap: { stream: string; first: number; last: number }, journal: JournalHistory | undefined): string | undefined {
  const seqs = new Set(journal?.entries.map((entry) => entry.seq));
  const unaccounted: number[] = [];
  for (let seq = gap.first; seq <= gap.last; seq++) if (!seqs.has(seq)) unaccounted.push(seq);
  return unaccounted.length ? `Stream ${gap.stream} has no batch with seq ${describeRange(unaccounted)}: a message between its batches is missing from the topic.` : undefined;
}

/** The `id` of a found entry, when it has one. */
export function idOf(item: FoundEntry): string {
  const id = (item.entry as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : '';
}

/** Ascending seqs as runs (`3`, `5-9`, `3, 5-9`): a journal's whole history can be one line. */
export function describeRange(seqs: readonly number[]): string {
  const runs: string[] = [];
  for (let at = 0; at < seqs.length; ) {
    let end = at;
    while (end + 1 < seqs.length && seqs[end + 1] === seqs[end]! + 1) end++;
    runs.push(end === at ? String(seqs[at]) : `${seqs[at]}-${seqs[end]}`);
    at = end + 1;
  }
  return runs.join(', ');
}

function describe(entry: AnyAuditEntry): string {
  return `seq ${entry.seq} (${entry.tool}, ${entryOutcome(entry)}, ${entry.timestamp})`;
}
