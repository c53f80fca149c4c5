import { isCallEntry, isScheduleOutcomeEntry, type AnyAuditEntry } from '../entries/index.js';
import type { ArchiveRecord, IntentRecord, JournalRecord, ScheduleWatch } from './journal-records.js';

/**
 * A delivery job as the journal knows it. Each job has one object for the journal's life: `plan`,
 * `done` and `complete` records update it in place, and a compaction carries it over as it is, so
 * whoever holds it (the publisher, across batches in flight) sees the latest without asking again.
 */
export interface JournalJob {
  job: string;
  entries: string[];
  payload: string[];
  /** step → fixed transaction ID */
  plans: Map<string, string>;
  /** step → result (empty string when the step had none) */
  done: Map<string, string>;
  complete: boolean;
}

/** Delivered entries ready to leave the hot file, and the jobs that delivered them. */
export interface Archivable {
  jobs: ReadonlySet<string>;
  /** In sequence order. */
  entries: AnyAuditEntry[];
}

/**
 * What a journal's hot file says, held in memory so that every question the publisher asks costs
 * what is pending, not what was ever written: entries and jobs are kept in maps by state (not yet
 * in a job, not yet delivered, delivered but still in the hot file), each in the order records were
 * applied, which is sequence order. Delivered entries stay only until a compaction moves them out.
 * No I/O here: the journal applies a record once it is durable.
 */
export class JournalState {
  /** The highest sequence number made durable, in the hot file or in a segment. */
  lastSeq = 0;
  /** Segments 1…n hold archived (delivered) entries; `archivedEntries` of them in all. */
  segments = 0;
  archivedEntries = 0;
  /**
   * The stream ID the journal's batches carry (the first `stream` record wins). A compaction writes
   * it into the new hot file as a record of its own rather than into the archive header: a journal
   * never compacted holds it the same way, and the header stays a count of segments.
   */
  stream: string | undefined;
  private readonly entries = new Map<string, AnyAuditEntry>();
  private readonly undelivered = new Map<string, AnyAuditEntry>();
  private readonly unassigned = new Map<string, AnyAuditEntry>();
  private readonly openJobs = new Map<string, JournalJob>();
  /** Complete jobs whose entries are still in the hot file. */
  private readonly deliveredJobs = new Map<string, JournalJob>();
  private deliveredEntries = 0;
  /** Intents replayed from the file (an earlier run) that no entry settled. */
  private readonly earlierIntents = new Map<string, IntentRecord>();
  /** Intents of this run still waiting for their entry: carried into a compacted file, never listed. */
  private readonly currentIntents = new Map<string, IntentRecord>();
  /** transaction ID of an unsettled intent → hashes of the no-ops sent under it (see NoopRecord). */
  private readonly noops = new Map<string, string[]>();
  /** call entry ID → its schedule, while no outcome entry names it (see {@link watchOf}). */
  private readonly watches = new Map<string, ScheduleWatch>();
  /**
   * Call entries still in the hot file whose schedule has its outcome entry: a compaction may move
   * that outcome to a segment while the call entry stays, and a replay must not watch it again.
   */
  private readonly settledCalls = new Set<string>();
  /** Transactions of entries seen while replaying, for an intent that comes after its entry. */
  private settledInReplay: Set<string> | undefined = new Set();
  private lastAppliedSeq = 0;
  private inOrder = true;

  get replaying(): boolean {
    return this.settledInReplay !== undefined;
  }

  /** Ends the replay of the file: from now on intents are this run's calls in progress. */
  endReplay(): void {
    this.settledInReplay = undefined;
  }

  apply(record: JournalRecord): void {
    switch (record.r) {
      case 'archive':
        this.segments = record.segments;
        this.archivedEntries = record.entries;
        this.lastSeq = Math.max(this.lastSeq, record.lastSeq);
        break;
      case 'stream':
        this.stream ??= record.id;
        break;
      case 'intent':
        if (!this.replaying) this.currentIntents.set(record.transactionId, record);
        else if (!this.settledInReplay!.has(record.transactionId)) this.earlierIntents.set(record.transactionId, record);
        break;
      case 'noop':
        if (!this.settledInReplay?.has(record.transactionId)) this.noops.set(record.transactionId, [...(this.noops.get(record.transactionId) ?? []), ...record.hashes]);
        break;
      case 'entry':
        this.addEntry(record.entry);
        break;
      case 'watch': {
        const { r: _r, ...watch } = record;
        if (!this.settledCalls.has(watch.entry)) this.watches.set(watch.entry, watch);
        break;
      }
      case 'settled':
        // Comes before its call entry in a compacted file, so it is kept whether or not that entry is known yet.
        this.watches.delete(record.entry);
        this.settledCalls.add(record.entry);
        break;
      case 'job': {
        const job: JournalJob = { job: record.job, entries: record.entries, payload: record.payload, plans: new Map(), done: new Map(), complete: false };
        this.openJobs.set(record.job, job);
        for (const id of record.entries) this.unassigned.delete(id);
        break;
      }
      case 'plan':
        this.openJobs.get(record.job)?.plans.set(record.step, record.transactionId);
        break;
      case 'done':
        this.openJobs.get(record.job)?.done.set(record.step, record.result ?? '');
        break;
      case 'complete': {
        const job = this.openJobs.get(record.job);
        if (!job) break;
        job.complete = true;
        this.openJobs.delete(record.job);
        this.deliveredJobs.set(record.job, job);
        for (const id of job.entries) if (this.undelivered.delete(id)) this.deliveredEntries++;
        break;
      }
    }
  }

  openJob(job: string): JournalJob | undefined {
    return this.openJobs.get(job);
  }

  undeliveredEntries(): AnyAuditEntry[] {
    return this.ordered(this.undelivered);
  }

  undeliveredCount(): number {
    return this.undelivered.size;
  }

  unassignedEntries(): AnyAuditEntry[] {
    return this.ordered(this.unassigned);
  }

  jobsInProgress(): JournalJob[] {
    return [...this.openJobs.values()];
  }

  /** Hashes of the no-ops sent under `transactionId` while its intent is unsettled (none: an empty list). */
  noopHashes(transactionId: string): readonly string[] {
    return this.noops.get(transactionId) ?? [];
  }

  unresolvedIntents(): IntentRecord[] {
    return [...this.earlierIntents.values()];
  }

  unresolvedIntentCount(): number {
    return this.earlierIntents.size;
  }

  /** Schedules recorded by call entries that no outcome entry names yet, in the order they were recorded. */
  pendingSchedules(): ScheduleWatch[] {
    return [...this.watches.values()];
  }

  pendingScheduleCount(): number {
    return this.watches.size;
  }

  isSchedulePending(callEntryId: string): boolean {
    return this.watches.has(callEntryId);
  }

  /** Delivered entries still in the hot file. */
  deliveredInHotFile(): number {
    return this.deliveredEntries;
  }

  /** What a compaction would move out now: every delivered entry still in the hot file. */
  archivable(): Archivable {
    const jobs = new Set(this.deliveredJobs.keys());
    const entries = new Map<string, AnyAuditEntry>();
    for (const job of this.deliveredJobs.values()) {
      for (const id of job.entries) {
        const entry = this.entries.get(id);
        if (entry && !this.undelivered.has(id)) entries.set(id, entry);
      }
    }
    return { jobs, entries: [...entries.values()].sort((a, b) => a.seq - b.seq) };
  }

  /**
   * The records of a hot file that says everything this state says except what `moved` took to the
   * segments `header` names: its stream, its intents, its other entries, and its other jobs with
   * their latest plan and result per step (superseded plans are dropped).
   */
  hotRecords(moved: Archivable, header: Omit<ArchiveRecord, 'r' | 'lastSeq'>): JournalRecord[] {
    const records: JournalRecord[] = [{ r: 'archive', ...header, lastSeq: this.lastSeq }];
    // Carried over, or the reopened journal would start a new stream and its seqs would go on under an ID no earlier batch names.
    if (this.stream) records.push({ r: 'stream', id: this.stream });
    for (const intent of [...this.earlierIntents.values(), ...this.currentIntents.values()]) records.push(intent);
    for (const [transactionId, hashes] of this.noops) records.push({ r: 'noop', transactionId, hashes });
    const gone = new Set(moved.entries.map((entry) => entry.id));
    // Before the entries, so a call entry that stays finds its schedule's state already known.
    for (const watch of this.watches.values()) records.push({ r: 'watch', ...watch });
    for (const id of this.settledCalls) if (!gone.has(id)) records.push({ r: 'settled', entry: id });
    for (const entry of this.ordered(this.entries)) if (!gone.has(entry.id)) records.push({ r: 'entry', entry });
    for (const job of [...this.deliveredJobs.values(), ...this.openJobs.values()]) {
      if (moved.jobs.has(job.job)) continue;
      records.push({ r: 'job', job: job.job, entries: job.entries, payload: job.payload });
      for (const [step, transactionId] of job.plans) records.push({ r: 'plan', job: job.job, step, transactionId });
      for (const [step, result] of job.done) records.push({ r: 'done', job: job.job, step, ...(result === '' ? {} : { result }) });
      if (job.complete) records.push({ r: 'complete', job: job.job });
    }
    return records;
  }

  /** Forgets what a compaction moved out, once the hot file without it is in place. */
  archived(moved: Archivable, segments: number): void {
    for (const job of moved.jobs) this.deliveredJobs.delete(job);
    for (const entry of moved.entries) this.entries.delete(entry.id);
    for (const id of this.settledCalls) if (!this.entries.has(id)) this.settledCalls.delete(id);
    this.deliveredEntries = Math.max(0, this.deliveredEntries - moved.entries.length);
    this.archivedEntries += moved.entries.length;
    this.segments = segments;
  }

  private addEntry(entry: AnyAuditEntry): void {
    if (this.entries.has(entry.id)) {
      // The same entry written again: its latest form counts, its delivery state does not change.
      this.entries.set(entry.id, entry);
      if (this.undelivered.has(entry.id)) this.undelivered.set(entry.id, entry);
      if (this.unassigned.has(entry.id)) this.unassigned.set(entry.id, entry);
      return;
    }
    this.entries.set(entry.id, entry);
    this.undelivered.set(entry.id, entry);
    this.unassigned.set(entry.id, entry);
    if (entry.seq < this.lastAppliedSeq) this.inOrder = false;
    this.lastAppliedSeq = entry.seq;
    this.lastSeq = Math.max(this.lastSeq, entry.seq);
    if (isScheduleOutcomeEntry(entry)) {
      this.settle(entry.callEntryId);
      return;
    }
    // An oversight entry (a pause, an approval) has no transaction or schedule to follow up.
    if (!isCallEntry(entry)) return;
    const watch = watchOf(entry);
    if (watch && !this.settledCalls.has(entry.id)) this.watches.set(entry.id, watch);
    if (entry.transactionId) {
      this.earlierIntents.delete(entry.transactionId);
      this.currentIntents.delete(entry.transactionId);
      this.noops.delete(entry.transactionId);
      this.settledInReplay?.add(entry.transactionId);
    }
  }

  private settle(callEntryId: string): void {
    this.watches.delete(callEntryId);
    // Only while the call entry is here to be replayed; once it left for a segment nothing can revive the watch.
    if (this.entries.has(callEntryId)) this.settledCalls.add(callEntryId);
  }

  /** Maps keep application order, which is sequence order unless a file said otherwise. */
  private ordered(map: Map<string, AnyAuditEntry>): AnyAuditEntry[] {
    const list = [...map.values()];
    return this.inOrder ? list : list.sort((a, b) => a.seq - b.seq);
  }
}

/**
 * The schedule a call entry recorded, when the ScheduleCreate succeeded: only then is there a
 * schedule whose outcome is still to come.
 */
export function watchOf(entry: AnyAuditEntry): ScheduleWatch | undefined {
  if (!isCallEntry(entry) || !entry.scheduleId || !entry.scheduledTransactionId) return undefined;
  if (entry.outcome !== 'executed' || entry.status !== 'SUCCESS') return undefined;
  return { entry: entry.id, seq: entry.seq, tool: entry.tool, scheduleId: entry.scheduleId, scheduledTransactionId: entry.scheduledTransactionId, at: entry.timestamp, ...(entry.approvalRequestId ? { approvalRequestId: entry.approvalRequestId } : {}) };
}
