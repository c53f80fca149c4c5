import { randomUUID } from 'node:crypto';
import { AgentHooksError, ErrorCode } from '../lifecycle/errors.js';
import type { KeyRedactor } from '../secrets/key-redactor.js';
import type { AuditEntry } from './audit-entry.js';
import { JournalFile } from './journal-file.js';
import { isJournalRecord, type IntentRecord, type JournalRecord } from './journal-records.js';

/** A delivery job as the journal knows it. */
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

/**
 * The audit journal of one audit stream (one topic): durable entries and the delivery progress of
 * each. Replaying the file on open rebuilds everything the publisher needs to resume after a crash.
 *
 * @example
 * const journal = await AuditJournal.open('/var/lib/agent/audit/hcs-0.0.1234.jsonl');
 * await journal.addEntry((seq) => ({ ...entry, seq }));
 * journal.undeliveredEntries(); // what still has to reach the topic
 */
export class AuditJournal {
  private readonly entries = new Map<string, AuditEntry>();
  private readonly intents = new Map<string, IntentRecord>();
  private readonly jobs = new Map<string, JournalJob>();
  private readonly assigned = new Set<string>();
  private readonly settledTransactions = new Set<string>();
  private lastSeq = 0;
  private replaying = true;
  private stream: string | undefined;
  private streamWrite: Promise<string> | undefined;

  private constructor(
    private readonly file: JournalFile,
    private readonly secrets: KeyRedactor | undefined,
  ) {
    file.records.forEach((record, at) => {
      if (!isJournalRecord(record)) {
        throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, `Audit journal ${file.path}: record ${at + 1} is not an audit journal record.`);
      }
      // Entries an older version journaled go out redacted too; job payloads stay byte-identical.
      this.apply(this.redacted(record));
    });
    this.replaying = false;
  }

  /**
   * Opens (or creates) the journal at `path`. With `secrets`, every intent and entry is redacted
   * before it is written or published: the journal is the one door to disk and to HCS.
   */
  static async open(path: string, secrets?: KeyRedactor): Promise<AuditJournal> {
    return new AuditJournal(await JournalFile.open(path), secrets);
  }

  get path(): string {
    return this.file.path;
  }

  /** Records an intent: the transaction `transactionId` was built and may be submitted. */
  async addIntent(intent: Omit<IntentRecord, 'r'>): Promise<void> {
    await this.write([{ r: 'intent', ...intent }]);
  }

  /** Makes an entry durable; `build` receives the entry's sequence number. Resolves after fsync. */
  async addEntry(build: (seq: number) => AuditEntry): Promise<AuditEntry> {
    const entry = build(++this.lastSeq);
    await this.write([{ r: 'entry', entry }]);
    return this.entries.get(entry.id) ?? entry; // as written: redacted
  }

  async addJob(entries: readonly string[], payload: readonly string[]): Promise<JournalJob> {
    const job = randomUUID();
    await this.write([{ r: 'job', job, entries: [...entries], payload: [...payload] }]);
    return this.jobs.get(job)!;
  }

  /**
   * A job together with the transaction IDs of the steps it can fix already: one write (and one
   * fsync) instead of a job and a plan per step.
   */
  async addPlannedJob(entries: readonly string[], payload: readonly string[], plans: readonly { step: string; transactionId: string }[]): Promise<JournalJob> {
    const job = randomUUID();
    await this.write([{ r: 'job', job, entries: [...entries], payload: [...payload] }, ...plans.map((plan): JournalRecord => ({ r: 'plan', job, ...plan }))]);
    return this.jobs.get(job)!;
  }

  async plan(job: string, step: string, transactionId: string): Promise<void> {
    await this.write([{ r: 'plan', job, step, transactionId }]);
  }

  async done(job: string, step: string, result?: string): Promise<void> {
    await this.write([{ r: 'done', job, step, ...(result === undefined ? {} : { result }) }]);
  }

  async complete(job: string): Promise<void> {
    await this.write([{ r: 'complete', job }]);
  }

  /**
   * The stream ID batches of this journal carry; made and written on first use, then the same for
   * the journal's life, across restarts.
   */
  streamId(): Promise<string> {
    if (this.stream) return Promise.resolve(this.stream);
    this.streamWrite ??= this.write([{ r: 'stream', id: randomUUID() }]).then(
      () => this.stream!,
      (error: unknown) => {
        this.streamWrite = undefined;
        throw error;
      },
    );
    return this.streamWrite;
  }

  /** Every entry, in sequence order. */
  allEntries(): AuditEntry[] {
    return [...this.entries.values()].sort((a, b) => a.seq - b.seq);
  }

  entry(id: string): AuditEntry | undefined {
    return this.entries.get(id);
  }

  /** Entries not yet given to a job, in sequence order. */
  unassignedEntries(): AuditEntry[] {
    return this.allEntries().filter((entry) => !this.assigned.has(entry.id));
  }

  /** Jobs started but not delivered, oldest first. */
  openJobs(): JournalJob[] {
    return [...this.jobs.values()].filter((job) => !job.complete);
  }

  /** Entries not yet confirmed on the topic. */
  undeliveredEntries(): AuditEntry[] {
    const delivered = new Set<string>();
    for (const job of this.jobs.values()) if (job.complete) job.entries.forEach((id) => delivered.add(id));
    return this.allEntries().filter((entry) => !delivered.has(entry.id));
  }

  /**
   * Intents from an earlier run with no entry naming their transaction: that process stopped in
   * between. Intents of this run are calls still in progress, so they are never listed.
   */
  unresolvedIntents(): IntentRecord[] {
    return [...this.intents.values()].filter((intent) => !this.settledTransactions.has(intent.transactionId));
  }

  async close(): Promise<void> {
    await this.file.close();
  }

  private async write(records: JournalRecord[]): Promise<void> {
    const safe = records.map((record) => this.redacted(record));
    // State changes only after the records are durable: nothing acts on a record a crash could lose.
    await this.file.append(safe);
    for (const record of safe) this.apply(record);
  }

  /** Intents and entries carry what the agent sent and was told; the other records are the journal's own. */
  private redacted(record: JournalRecord): JournalRecord {
    if (!this.secrets || (record.r !== 'intent' && record.r !== 'entry')) return record;
    return this.secrets.redactValue(record);
  }

  private apply(record: JournalRecord): void {
    switch (record.r) {
      case 'intent':
        if (this.replaying) this.intents.set(record.transactionId, record);
        break;
      case 'entry':
        this.entries.set(record.entry.id, record.entry);
        this.lastSeq = Math.max(this.lastSeq, record.entry.seq);
        if (record.entry.transactionId) this.settledTransactions.add(record.entry.transactionId);
        break;
      case 'job':
        this.jobs.set(record.job, { job: record.job, entries: record.entries, payload: record.payload, plans: new Map(), done: new Map(), complete: false });
        record.entries.forEach((id) => this.assigned.add(id));
        break;
      case 'plan':
        this.jobs.get(record.job)?.plans.set(record.step, record.transactionId);
        break;
      case 'done':
        this.jobs.get(record.job)?.done.set(record.step, record.result ?? '');
        break;
      case 'stream':
        this.stream ??= record.id;
        break;
      case 'complete': {
        const job = this.jobs.get(record.job);
        if (job) job.complete = true;
        break;
      }
    }
  }
}
