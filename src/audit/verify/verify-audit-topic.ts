import { resolve } from 'node:path';
import { DEFAULT_JOURNAL_DIR, readJournalSnapshot } from '../journal/index.js';
import { auditEntryProblems, type AnyAuditEntry } from '../entries/index.js';
import { scheduleProblems, scheduleTally, type ScheduleTally } from './schedule-trail-check.js';
import { readAuditMessages, streamGaps, type FoundEntry, fetchTopicInfo, fetchTopicMessages, readHolEntries } from '../readers/index.js';
import { isIndexedRegistryMemo } from '../codecs/index.js';

export interface VerifyAuditTopicOptions {
  /** Mirror node REST base URL, e.g. `http://127.0.0.1:5551`. */
  mirrorUrl: string;
  /** The audit topic (HCS) or session topic (HOL). */
  topicId: string;
  /** The hook's journal folder (default `./.agent-hooks/audit`). */
  journalDir?: string;
}

export type { FoundEntry };

export interface AuditVerifyReport {
  topicId: string;
  kind: 'hcs' | 'hol';
  journal: string;
  /** Whether a journal was found at `journal`: without one, nothing could be compared. */
  journalFound: boolean;
  entriesInJournal: number;
  entriesOnTopic: number;
  /** The journal's scheduled calls: schedules with their outcome entry, and those still waiting for one. */
  schedules: ScheduleTally;
  /** Plain-words problems; empty when the topic matches the journal exactly. */
  problems: string[];
  ok: boolean;
}

/**
 * Reads an audit topic back from the mirror node and checks it against the local journal's whole
 * history (the hot file and the segments compaction moved delivered entries to): every entry valid
 * under the schema, every journaled entry present exactly once and identical, nothing unknown,
 * every batch carrying exactly the consecutive seqs its header names and naming the journal's
 * stream, and no seq missing between a stream's batches. Batches may reach consensus in any order
 * (several are in flight at once); their seqs, not their places on the topic, give the journal's
 * order. Every schedule outcome entry must follow up a journaled scheduled call, once. For a HOL session topic each registered HCS-1 file is resolved, its keys and hash
 * checked, and its entries compared the same way.
 *
 * @example
 * const report = await verifyAuditTopic({ mirrorUrl: 'http://127.0.0.1:5551', topicId: '0.0.1234', journalDir: './audit' });
 * if (!report.ok) console.error(report.problems.join('\n'));
 */
export async function verifyAuditTopic(options: VerifyAuditTopicOptions): Promise<AuditVerifyReport> {
  const { mirrorUrl, topicId } = options;
  if (typeof mirrorUrl !== 'string' || !/^https?:\/\//.test(mirrorUrl)) throw new Error(`verifyAuditTopic: mirrorUrl must be an http(s) URL, got ${JSON.stringify(mirrorUrl)}.`);
  if (typeof topicId !== 'string' || !/^\d+\.\d+\.\d+$/.test(topicId)) throw new Error(`verifyAuditTopic: topicId must look like 0.0.1234, got ${JSON.stringify(topicId)}.`);
  const journalDir = resolve(options.journalDir ?? DEFAULT_JOURNAL_DIR);
  const problems: string[] = [];

  const info = await fetchTopicInfo(mirrorUrl, topicId);
  const kind: 'hcs' | 'hol' = info && isIndexedRegistryMemo(info.memo) ? 'hol' : 'hcs';
  const journalPath = resolve(journalDir, `${kind}-${topicId}.jsonl`);
  const journal = readJournalSnapshot(journalPath);
  if (!info) problems.push(`The mirror node does not know topic ${topicId}.`);
  if (!journal) problems.push(`There is no journal for this topic at ${journalPath}; pass the journalDir the hook used.`);
  else problems.push(...journal.problems);

  const messages = info ? await fetchTopicMessages(mirrorUrl, topicId) : [];
  const found = kind === 'hol' ? await readHolEntries(mirrorUrl, messages, problems) : readHcsEntries(messages, problems);
  if (journal) {
    compare(found, journal.entries, journal.delivered, problems);
    reportStreams(found, journal.entries, journal.stream, problems);
    problems.push(...scheduleProblems(journal.entries));
  }
  reportGaps(found, journal?.entries ?? [], problems);
  return {
    topicId,
    kind,
    journal: journalPath,
    journalFound: journal !== undefined && journal !== null,
    entriesInJournal: journal?.entries.length ?? 0,
    entriesOnTopic: found.length,
    schedules: scheduleTally(journal?.entries ?? []),
    problems,
    ok: problems.length === 0,
  };
}

function readHcsEntries(messages: Awaited<ReturnType<typeof fetchTopicMessages>>, problems: string[]): FoundEntry[] {
  const read = readAuditMessages(messages);
  problems.push(...read.problems);
  return read.found;
}

/**
 * Seqs missing between a stream's batches that the journal cannot account for (it reports its own
 * missing entries by name): e.g. a journal that no longer holds them, or another writer's stream.
 */
function reportGaps(found: readonly FoundEntry[], journaled: readonly AnyAuditEntry[], problems: string[]): void {
  const ids = new Set(journaled.map((entry) => entry.id));
  const seqs = new Set(journaled.map((entry) => entry.seq));
  // This journal's streams: those whose batches carry its entries.
  const mine = new Set(found.filter((item) => item.batch && ids.has((item.entry as { id?: unknown } | null)?.id as string)).map((item) => item.batch!.stream));
  for (const gap of streamGaps(found)) {
    const unaccounted: number[] = [];
    for (let seq = gap.first; seq <= gap.last; seq++) if (!(mine.has(gap.stream) && seqs.has(seq))) unaccounted.push(seq);
    if (unaccounted.length) problems.push(`Stream ${gap.stream} has no batch with seq ${describeRange(unaccounted)}: a message between its batches is missing from the topic.`);
  }
}

/**
 * A journal has one stream for its whole life, compactions and restarts included: a batch of its
 * entries under another stream (or a journal that records none) means the stream ID was lost, and
 * its seqs can no longer be told from another writer's.
 */
function reportStreams(found: readonly FoundEntry[], journaled: readonly AnyAuditEntry[], stream: string | undefined, problems: string[]): void {
  const ids = new Set(journaled.map((entry) => entry.id));
  const others = new Map<string, number[]>();
  for (const item of found) {
    if (!item.batch || item.batch.stream === stream || !ids.has((item.entry as { id?: unknown } | null)?.id as string)) continue;
    const seqs = others.get(item.batch.stream) ?? [];
    seqs.push(Number((item.entry as { seq?: unknown }).seq));
    others.set(item.batch.stream, seqs);
  }
  for (const [other, seqs] of others) {
    const sorted = [...seqs].sort((a, b) => a - b);
    problems.push(
      `Journal entries seq ${describeRange(sorted)} reached the topic in batches of stream ${other}, but ${stream ? `the journal's stream is ${stream}` : 'the journal records no stream'}: the journal lost its stream ID.`,
    );
  }
}

/** Ascending seqs as runs (`3`, `5-9`, `3, 5-9`): a journal's whole history can be one line. */
function describeRange(seqs: readonly number[]): string {
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
  return `seq ${entry.seq} (${entry.tool}, ${entry.outcome}, ${entry.timestamp})`;
}

function compare(found: FoundEntry[], journaled: AnyAuditEntry[], delivered: Set<string>, problems: string[]): void {
  const byId = new Map(journaled.map((entry) => [entry.id, entry]));
  const seen = new Map<string, string[]>();
  for (const { entry, where } of found) {
    const schemaProblems = auditEntryProblems(entry);
    if (schemaProblems.length) {
      problems.push(`The entry in ${where} does not match the audit entry schema: ${schemaProblems.join('; ')}.`);
      continue;
    }
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
  for (const entry of journaled) {
    if (seen.has(entry.id)) continue;
    problems.push(
      delivered.has(entry.id)
        ? `Journal entry ${describe(entry)} is missing from the topic although the journal records it as delivered.`
        : `Journal entry ${describe(entry)} is not on the topic yet: the journal has not delivered it (let the hook flush, e.g. kit.audit.flush() or kit.close()).`,
    );
  }
}
