import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AnyAuditEntry } from '../entries/index.js';
import { removeIfPresent, syncDirectory } from './durable-files.js';
import { isSealRecord, type EntryRecord, type SealRecord } from './journal-records.js';
import { makeFolders } from './make-folders.js';

/**
 * Segments hold a journal's delivered history, out of the hot file: numbered files in a folder
 * beside it (`hcs-0.0.1234.jsonl` → `hcs-0.0.1234.segments/000001.jsonl`, …), each a run of `entry`
 * lines in sequence order and a closing `seal` line. A segment is written once, to a temporary name,
 * synced and renamed, and never changed again; it belongs to the journal only once the hot file's
 * `archive` line counts it (see AuditJournal's compaction). Nothing reads segments while the journal
 * runs, so they cost nothing per call or on open; `audit verify` reads them all.
 *
 * Why segments rather than an index into one ever-growing file: the live part must be rewritten
 * anyway (plans and jobs go stale), so a small hot file plus files that never change again is the
 * simplest shape whose every step is one atomic rename; immutable segments can be read by a verifier
 * beside a live agent without a lock, copied or archived as they are, and a damaged one is found by
 * its own seal instead of spoiling the file the agent appends to.
 */
export function segmentsFolder(journalPath: string): string {
  return `${journalPath.replace(/\.jsonl$/, '')}.segments`;
}

const SEGMENT_NAME = /^(\d+)\.jsonl$/;

function segmentPath(folder: string, segment: number): string {
  return join(folder, `${String(segment).padStart(6, '0')}.jsonl`);
}

/**
 * Writes `entries` (delivered, in sequence order) as segments `first`, `first + 1`, … of at most
 * `perSegment` entries each, and makes them durable, folder entries included. Returns how many it
 * wrote. A segment file already there under one of these numbers is an interrupted compaction's and
 * is overwritten.
 */
export async function writeSegments(folder: string, first: number, entries: readonly AnyAuditEntry[], perSegment: number): Promise<number> {
  if (entries.length === 0) return 0;
  if (!existsSync(folder)) {
    makeFolders(folder);
    syncDirectory(dirname(folder));
  }
  let count = 0;
  for (let at = 0; at < entries.length; at += perSegment) await writeSegment(folder, first + count++, entries.slice(at, at + perSegment));
  syncDirectory(folder);
  return count;
}

async function writeSegment(folder: string, segment: number, entries: readonly AnyAuditEntry[]): Promise<void> {
  const body = entries.map((entry) => JSON.stringify({ r: 'entry', entry } satisfies EntryRecord) + '\n').join('');
  const seal: SealRecord = { r: 'seal', segment, entries: entries.length, sha256: sha256(body) };
  const path = segmentPath(folder, segment);
  const temporary = `${path}.tmp`;
  removeIfPresent(temporary);
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.write(body + JSON.stringify(seal) + '\n');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    try {
      removeIfPresent(temporary);
    } catch {
      // deleted on the next open
    }
    throw error;
  }
}

/**
 * Deletes what an interrupted compaction left: temporary files, and segments numbered above
 * `committed` (their entries are still in the hot file, which never came to count them).
 */
export function tidySegments(folder: string, committed: number): void {
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    const numbered = SEGMENT_NAME.exec(name);
    if (name.endsWith('.tmp') || (numbered && Number(numbered[1]) > committed)) removeIfPresent(join(folder, name));
  }
}

/** One segment's entries as read back, with a problem when it is missing or damaged. */
export interface SegmentContent {
  entries: AnyAuditEntry[];
  problem?: string;
}

/**
 * Reads segment `segment` and checks its seal: a count or hash that does not match means the file
 * was cut short or changed after it was written. The entries that do parse are returned either way.
 */
export function readSegment(folder: string, segment: number): SegmentContent {
  const path = segmentPath(folder, segment);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { entries: [], problem: `Journal segment ${segment} (${path}) cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): the delivered entries it held cannot be checked.` };
  }
  const lines = text.split('\n');
  const complete = lines.pop() === '';
  const sealLine = lines.pop() ?? '';
  const entries: AnyAuditEntry[] = [];
  let unreadable = 0;
  for (const line of lines) {
    const record = parse(line) as Partial<EntryRecord> | undefined;
    if (record?.r === 'entry' && record.entry !== null && typeof record.entry === 'object') entries.push(record.entry);
    else unreadable++;
  }
  const seal = parse(sealLine);
  const damage = !complete
    ? 'it does not end with a complete line'
    : !isSealRecord(seal)
      ? 'its last line is not its seal'
      : seal.segment !== segment
        ? `its seal names segment ${seal.segment}`
        : unreadable
          ? `${unreadable} of its lines are not entries`
          : seal.entries !== entries.length || seal.sha256 !== sha256(lines.map((line) => line + '\n').join(''))
            ? `its seal says ${seal.entries} entries with another content hash than the ${entries.length} it holds`
            : undefined;
  return damage ? { entries, problem: `Journal segment ${segment} (${path}) is damaged: ${damage}; it was changed after it was written.` } : { entries };
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
