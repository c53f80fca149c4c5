import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  auditEntryProblems, bySeq, readAuditTopic, readJournalSnapshot,
  type AnyAuditEntry,
} from '../../audit/index.js';
import { UsageError } from '../usage-error.js';

/** One entry of the trail being replayed, with where it was read and its place in the replay order. */
export interface RecordedEntry {
  /** The entry, or what was read when it is not a valid one (see `problems`). */
  entry: AnyAuditEntry;
  /** The journal file or the topic it was read from, e.g. `hcs-0.0.1234.stream-2.jsonl` or `topic 0.0.1234`. */
  source: string;
  /** Schema problems: such an entry is listed as not replayable, never re-judged. */
  problems: string[];
}

/** What a source holds: its entries in replay order, and what could not be read, in plain words. */
export interface RecordedTrail {
  /** e.g. `journal folder /srv/audit (2 journals)` or `topic 0.0.1234 on http://127.0.0.1:5551`. */
  description: string;
  entries: RecordedEntry[];
  problems: string[];
}

/** A hook's hot journal file (`hcs-<topic>.jsonl`, `hol-<session>.jsonl`, a fleet's `….stream-<n>.jsonl`). */
const JOURNAL_FILE = /^(hcs|hol)-.+\.jsonl$/;

/**
 * Every journal of a folder shared by one or several processes, each with its whole history (hot
 * file and segments), merged into one replay order: by timestamp, and within one timestamp by
 * journal and seq. Stateful policies shared by a fleet (one Redis budget) saw the calls of every
 * process in time order, so that is the order they are judged in again.
 */
export function readJournalFolder(folder: string): RecordedTrail {
  let names: string[];
  try {
    if (!statSync(folder).isDirectory()) throw new UsageError(`--journal: ${folder} is a file, not a folder; pass the journalDir the audit hook wrote`);
    names = readdirSync(folder);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--journal: there is no folder ${folder} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}); pass the journalDir the audit hook wrote`);
  }
  const files = names.filter((name) => JOURNAL_FILE.test(name)).sort();
  if (!files.length) throw new UsageError(`--journal: ${folder} holds no audit journal (hcs-<topic>.jsonl or hol-<session>.jsonl); pass the journalDir the audit hook wrote`);
  const problems: string[] = [];
  const entries: RecordedEntry[] = [];
  for (const file of files) {
    const snapshot = readJournalSnapshot(path.join(folder, file));
    if (!snapshot) continue;
    problems.push(...snapshot.problems.map((problem) => `${file}: ${problem}`));
    for (const entry of snapshot.entries) entries.push({ entry, source: file, problems: auditEntryProblems(entry) });
  }
  return { description: `journal folder ${folder} (${files.length === 1 ? '1 journal' : `${files.length} journals`})`, entries: inReplayOrder(entries), problems };
}

/**
 * The entries of an audit topic (HCS) or HOL session topic, read through the mirror node as
 * `audit verify` reads them, in replay order (by timestamp, then stream and seq).
 */
export async function readTopic(mirrorUrl: string, topicId: string): Promise<RecordedTrail> {
  const topic = await readAuditTopic(mirrorUrl, topicId);
  if (!topic.known) throw new UsageError(`--topic: the mirror node at ${mirrorUrl} knows no topic ${topicId}; check the topic ID and --mirror`);
  const entries = bySeq(topic.found).map(({ entry, batch }) => ({
    entry: entry as AnyAuditEntry,
    source: `topic ${topicId}${batch?.stream ? ` stream ${batch.stream.slice(0, 8)}` : ''}`,
    problems: auditEntryProblems(entry),
  }));
  return { description: `${topic.kind === 'hol' ? 'HOL session topic' : 'topic'} ${topicId} on ${mirrorUrl}`, entries: inReplayOrder(entries), problems: topic.problems };
}

/** Stable: entries with the same (or no readable) timestamp keep the order they were read in (journal, then seq). */
function inReplayOrder(entries: RecordedEntry[]): RecordedEntry[] {
  const at = (recorded: RecordedEntry): number => {
    const time = Date.parse(String((recorded.entry as { timestamp?: unknown }).timestamp));
    return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
  };
  return entries
    .map((recorded, index) => ({ recorded, index, time: at(recorded) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ recorded }) => recorded);
}
