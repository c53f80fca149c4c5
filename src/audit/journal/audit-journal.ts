import { randomUUID } from 'node:crypto';
import { AgentHooksError, ErrorCode, messageOf } from '../../errors/index.js';
import { silentLogger, type Logger } from '../../lifecycle/logger.js';
import type { KeyRedactor } from '../../secrets/key-redactor.js';
import type { AnyAuditEntry } from '../entries/index.js';
import { JournalFile } from './journal-file.js';
import { isJournalRecord, type EntryRecord, type IntentRecord, type JournalRecord, type ScheduleWatch } from './journal-records.js';
import { segmentsFolder, tidySegments, writeSegments } from './journal-segments.js';
import { JournalState, type JournalJob } from './journal-state.js';

export type { JournalJob, ScheduleWatch };

/** Delivered entries in the hot file that start a compaction: about 1 MB of history. */
export const COMPACT_AFTER_ENTRIES = 1_000;
/** Most entries per segment, so moving a long legacy history out still makes files of a readable size. */
export const SEGMENT_MAX_ENTRIES = 10_000;

export interface AuditJournalOptions {
  /** Delivered entries in the hot file that start a compaction (default {@link COMPACT_AFTER_ENTRIES}). */
  compactAfter?: number;
  /** Where a failed compaction is reported (it is retried later; nothing is lost meanwhile). */
  logger?: Logger;
}

/**
 * The audit journal of one audit stream (one topic): durable entries and the delivery progress of
 * each. Replaying the hot file on open rebuilds everything the publisher needs to resume after a crash.
 *
 * Compaction keeps that file small, so opening it and every call cost what is pending, not what was
 * ever written. Once enough entries are delivered, they are written to a new segment (see
 * journal-segments.ts), synced, and then the hot file is rewritten without them: an `archive` line
 * counting the segments, then only what is still live (the stream record, intents without an
 * outcome, entries not yet delivered, jobs in progress with their latest plans). The rewrite goes to a temporary file that is
 * renamed over the old one, which is the commit: a crash before it leaves the old file, which still
 * holds the entries, and a segment it does not count, deleted on the next open; a crash after it
 * leaves the new file and a segment already durable. Either way no entry is lost, and none is both
 * in the hot file and in a counted segment, so none is delivered twice. Compaction never delays an
 * entry's own fsync beyond one rewrite of the (small) live part.
 *
 * @example
 * const journal = await AuditJournal.open('/var/lib/agent/audit/hcs-0.0.1234.jsonl');
 * await journal.addEntry((seq) => ({ ...entry, seq }));
 * journal.undeliveredEntries(); // what still has to reach the topic
 */
export class AuditJournal {
  private readonly state = new JournalState();
  /** The last sequence number given out (made durable or on its way). */
  private lastSeq = 0;
  private readonly compactAfter: number;
  private readonly logger: Logger;
  /** Delivered entries in the hot file at which the next compaction starts. */
  private compactAt: number;
  private compacting: Promise<void> | null = null;
  private closing = false;
  /** The stream record's write while it is on its way, so concurrent first callers share it. */
  private streamWrite: Promise<string> | undefined;

  private constructor(
    private readonly file: JournalFile,
    private readonly secrets: KeyRedactor | undefined,
    options: AuditJournalOptions,
  ) {
    const { compactAfter = COMPACT_AFTER_ENTRIES } = options;
    if (!Number.isSafeInteger(compactAfter) || compactAfter < 1) {
      throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `AuditJournal: compactAfter must be a positive whole number of entries, got ${String(compactAfter)}.`);
    }
    this.compactAfter = this.compactAt = compactAfter;
    this.logger = options.logger ?? silentLogger;
  }

  /**
   * Opens (or creates) the journal at `path`. With `secrets`, every intent and entry is redacted
   * before it is written or published: the journal is the one door to disk and to HCS.
   */
  static async open(path: string, secrets?: KeyRedactor, options: AuditJournalOptions = {}): Promise<AuditJournal> {
    return AuditJournal.fromFile(await JournalFile.open(path), secrets, options);
  }

  /**
   * Like {@link open}, but `undefined` when a live process (or another journal of this one) holds
   * the file: how a process looks for a stream of its own in a shared folder (see journal-streams.ts).
   */
  static async openIfFree(path: string, secrets?: KeyRedactor, options: AuditJournalOptions = {}): Promise<AuditJournal | undefined> {
    const opened = await JournalFile.openIfFree(path);
    return opened && AuditJournal.fromFile(opened, secrets, options);
  }

  private static async fromFile({ file, records }: { file: JournalFile; records: unknown[] }, secrets: KeyRedactor | undefined, options: AuditJournalOptions): Promise<AuditJournal> {
    const path = file.path;
    try {
      const journal = new AuditJournal(file, secrets, options);
      journal.replay(records);
      tidySegments(segmentsFolder(path), journal.state.segments);
      // A hot file written before compaction existed (or closed just before one) is compacted now, in the background.
      journal.compactIfDue();
      return journal;
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  get path(): string {
    return this.file.path;
  }

  /** Records an intent: the transaction `transactionId` was built and may be submitted. */
  async addIntent(intent: Omit<IntentRecord, 'r'>): Promise<void> {
    await this.write([{ r: 'intent', ...intent }]);
  }

  /**
   * Records the hashes a no-op about to be sent under an interrupted call's transaction ID can have
   * (see NoopRecord); resolves once durable, so the no-op is sent only after.
   */
  async addNoop(transactionId: string, hashes: readonly string[]): Promise<void> {
    await this.write([{ r: 'noop', transactionId, hashes: [...hashes] }]);
  }

  /** Hashes of the no-ops journaled under `transactionId` while its intent is unsettled. */
  noopHashes(transactionId: string): readonly string[] {
    return this.state.noopHashes(transactionId);
  }

  /** Makes an entry durable; `build` receives the entry's sequence number. Resolves after fsync. */
  async addEntry<Entry extends AnyAuditEntry>(build: (seq: number) => Entry): Promise<Entry> {
    const [record] = await this.write([{ r: 'entry', entry: build(++this.lastSeq) }]);
    // A builder may choose its own number; the next one goes on from the highest written.
    this.lastSeq = Math.max(this.lastSeq, this.state.lastSeq);
    return (record as EntryRecord).entry as Entry; // as written: redacted
  }

  async addJob(entries: readonly string[], payload: readonly string[]): Promise<JournalJob> {
    const job = randomUUID();
    await this.write([{ r: 'job', job, entries: [...entries], payload: [...payload] }]);
    return this.state.openJob(job)!;
  }

  /**
   * A job together with the transaction IDs of the steps it can fix already: one write (and one
   * fsync) instead of a job and a plan per step.
   */
  async addPlannedJob(entries: readonly string[], payload: readonly string[], plans: readonly { step: string; transactionId: string }[]): Promise<JournalJob> {
    const job = randomUUID();
    await this.write([{ r: 'job', job, entries: [...entries], payload: [...payload] }, ...plans.map((plan): JournalRecord => ({ r: 'plan', job, ...plan }))]);
    // The state's own object: later plan and done records update it in place, so holders see them.
    return this.state.openJob(job)!;
  }

  async plan(job: string, step: string, transactionId: string): Promise<void> {
    await this.write([{ r: 'plan', job, step, transactionId }]);
  }

  async done(job: string, step: string, result?: string): Promise<void> {
    await this.write([{ r: 'done', job, step, ...(result === undefined ? {} : { result }) }]);
  }

  async complete(job: string): Promise<void> {
    await this.write([{ r: 'complete', job }]);
    this.compactIfDue();
  }

  /**
   * The stream ID batches of this journal carry; made and written on first use, then the same for
   * the journal's life, across restarts and compactions (the rewritten hot file carries it over).
   */
  streamId(): Promise<string> {
    const known = this.state.stream;
    if (known) return Promise.resolve(known);
    this.streamWrite ??= this.write([{ r: 'stream', id: randomUUID() }]).then(
      () => this.state.stream!,
      (error: unknown) => {
        this.streamWrite = undefined;
        throw error;
      },
    );
    return this.streamWrite;
  }

  /** Entries not yet given to a job, in sequence order. */
  unassignedEntries(): AnyAuditEntry[] {
    return this.state.unassignedEntries();
  }

  /** Jobs started but not delivered, oldest first. */
  openJobs(): JournalJob[] {
    return this.state.jobsInProgress();
  }

  /** Entries not yet confirmed on the topic, in sequence order. */
  undeliveredEntries(): AnyAuditEntry[] {
    return this.state.undeliveredEntries();
  }

  /** How many entries are not yet confirmed on the topic, without listing them. */
  undeliveredCount(): number {
    return this.state.undeliveredCount();
  }

  /**
   * Intents from an earlier run with no entry naming their transaction: that process stopped in
   * between. Intents of this run are calls still in progress, so they are never listed.
   */
  unresolvedIntents(): IntentRecord[] {
    return this.state.unresolvedIntents();
  }

  /** How many {@link unresolvedIntents} there are, without listing them. */
  unresolvedIntentCount(): number {
    return this.state.unresolvedIntentCount();
  }

  /**
   * Schedules that call entries recorded and no outcome entry names yet, oldest first: across
   * restarts and compactions, until the entry written for each outcome settles it.
   */
  pendingSchedules(): ScheduleWatch[] {
    return this.state.pendingSchedules();
  }

  pendingScheduleCount(): number {
    return this.state.pendingScheduleCount();
  }

  /** Whether the schedule of call entry `callEntryId` still waits for its outcome entry. */
  isSchedulePending(callEntryId: string): boolean {
    return this.state.isSchedulePending(callEntryId);
  }

  /** Waits for a compaction in progress (tests and benchmarks use it to see the files settle). */
  async compacted(): Promise<void> {
    while (this.compacting) await this.compacting;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.compacted();
    await this.file.close();
  }

  private replay(records: readonly unknown[]): void {
    records.forEach((record, at) => {
      if (!isJournalRecord(record)) {
        throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Audit journal ${this.path}: record ${at + 1} is not an audit journal record.`);
      }
      if (record.r === 'archive' && at > 0) {
        throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Audit journal ${this.path}: record ${at + 1} is an archive line, which only a file's first line may be.`);
      }
      // Entries an older version journaled go out redacted too; job payloads stay byte-identical.
      this.state.apply(this.redacted(record));
    });
    this.state.endReplay();
    this.lastSeq = this.state.lastSeq;
  }

  private async write(records: JournalRecord[]): Promise<JournalRecord[]> {
    const safe = records.map((record) => this.redacted(record));
    // State changes only once the records are durable (nothing acts on a record a crash could lose),
    // and before any later write: a compaction rewrites the file from this state.
    await this.file.append(safe, () => safe.forEach((record) => this.state.apply(record)));
    return safe;
  }

  /** Intents and entries carry what the agent sent and was told; the other records are the journal's own. */
  private redacted(record: JournalRecord): JournalRecord {
    if (!this.secrets || (record.r !== 'intent' && record.r !== 'entry')) return record;
    return this.secrets.redactValue(record);
  }

  private compactIfDue(): void {
    if (this.compacting || this.closing || this.state.deliveredInHotFile() < this.compactAt) return;
    this.compacting = this.compact()
      .then(() => {
        this.compactAt = this.compactAfter;
      })
      .catch((error: unknown) => {
        // The hot file is untouched and still holds everything; try again after as many deliveries more.
        this.compactAt = this.state.deliveredInHotFile() + this.compactAfter;
        this.logger.warn({ journal: this.path, error: messageOf(error) }, 'audit journal compaction failed; the journal keeps every entry and compaction is retried later');
      })
      .finally(() => {
        this.compacting = null;
      });
  }

  /** Moves the delivered entries to new segments, then rewrites the hot file without them (see the class comment). */
  private async compact(): Promise<void> {
    const moved = this.state.archivable();
    const first = this.state.segments + 1;
    const written = await writeSegments(segmentsFolder(this.path), first, moved.entries, SEGMENT_MAX_ENTRIES);
    const segments = first - 1 + written;
    await this.file.replace(
      () => this.state.hotRecords(moved, { segments, entries: this.state.archivedEntries + moved.entries.length }),
      () => this.state.archived(moved, segments),
    );
  }
}
