import { z } from 'zod';
import { invalidArgument, parseOptions } from '../errors/index.js';
import type { PreToolExecutionParams } from '../lifecycle/stage-events.js';
import type { HookStage } from '../lifecycle/stages.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { functionOption, toolsOption } from './option-schemas.js';

export interface TimeWindowOptions {
  /** An IANA time zone, e.g. `'Europe/Zurich'` or `'UTC'`. */
  timeZone: string;
  /** Days the window opens, e.g. `['mon', 'tue', 'wed', 'thu', 'fri']` (names or three-letter forms, any case). */
  days: string[];
  /** Opening time, `'HH:MM'` (24 h), inclusive. */
  from: string;
  /** Closing time, `'HH:MM'`, exclusive; `'24:00'` is midnight. Earlier than `from`, the window runs past midnight into the next day. */
  to: string;
  /** Tools to cover; default every tool (`['*']`). */
  tools?: string[];
  /** The clock, for tests; default `Date.now`. */
  now?: () => number | Date;
}

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DAY_NAMES: Readonly<Record<string, number>> = Object.freeze({
  sun: 0, sunday: 0, mon: 1, monday: 1, tue: 2, tues: 2, tuesday: 2, wed: 3, wednesday: 3,
  thu: 4, thur: 4, thurs: 4, thursday: 4, fri: 5, friday: 5, sat: 6, saturday: 6,
});
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const TIME_ACCEPTED = 'a time "HH:MM" from "00:00" to "24:00"';
const ZONE_ACCEPTED = 'an IANA time zone such as "Europe/Zurich" or "UTC"';

/** TimeWindowPolicy's options; the zone is one this runtime's Intl knows, the days weekday names. */
export const timeWindowOptions = z
  .object(
    {
      timeZone: z
        .string({ error: ZONE_ACCEPTED })
        .refine((zone) => zone.trim() !== '', { error: ZONE_ACCEPTED })
        .refine((zone) => zone.trim() === '' || zoneFormat(zone) !== undefined, {
          error: 'an IANA time zone this runtime knows, such as "Europe/Zurich", "America/New_York" or "UTC"',
        }),
      days: z
        .array(z.string({ error: 'a weekday: mon, tue, wed, thu, fri, sat or sun' }).refine((name) => dayOf(name) !== undefined, { error: 'a weekday: mon, tue, wed, thu, fri, sat or sun' }), {
          error: 'a non-empty list of weekdays such as ["mon", "fri"]',
        })
        .min(1, { error: 'a non-empty list of weekdays such as ["mon", "fri"]' }),
      from: z.string({ error: TIME_ACCEPTED }).regex(TIME, { error: TIME_ACCEPTED }),
      to: z.string({ error: TIME_ACCEPTED }).regex(TIME, { error: TIME_ACCEPTED }),
      tools: toolsOption.optional(),
      now: functionOption<() => number | Date>('a function returning a Date or epoch milliseconds').optional(),
    } satisfies Record<keyof TimeWindowOptions, z.ZodType>,
    { error: '{ timeZone, days, from, to }' },
  )
  .strict();

/**
 * Allows calls only on the listed days between `from` and `to`, in an IANA time zone (read with
 * Intl, so daylight-saving changes are the zone's own). Judged at preToolExecution, before the input
 * is parsed. A window from 22:00 to 06:00 opens on each listed day at 22:00 and closes at 06:00 the
 * next morning.
 *
 * @example
 * new TimeWindowPolicy({ timeZone: 'Europe/Zurich', days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:30' })
 */
export class TimeWindowPolicy extends AbstractPolicy {
  override name = 'Time Window Policy';
  override description: string;
  override relevantTools: string[];
  private readonly days: ReadonlySet<number>;
  private readonly from: number;
  private readonly to: number;
  private readonly format: Intl.DateTimeFormat;
  private readonly now: () => number | Date;
  private readonly timeZone: string;
  private readonly window: string;
  private readonly reasons = new WeakMap<object, string>();

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([timeWindowOptions]);

  constructor(options: TimeWindowOptions) {
    super();
    const checked = parseOptions('TimeWindowPolicy', timeWindowOptions, options);
    this.timeZone = checked.timeZone;
    this.format = zoneFormat(checked.timeZone)!;
    this.days = new Set(checked.days.map((name) => dayOf(name)!));
    this.from = minutes(checked.from);
    this.to = minutes(checked.to);
    if (this.from === this.to) throw invalidArgument(`TimeWindowPolicy: 'from' and 'to' are both ${checked.from}; the window would be empty.`, [0, 'to']);
    this.now = checked.now ?? Date.now;
    this.relevantTools = [...(checked.tools ?? ['*'])];
    const dayList = DAYS.filter((_, day) => this.days.has(day)).map(capitalised).join(', ');
    this.window = `${dayList} ${options.from}–${options.to} (${options.timeZone})`;
    this.description = `Allows calls only ${this.window}`;
  }

  protected override shouldBlockPreToolExecution(params: PreToolExecutionParams): boolean {
    const now = this.now();
    const { day, minute } = this.localTime(now instanceof Date ? now : new Date(now));
    const open =
      this.from < this.to
        ? this.days.has(day) && minute >= this.from && minute < this.to
        : (this.days.has(day) && minute >= this.from) || (this.days.has((day + 6) % 7) && minute < this.to);
    if (open) return false;
    const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    this.reasons.set(params, `it is ${capitalised(DAYS[day]!)} ${clock} in ${this.timeZone}; calls are allowed ${this.window}`);
    return true;
  }

  override explainBlock(_stage: HookStage, params: PreToolExecutionParams): string | undefined {
    return this.reasons.get(params);
  }

  private localTime(at: Date): { day: number; minute: number } {
    if (Number.isNaN(at.getTime())) throw new Error('TimeWindowPolicy: the clock returned an invalid time');
    let weekday = '';
    let hour = 0;
    let minute = 0;
    for (const part of this.format.formatToParts(at)) {
      if (part.type === 'weekday') weekday = part.value.toLowerCase();
      else if (part.type === 'hour') hour = Number(part.value) % 24;
      else if (part.type === 'minute') minute = Number(part.value);
    }
    const day = DAY_NAMES[weekday];
    if (day === undefined) throw new Error(`TimeWindowPolicy: could not read the weekday in ${this.timeZone}`);
    return { day, minute: hour * 60 + minute };
  }
}

/** The formatter of a zone this runtime knows; undefined for one it does not. */
function zoneFormat(timeZone: string): Intl.DateTimeFormat | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    return undefined;
  }
}

function dayOf(name: string): number | undefined {
  return Object.hasOwn(DAY_NAMES, name.trim().toLowerCase()) ? DAY_NAMES[name.trim().toLowerCase()] : undefined;
}

/** Minutes since midnight of a checked "HH:MM"; "24:00" is 1440. */
function minutes(value: string): number {
  const match = TIME.exec(value)!;
  return match[1] === undefined ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

function capitalised(day: string): string {
  return day[0]!.toUpperCase() + day.slice(1);
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(TimeWindowPolicy.prototype);
