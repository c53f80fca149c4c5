import { existsSync, readFileSync } from 'node:fs';
import type { AnyAuditEntry } from '../entries/index.js';
import { isJournalRecord } from './journal-records.js';
import { readSegment, segmentsFolder } from './journal-segments.js';

/** What a verifier needs from a journal: its entries and which were confirmed delivered. */
export interface JournalSnapshot {
  path: string;
  /** Every entry of the journal's history, in sequence order: the hot file's and its segments'. */
  entries: AnyAuditEntry[];
  delivered: Set<string>;
  /** How many of `entries` came from segments (all of them delivered). */
  archived: number;
  /** The stream ID the journal's batches carry; absent until its first batch was made. */
  stream?: string;
  /** Segments missing or damaged, or an entry found twice: the history read is not the whole truth. */
  problems: string[];
}

interface HotFile {
  entries: Map<string, AnyAuditEntry>;
  delivered: Set<string>;
  segments: number;
  archivedEntries: number;
  stream?: string;
}

/**
 * Reads a journal without locking it, so verification can run beside a live agent: the hot file,
 * then every segment its first line counts. The hot file is read whole in one go, so a compaction
 * renaming a new one into place meanwhile cannot mix two versions, and every segment a version
 * counts was durable before that version existed. A torn last line (a crash mid-append) is ignored,
 * as the writer would on its next start.
 */
export function readJournalSnapshot(path: string): JournalSnapshot | undefined {
  const hot = readHotFile(path);
  if (!hot) return undefined;
  const problems: string[] = [];
  const entries = new Map(hot.entries);
  const from = new Map<string, string>([...hot.entries.keys()].map((id) => [id, 'the hot file']));
  const delivered = new Set(hot.delivered);
  const folder = segmentsFolder(path);
  let archived = 0;
  let damaged = false;
  for (let segment = 1; segment <= hot.segments; segment++) {
    const content = readSegment(folder, segment);
    if (content.problem) {
      problems.push(content.problem);
      damaged = true;
    }
    for (const entry of content.entries) {
      const seen = from.get(entry.id);
      if (seen) problems.push(`Journal entry ${entry.id} (seq ${entry.seq}) is both in ${seen} and in segment ${segment}; the journal holds it twice.`);
      from.set(entry.id, `segment ${segment}`);
      entries.set(entry.id, entry);
      delivered.add(entry.id);
      archived++;
    }
  }
  if (!damaged && archived !== hot.archivedEntries) {
    problems.push(`The journal's segments hold ${archived} entries, but its hot file ${path} counts ${hot.archivedEntries} moved there.`);
  }
  const sorted = [...entries.values()].sort((a, b) => a.seq - b.seq);
  return { path, entries: sorted, delivered, archived, ...(hot.stream ? { stream: hot.stream } : {}), problems };
}

/**
 * The entries of a journal not yet confirmed delivered, in sequence order, read without locking it.
 * Only the hot file is read: an entry leaves it only once delivered.
 */
export function readUndeliveredEntries(path: string): AnyAuditEntry[] | undefined {
  const hot = readHotFile(path);
  if (!hot) return undefined;
  return [...hot.entries.values()].filter((entry) => !hot.delivered.has(entry.id)).sort((a, b) => a.seq - b.seq);
}

function readHotFile(path: string): HotFile | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  const hot: HotFile = { entries: new Map(), delivered: new Set(), segments: 0, archivedEntries: 0 };
  const jobs = new Map<string, string[]>();
  let first = true;
  for (const line of text.slice(0, text.lastIndexOf('\n') + 1).split('\n')) {
    if (!line) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    const atStart = first;
    first = false;
    if (!isJournalRecord(record)) continue;
    if (record.r === 'archive' && atStart) {
      hot.segments = record.segments;
      hot.archivedEntries = record.entries;
    } else if (record.r === 'stream') hot.stream ??= record.id;
    else if (record.r === 'entry') hot.entries.set(record.entry.id, record.entry);
    else if (record.r === 'job') jobs.set(record.job, record.entries);
    else if (record.r === 'complete') jobs.get(record.job)?.forEach((id) => hot.delivered.add(id));
  }
  return hot;
}
