import type { ScheduleOutcomeEntry } from '../entries/index.js';

/**
 * What a look at a schedule established:
 * - `settled: true`: the ledger's final word (or, for `scheduleUnknown`, the final word that can
 *   still be had), with the fields its outcome entry carries;
 * - `settled: false`: nothing final yet; `sourceFailed` when the mirror or network could not be
 *   asked (the watcher backs off), rather than answering "still pending".
 */
export type ScheduleFinding =
  | ({ settled: true } & Pick<ScheduleOutcomeEntry, 'outcome' | 'source' | 'status' | 'consensusTimestamp' | 'expirationTime' | 'error'>)
  | { settled: false; reason: string; sourceFailed?: boolean };

/**
 * How long a network keeps a schedule created without an expiration time
 * (`ledger.schedule.txExpiryTimeSecs`, 30 minutes on mainnet, testnet and the embedded devnet).
 */
export const DEFAULT_SCHEDULE_LIFETIME_SECONDS = 1_800;

/**
 * How long after its expiration time a schedule that shows no execution still may: one waiting
 * for expiry runs in the first round after that time, and the mirror lists it seconds later.
 * Only after this is "expired" concluded.
 */
export const EXPIRY_GRACE_MS = 60_000;

export function pending(reason: string): ScheduleFinding {
  return { settled: false, reason };
}

export function sourceFailed(reason: string): ScheduleFinding {
  return { settled: false, reason, sourceFailed: true };
}
