import type { AnyAuditEntry } from '../entries/index.js';
import type { DeliveryStrategy, ProposedJob } from './delivery-strategy.js';

/**
 * The publisher's batching: which of the jobs a strategy proposes go out now, and whether the last
 * one waits for company. A batch that is not full waits up to `lingerMs` from its oldest entry's
 * timestamp for more entries, unless the caller is in a hurry (a flush is waiting, or lingerMs is 0).
 */
export class BatchLinger {
  /** What the last look at unassigned entries left waiting for company, and until when. */
  private lingering = { entries: 0, until: 0 };
  /** Entries since that look, so the next look can wait until a batch may be full. */
  private arrivals = 0;
  /** How many entries the last full batch held: about when waiting entries fill one. */
  private fullBatch = 0;

  constructor(
    private readonly strategy: DeliveryStrategy,
    private readonly lingerMs: number,
  ) {}

  /** An entry is waiting that the last look did not see. */
  arrived(): void {
    this.arrivals++;
  }

  /**
   * Begins a look at the waiting entries; false (and nothing changes) when it could only find the
   * same batch lingering: too few entries arrived since the last look to fill it, and its linger runs.
   */
  startLook(now: number, hurry: boolean): boolean {
    const expected = this.lingering.entries + this.arrivals;
    if (!hurry && now < this.lingering.until && expected < Math.max(this.lingering.entries + 1, this.fullBatch)) return false;
    this.arrivals = 0;
    this.lingering = { entries: 0, until: 0 };
    return true;
  }

  /**
   * The jobs to make now from `unassigned` (at most `room`); the last is held back when it took the
   * last waiting entry, is not full and its linger has not run out.
   */
  take(unassigned: readonly AnyAuditEntry[], stream: string, room: number, now: number, hurry: boolean): ProposedJob[] {
    const proposed = this.strategy.jobsFor(unassigned, stream, room);
    let take = proposed.length;
    const last = proposed[take - 1];
    const before = proposed.slice(0, -1).reduce((sum, job) => sum + job.entries.length, 0);
    // Only the batch that took the last waiting entry can grow by waiting.
    if (last && !last.full && before + last.entries.length === unassigned.length && !hurry) {
      // From when its oldest entry was made (never later than now, whatever the entry says).
      const until = Math.min(Date.parse(unassigned[before]!.timestamp), now) + this.lingerMs;
      if (now < until) {
        take--;
        this.lingering = { entries: last.entries.length, until };
      }
    }
    const taken = proposed.slice(0, take);
    for (const job of taken) if (job.full) this.fullBatch = job.entries.length;
    return taken;
  }

  /** When the lingering batch must go out, if one lingers. */
  dueAt(): number | undefined {
    return this.lingering.entries > 0 ? this.lingering.until : undefined;
  }
}
