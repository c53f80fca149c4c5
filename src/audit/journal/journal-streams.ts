import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AgentHooksError, ErrorCode } from '../../errors/index.js';
import type { KeyRedactor } from '../../secrets/key-redactor.js';
import { AuditJournal, type AuditJournalOptions } from './audit-journal.js';

/** Most streams one trail may have in one folder: a bound on the locks a start may try, not a fleet size anyone reaches. */
export const MAX_STREAMS_PER_FOLDER = 1_000;

const HOT_FILE_SUFFIX = '.jsonl';

/**
 * The hot file of stream `n` of the trail whose first journal is `file` (e.g. `hcs-0.0.1234.jsonl`):
 * stream 1 is `file` itself, so a folder written before fleets existed is stream 1 as it is, and
 * stream n is `hcs-0.0.1234.stream-<n>.jsonl`.
 *
 * @example
 * streamJournalPath('/srv/audit', 'hcs-0.0.1234.jsonl', 2); // '/srv/audit/hcs-0.0.1234.stream-2.jsonl'
 */
export function streamJournalPath(folder: string, file: string, n: number): string {
  return join(folder, n === 1 ? file : `${baseOf(file)}.stream-${n}${HOT_FILE_SUFFIX}`);
}

/** The stream numbers whose hot file exists in `folder` for the trail of `file`, ascending. */
export function streamNumbers(folder: string, file: string): number[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const base = baseOf(file);
  const numbers: number[] = [];
  for (const name of names) {
    if (name === file) numbers.push(1);
    else if (name.startsWith(`${base}.stream-`) && name.endsWith(HOT_FILE_SUFFIX)) {
      const digits = name.slice(base.length + '.stream-'.length, -HOT_FILE_SUFFIX.length);
      // Only the names this file gives: `stream-02` or `stream-1` would be read as a stream no writer ever opens.
      if (/^[1-9]\d*$/.test(digits) && Number(digits) > 1) numbers.push(Number(digits));
    }
  }
  return numbers.sort((a, b) => a - b);
}

/** The hot files of every stream of the trail of `file` in `folder`, in stream order. */
export function streamJournalPaths(folder: string, file: string): string[] {
  return streamNumbers(folder, file).map((n) => streamJournalPath(folder, file, n));
}

/**
 * Opens a stream of its own for this audit hook among the journals of `folder`, so several processes
 * (a fleet) can share one configuration and one journal folder, each writing its own journal, with
 * its own stream ID and seqs, to the same topic. A journal is a stream's for life: whoever holds its
 * lock writes it, and the seqs and stream ID go on in the file, so a process that adopts it later
 * carries that stream on.
 *
 * Which one: a free journal that still has work (entries not delivered, delivery jobs in progress,
 * calls whose outcome was never written, schedules without an outcome entry) first, so what a process
 * that died left (its lock is taken over, see journal-lock.ts) is delivered and settled by the next
 * process to start; else the free journal with the lowest number, so one process restarted goes on
 * with the same stream; else a new stream with the next free number. A journal held by a live process,
 * another hook of this one included, is never touched.
 *
 * @example
 * const journal = await openStreamJournal('/srv/audit', 'hcs-0.0.1234.jsonl', redactor);
 * journal.path; // '/srv/audit/hcs-0.0.1234.jsonl', or '…/hcs-0.0.1234.stream-2.jsonl' when a live process holds that one
 */
export async function openStreamJournal(folder: string, file: string, secrets?: KeyRedactor, options: AuditJournalOptions = {}): Promise<AuditJournal> {
  const existing = streamNumbers(folder, file);
  let idle: AuditJournal | undefined;
  for (const n of existing) {
    const journal = await AuditJournal.openIfFree(streamJournalPath(folder, file, n), secrets, options);
    if (!journal) continue;
    if (hasWork(journal)) {
      await idle?.close();
      return journal;
    }
    if (idle) await journal.close();
    else idle = journal;
  }
  if (idle) return idle;
  const taken = new Set(existing);
  for (let n = 1; n <= MAX_STREAMS_PER_FOLDER; n++) {
    if (taken.has(n)) continue;
    // Another process may be making this very stream: its lock decides, and the loser tries the next number.
    const journal = await AuditJournal.openIfFree(streamJournalPath(folder, file, n), secrets, options);
    if (journal) return journal;
  }
  throw new AgentHooksError(
    ErrorCode.INVALID_ARGUMENT,
    `Every one of the ${MAX_STREAMS_PER_FOLDER} audit journals for ${file} in ${folder} is held by a live process, so this one has no stream to write. Stop some of them, or give this process its own journalDir.`,
  );
}

function hasWork(journal: AuditJournal): boolean {
  return journal.undeliveredCount() > 0 || journal.openJobs().length > 0 || journal.unresolvedIntentCount() > 0 || journal.pendingScheduleCount() > 0;
}

function baseOf(file: string): string {
  return file.endsWith(HOT_FILE_SUFFIX) ? file.slice(0, -HOT_FILE_SUFFIX.length) : file;
}
