import { checkedTools } from '../listeners/seed-listeners.js';
import { invalidArgument } from '../errors/index.js';
import type { PreToolExecutionParams } from '../lifecycle/stage-events.js';
import type { HookStage } from '../lifecycle/stages.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { refuseUnknownKeys } from '../lifecycle/unknown-keys.js';

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
const OPTIONS = ['timeZone', 'days', 'from', 'to', 'tools', 'now'] as const;

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

  constructor(options: TimeWindowOptions) {
    super();
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw invalidArgument(`TimeWindowPolicy: expected { timeZone, days, from, to }, got ${JSON.stringify(options)}.`);
    }
    refuseUnknownKeys('TimeWindowPolicy', options, OPTIONS);
    this.timeZone = options.timeZone;
    this.format = zoneFormat(options.timeZone);
    this.days = daySet(options.days);
    this.from = minutes(options.from, 'from');
    this.to = minutes(options.to, 'to');
    if (this.from === this.to) throw invalidArgument(`TimeWindowPolicy: 'from' and 'to' are both ${options.from}; the window would be empty.`);
    if (options.now !== undefined && typeof options.now !== 'function') throw invalidArgument("TimeWindowPolicy: 'now' must be a function returning a Date or epoch milliseconds.");
    this.now = options.now ?? Date.now;
    try {
      this.relevantTools = [...checkedTools(options.tools ?? ['*'], 'TimeWindowPolicy')];
    } catch {
      throw invalidArgument(`TimeWindowPolicy: 'tools' must be a list of tool names (or ['*']), got ${JSON.stringify(options.tools)}.`);
    }
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

function zoneFormat(timeZone: unknown): Intl.DateTimeFormat {
  if (typeof timeZone !== 'string' || !timeZone.trim()) {
    throw invalidArgument(`TimeWindowPolicy: 'timeZone' must be an IANA time zone such as "Europe/Zurich" or "UTC", got ${JSON.stringify(timeZone)}.`);
  }
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    throw invalidArgument(`TimeWindowPolicy: 'timeZone' "${timeZone}" is not a time zone this runtime knows; use an IANA name such as "Europe/Zurich", "America/New_York" or "UTC".`);
  }
}

function daySet(days: unknown): Set<number> {
  if (!Array.isArray(days) || days.length === 0) {
    throw invalidArgument(`TimeWindowPolicy: 'days' must be a non-empty list of weekdays such as ["mon", "fri"], got ${JSON.stringify(days)}.`);
  }
  return new Set(
    days.map((name) => {
      const day = typeof name === 'string' ? DAY_NAMES[name.trim().toLowerCase()] : undefined;
      if (day === undefined) throw invalidArgument(`TimeWindowPolicy: 'days' has ${JSON.stringify(name)}, which is not a weekday; use mon, tue, wed, thu, fri, sat, sun.`);
      return day;
    }),
  );
}

function minutes(value: unknown, field: string): number {
  const match = typeof value === 'string' ? TIME.exec(value) : null;
  if (!match) throw invalidArgument(`TimeWindowPolicy: '${field}' must be a time "HH:MM" from "00:00" to "24:00", got ${JSON.stringify(value)}.`);
  return match[1] === undefined ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

function capitalised(day: string): string {
  return day[0]!.toUpperCase() + day.slice(1);
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(TimeWindowPolicy.prototype);
