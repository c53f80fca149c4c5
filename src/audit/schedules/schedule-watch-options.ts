import { z } from 'zod';
import { parseOptions, SENTENCE } from '../../errors/index.js';
import { millisecondsSchema } from '../../values/value-schemas.js';

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
const inRange = (ms: number): boolean => ms >= MIN_SCHEDULE_WATCH_INTERVAL_MS && ms <= MAX_SCHEDULE_WATCH_INTERVAL_MS;

const WATCHING = `false (no watching) or an object such as { intervalMs: ${DEFAULT_SCHEDULE_WATCH_INTERVAL_MS} }`;

/**
 * `scheduleWatch` as a zod schema, for the audit hooks' options schemas (and through them the
 * configuration's JSON schema); it sits under the key `scheduleWatch`, which its messages name.
 */
export const scheduleWatchSchema = z.union(
  [
    z.literal(false),
    z
      .object({
        intervalMs: millisecondsSchema(MIN_SCHEDULE_WATCH_INTERVAL_MS, MAX_SCHEDULE_WATCH_INTERVAL_MS).optional(),
        maxBackoffMs: millisecondsSchema(MIN_SCHEDULE_WATCH_INTERVAL_MS, MAX_SCHEDULE_WATCH_INTERVAL_MS).optional(),
      } satisfies Record<keyof ScheduleWatchOptions, z.ZodType>)
      .strict()
      .superRefine(({ intervalMs = DEFAULT_SCHEDULE_WATCH_INTERVAL_MS, maxBackoffMs }, ctx) => {
        // Only between values valid on their own: one out of range has its own problem already.
        if (maxBackoffMs === undefined || maxBackoffMs >= intervalMs || !inRange(maxBackoffMs) || !inRange(intervalMs)) return;
        ctx.addIssue({
          code: 'custom',
          path: ['maxBackoffMs'],
          params: SENTENCE,
          input: maxBackoffMs,
          message: `scheduleWatch.maxBackoffMs (${maxBackoffMs}) must not be below scheduleWatch.intervalMs (${intervalMs})`,
        });
      }),
  ],
  { error: WATCHING },
);

const watchOption = z.object({ scheduleWatch: scheduleWatchSchema.optional() });

/**
 * Checks `scheduleWatch` and fills in defaults; `undefined` when watching is off (`false`). A bad
 * value is an error naming `owner`, the option, what it accepts and what it got.
 *
 * @example
 * scheduleWatchSettings({ intervalMs: 1000 }, 'HcsAuditTrailHook'); // { intervalMs: 1000, maxBackoffMs: 60000 }
 * scheduleWatchSettings(false, 'HcsAuditTrailHook');                // undefined
 */
export function scheduleWatchSettings(value: unknown, owner: string): ScheduleWatchSettings | undefined {
  const { scheduleWatch = {} } = parseOptions(owner, watchOption, { scheduleWatch: value });
  if (scheduleWatch === false) return undefined;
  const intervalMs = scheduleWatch.intervalMs ?? DEFAULT_SCHEDULE_WATCH_INTERVAL_MS;
  return { intervalMs, maxBackoffMs: scheduleWatch.maxBackoffMs ?? Math.max(DEFAULT_MAX_BACKOFF_MS, intervalMs) };
}
