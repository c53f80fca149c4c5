import type { Client } from '@hiero-ledger/sdk';
import type { ApprovalRecord } from './approval-record.js';
import { compareScheduleWithRecord, readScheduleFromLedger, type LedgerScheduleCheck, type LedgerScheduleView } from './ledger-schedule-check.js';

/** Schedules kept; the oldest is dropped past this. */
const MAX_KEPT = 500;
/** A schedule that could not be read is asked for again after this (a network that failed may answer later). */
const RETRY_AFTER_MS = 5_000;

type Read = { readonly ok: true; readonly view: LedgerScheduleView } | { readonly ok: false; readonly reason: string; readonly at: number };

/**
 * Reads schedules from the ledger for a page that lists many requests often (the console): what a
 * schedule runs never changes once created, so each is read once (a ScheduleInfoQuery is a paid
 * query) and compared with the request as it reads now, every time. Not for signing: a ScheduleSign
 * is checked with a fresh read (checkScheduleOnLedger).
 */
export class CachedScheduleReader {
  private readonly reads = new Map<string, Promise<Read>>();

  constructor(private readonly client: Client) {}

  /** The record compared with its schedule on the ledger; `undefined` for a record with no schedule ID yet. */
  async check(record: ApprovalRecord): Promise<LedgerScheduleCheck | undefined> {
    const scheduleId = record.schedule?.scheduleId;
    if (!scheduleId) return undefined;
    let pending = this.reads.get(scheduleId);
    const kept = pending ? await pending : undefined;
    if (!pending || (kept && !kept.ok && Date.now() - kept.at > RETRY_AFTER_MS)) {
      pending = readScheduleFromLedger(scheduleId, this.client).then((read): Read => (read.ok ? read : { ...read, at: Date.now() }));
      this.reads.delete(scheduleId);
      this.reads.set(scheduleId, pending);
      if (this.reads.size > MAX_KEPT) this.reads.delete(this.reads.keys().next().value!);
    }
    const read = await pending;
    return read.ok ? compareScheduleWithRecord(record, read.view) : { ok: false, reason: read.reason };
  }
}
