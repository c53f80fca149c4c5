import { existsSync, readFileSync } from 'node:fs';
import type { AuditEntry } from './audit-entry.js';
import { isJournalRecord } from './journal-records.js';

/** What a verifier needs from a journal: its entries and which were confirmed delivered. */
export interface JournalSnapshot {
  path: string;
  entries: AuditEntry[];
  delivered: Set<string>;
}

/**
 * Reads a journal without locking it, so verification can run beside a live agent. A torn last
 * line (a crash mid-append) is ignored, as the writer would on its next start.
 */
export function readJournalSnapshot(path: string): JournalSnapshot | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  const entries = new Map<string, AuditEntry>();
  const jobs = new Map<string, string[]>();
  const delivered = new Set<string>();
  for (const line of text.slice(0, text.lastIndexOf('\n') + 1).split('\n')) {
    if (!line) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isJournalRecord(record)) continue;
    if (record.r === 'entry') entries.set(record.entry.id, record.entry);
    else if (record.r === 'job') jobs.set(record.job, record.entries);
    else if (record.r === 'complete') jobs.get(record.job)?.forEach((id) => delivered.add(id));
  }
  return { path, entries: [...entries.values()].sort((a, b) => a.seq - b.seq), delivered };
}
