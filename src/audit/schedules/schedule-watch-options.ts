import { invalidArgument } from '../../errors/index.js';
import { shown } from '../delivery/index.js';

/** `scheduleWatch` of the audit hooks: how often schedules the trail recorded are looked at. */
export interface ScheduleWatchOptions {
  /** Time between looks at the pending schedules, in ms (default 5000). */
  intervalMs?: number;
  /** Longest wait after the mirror or network failed to answer, in ms (default 60000, at least `intervalMs`); waits double up to it. */
  maxBackoffMs?: number;
}

export interface ScheduleWatchSettings {
  intervalMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_SCHEDULE_WATCH_INTERVAL_MS = 5_000;
export const MIN_SCHEDULE_WATCH_INTERVAL_MS = 50;
/** A day: a schedule lives at most about two months, so a look a day still sees every outcome. */
export const MAX_SCHEDULE_WATCH_INTERVAL_MS = 86_400_000;
const DEFAULT_MAX_BACKOFF_MS = 60_000;
const KNOWN = new Set(['intervalMs', 'maxBackoffMs']);

/**
 * Checks `scheduleWatch` and fills in defaults; `undefined` when watching is off (`false`). A bad
 * value is an error naming `owner`, the option, what it accepts and what it got.
 *
 * @example
 * scheduleWatchSettings({ intervalMs: 1000 }, 'HcsAuditTrailHook'); // { intervalMs: 1000, maxBackoffMs: 60000 }
 * scheduleWatchSettings(false, 'HcsAuditTrailHook');                // undefined
 */
export function scheduleWatchSettings(value: unknown, owner: string): ScheduleWatchSettings | undefined {
  if (value === false) return undefined;
  if (value === undefined) value = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArgument(`${owner}: scheduleWatch must be false (no watching) or an object such as { intervalMs: 5000 }, got ${shown(value)}.`);
  }
  const given = value as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!KNOWN.has(key)) throw invalidArgument(`${owner}: scheduleWatch has no option ${JSON.stringify(key)}; it takes intervalMs and maxBackoffMs.`);
  }
  const intervalMs = milliseconds(given.intervalMs, 'intervalMs', DEFAULT_SCHEDULE_WATCH_INTERVAL_MS, owner);
  const maxBackoffMs = milliseconds(given.maxBackoffMs, 'maxBackoffMs', Math.max(DEFAULT_MAX_BACKOFF_MS, intervalMs), owner);
  if (maxBackoffMs < intervalMs) throw invalidArgument(`${owner}: scheduleWatch.maxBackoffMs (${maxBackoffMs}) must not be below scheduleWatch.intervalMs (${intervalMs}).`);
  return { intervalMs, maxBackoffMs };
}

function milliseconds(value: unknown, name: string, fallback: number, owner: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < MIN_SCHEDULE_WATCH_INTERVAL_MS || value > MAX_SCHEDULE_WATCH_INTERVAL_MS) {
    throw invalidArgument(`${owner}: scheduleWatch.${name} must be a number of milliseconds from ${MIN_SCHEDULE_WATCH_INTERVAL_MS} to ${MAX_SCHEDULE_WATCH_INTERVAL_MS}, got ${shown(value)}.`);
  }
  return value;
}
