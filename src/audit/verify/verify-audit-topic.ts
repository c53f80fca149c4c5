import { resolve } from 'node:path';
import { DEFAULT_JOURNAL_DIR, readJournalSnapshot, streamJournalPath, streamJournalPaths, type JournalSnapshot } from '../journal/index.js';
import { approvalQuorumCheck, type ApprovalTally } from './approval-quorum-check.js';
import { scheduleProblems, scheduleTally, type ScheduleTally } from './schedule-trail-check.js';
import { readAuditTopic, streamGaps, type FoundEntry } from '../readers/index.js';
import { compareWithJournal, gapProblem, idOf, matchesSchema, reportLostStream } from './stream-checks.js';

export interface VerifyAuditTopicOptions {
  /** Mirror node REST base URL, e.g. `http://127.0.0.1:5551`. */
  mirrorUrl: string;
  /** The audit topic (HCS) or session topic (HOL). */
  topicId: string;
  /** The hooks' journal folder (default `./.agent-hooks/audit`): every journal of the topic in it is checked, one per stream. */
  journalDir?: string;
}

export type { FoundEntry };

/**
 * What verification found for one stream: one journal of the folder (one writer process), or a
 * stream on the topic that no journal of the folder writes (another folder's process, or a journal
 * moved away): its entries cannot be compared, only checked on their own.
 */
export interface StreamVerifyReport {
  /** The stream ID its batches carry; absent for a journal that never made a batch. */
  stream?: string;
  /** The journal's hot file; absent for a stream with no journal in the folder. */
  journal?: string;
  entriesInJournal: number;
  entriesOnTopic: number;
  /** This stream's problems (also in the report's `problems`). */
  problems: string[];
  ok: boolean;
}

export interface AuditVerifyReport {
  topicId: string;
  kind: 'hcs' | 'hol';
  /** The first stream's journal (`<journalDir>/hcs-<topic>.jsonl`), the one a single process writes; `journals` lists every stream's. */
  journal: string;
  /** Every journal of the topic found in the folder, one per stream, in stream order. */
  journals: string[];
  /** Whether any journal was found: without one, nothing could be compared. */
  journalFound: boolean;
  /** In all the journals. */
  entriesInJournal: number;
  entriesOnTopic: number;
  /** The journals' scheduled calls: schedules with their outcome entry, and those still waiting for one. */
  schedules: ScheduleTally;
  /** Calls that ran under an approval request, signed decisions checked, and what is wrong (also in `problems`). */
  approvals: ApprovalTally;
  /** Each journal's stream, then each stream on the topic with no journal in the folder. */
  streams: StreamVerifyReport[];
  /** Plain-words problems, every stream's and the topic's own (messages that are not audit messages); empty when the topic matches the journals exactly. */
  problems: string[];
  ok: boolean;
}

/**
 * Reads an audit topic back from the mirror node and checks it against every journal of the topic in
 * the folder, one per stream (several processes sharing a folder each write their own, see
 * journal-streams.ts), each with its whole history (the hot file and the segments compaction moved
 * delivered entries to): every entry valid under the schema, every journaled entry present exactly
 * once and identical, nothing unknown, every batch carrying exactly the consecutive seqs its header
 * names and naming its journal's stream, and no seq missing between a stream's batches. Batches may
 * reach consensus in any order (several are in flight at once, from several processes); their
 * stream and seqs, not their places on the topic, give each journal's order. Every schedule outcome
 * entry must follow up a journaled scheduled call, once. A stream on the topic that no journal here
 * writes is reported as such and checked on its own (schema, gaps); it does not fail the others.
 * For a HOL session topic each registered HCS-1 file is resolved, its keys and hash checked, and its
 * entries compared the same way. Last, from the topic alone, every call that ran under an approval
 * request had its quorum before it, and every signed decision verifies (approval-quorum-check.ts).
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

  const topic = await readAuditTopic(mirrorUrl, topicId);
  const kind = topic.kind;
  const file = `${kind}-${topicId}.jsonl`;
  const journals = streamJournalPaths(journalDir, file)
    .map((path) => readJournalSnapshot(path))
    .filter((journal): journal is JournalSnapshot => journal !== undefined);
  const firstPath = journals[0]?.path ?? streamJournalPath(journalDir, file, 1);
  if (!topic.known) problems.push(`The mirror node does not know topic ${topicId}.`);
  if (!journals.length) problems.push(`There is no journal for this topic at ${firstPath}; pass the journalDir the hook used.`);
  const checks = journals.map((journal): StreamCheck => ({ journal, found: [], problems: [...journal.problems] }));
  for (const check of checks) problems.push(...check.problems);

  problems.push(...topic.problems);
  const found = topic.found;
  const unjournaled = assign(found, checks, problems);
  // Each stream's problems go to its own report and, in the same order, to the whole report's.
  const note = (own: string[] | undefined, problem: string): void => {
    own?.push(problem);
    problems.push(problem);
  };
  for (const check of checks) {
    const own: string[] = [];
    compareWithJournal(check.found, check.journal, own);
    reportLostStream(check.found, check.journal, own);
    own.push(...scheduleProblems(check.journal.entries));
    for (const problem of own) note(check.problems, problem);
  }
  for (const list of unjournaled.values()) {
    const own: string[] = [];
    for (const { entry, where } of list.found) matchesSchema(entry, where, own);
    for (const problem of own) note(list.problems, problem);
  }
  // Last, as before streams had journals of their own: a gap is news only once the entries are accounted for.
  const owners = streamOwners(checks);
  for (const gap of streamGaps(found)) {
    const owner = owners.get(gap.stream);
    const problem = gapProblem(gap, owner?.journal);
    if (problem) note(owner?.problems ?? unjournaled.get(gap.stream)?.problems, problem);
  }
  // Across streams: an approver's process and the agent's write different streams, ordered by consensus.
  const approvals = approvalQuorumCheck(found);
  problems.push(...approvals.problems);
  const allEntries = journals.flatMap((journal) => journal.entries);
  return {
    topicId,
    kind,
    journal: firstPath,
    journals: journals.map((journal) => journal.path),
    journalFound: journals.length > 0,
    entriesInJournal: allEntries.length,
    entriesOnTopic: found.length,
    schedules: scheduleTally(allEntries),
    approvals,
    streams: [
      ...checks.map((check) => streamReport(check.journal.stream, check.journal.path, check.journal.entries.length, check.found.length, check.problems)),
      ...[...unjournaled].map(([stream, list]) => streamReport(stream, undefined, 0, list.found.length, list.problems)),
    ],
    problems,
    ok: problems.length === 0,
  };
}

/** One journal being checked: what was found on the topic for it, and its problems so far. */
interface StreamCheck {
  journal: JournalSnapshot;
  found: FoundEntry[];
  problems: string[];
}

/**
 * Gives each entry found on the topic to the journal it belongs to: the one holding its ID, else the
 * one whose stream its batch names (which then reports it as not its own). What neither places is
 * a stream without a journal here (returned by stream), or, for an entry of a version 1 message
 * (no stream), the folder's one journal when there is one, else a problem of the topic.
 */
function assign(found: readonly FoundEntry[], checks: StreamCheck[], problems: string[]): Map<string, { found: FoundEntry[]; problems: string[] }> {
  const byId = new Map<string, StreamCheck>();
  for (const check of checks) for (const entry of check.journal.entries) if (!byId.has(entry.id)) byId.set(entry.id, check);
  const byStream = new Map<string, StreamCheck>();
  for (const check of checks) if (check.journal.stream && !byStream.has(check.journal.stream)) byStream.set(check.journal.stream, check);
  const unjournaled = new Map<string, { found: FoundEntry[]; problems: string[] }>();
  for (const item of found) {
    const check = byId.get(idOf(item)) ?? (item.batch ? byStream.get(item.batch.stream) : checks.length === 1 ? checks[0] : undefined);
    if (check) check.found.push(item);
    else if (item.batch) {
      const list = unjournaled.get(item.batch.stream) ?? { found: [], problems: [] };
      list.found.push(item);
      unjournaled.set(item.batch.stream, list);
    } else if (matchesSchema(item.entry, item.where, problems)) {
      problems.push(`The entry in ${item.where} (id ${idOf(item)}) is in none of the ${checks.length} journals of this topic in the folder, and its message names no stream.`);
    }
  }
  return unjournaled;
}

/** Each stream's journal: the one whose entries its batches carry (a journal that lost its stream ID has two). */
function streamOwners(checks: readonly StreamCheck[]): Map<string, StreamCheck> {
  const owners = new Map<string, StreamCheck>();
  for (const check of checks) {
    const ids = new Set(check.journal.entries.map((entry) => entry.id));
    for (const item of check.found) if (item.batch && !owners.has(item.batch.stream) && ids.has(idOf(item))) owners.set(item.batch.stream, check);
  }
  return owners;
}

function streamReport(stream: string | undefined, journal: string | undefined, entriesInJournal: number, entriesOnTopic: number, problems: string[]): StreamVerifyReport {
  return { ...(stream ? { stream } : {}), ...(journal ? { journal } : {}), entriesInJournal, entriesOnTopic, problems, ok: problems.length === 0 };
}
