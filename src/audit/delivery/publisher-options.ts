import { z } from 'zod';
import { invalidArgument, parseOptions, SENTENCE } from '../../errors/index.js';
import { millisecondsSchema } from '../../values/value-schemas.js';

export interface PublisherOptions {
  /** First wait after a failed attempt, in ms (default 100); doubles up to `maxBackoffMs`. */
  minBackoffMs?: number;
  /** Longest wait between attempts, in ms (default 5000). */
  maxBackoffMs?: number;
  /**
   * Mirror node REST URL, consulted when a receipt is gone (nodes keep receipts ~3 minutes): to learn
   * the outcome of calls interrupted by a crash and of messages whose ID expired. Defaults to the
   * kit's `mirrorNodeUrl`.
   */
  mirrorUrl?: string;
  /**
   * How long an entry may wait for later ones to share its message, in ms (default 2000, 4000 for
   * HolAuditTrailHook; 0 sends each batch as soon as a message is free). A message that is full goes at once, and
   * `flush()`/`close()` do not wait; the entry is on disk either way, this only delays publishing.
   */
  lingerMs?: number;
  /** Most messages being submitted at once (default 32); each waits for its own receipt. */
  maxInFlight?: number;
}

/**
 * Two seconds: an entry is durable in the journal before its call returns, so waiting costs nothing
 * but how soon the topic shows it, and a caller whose calls take up to half a second each (a transfer
 * and its receipt) shares each message among four calls or more.
 */
export const DEFAULT_LINGER_MS = 2_000;
export const MAX_LINGER_MS = 60_000;
export const DEFAULT_MAX_IN_FLIGHT = 32;
export const MAX_IN_FLIGHT_LIMIT = 256;
const MAX_BACKOFF_LIMIT_MS = 600_000;
const MIRROR_URL = 'an http(s) URL such as "https://testnet.mirrornode.hedera.com"';

/** The options with their defaults filled in. */
export interface PublisherSettings {
  minBackoffMs: number;
  maxBackoffMs: number;
  mirrorUrl: string | undefined;
  lingerMs: number;
  maxInFlight: number;
}

/** A whole number of messages in flight, from 1 to the limit. */
const IN_FLIGHT = `a whole number of messages from 1 to ${MAX_IN_FLIGHT_LIMIT}`;

/**
 * The delivery options as zod fields, for the audit hooks' options schemas (and through them the
 * configuration's JSON schema). Defaults are filled in by {@link publisherSettings}, which knows the
 * hook's own linger.
 */
export const publisherOptionsShape = {
  minBackoffMs: millisecondsSchema(1, MAX_BACKOFF_LIMIT_MS).optional(),
  maxBackoffMs: millisecondsSchema(1, MAX_BACKOFF_LIMIT_MS).optional(),
  mirrorUrl: z.string({ error: MIRROR_URL }).regex(/^https?:\/\/./, { error: MIRROR_URL }).optional(),
  lingerMs: millisecondsSchema(0, MAX_LINGER_MS).optional(),
  maxInFlight: z.number({ error: IN_FLIGHT }).int({ error: IN_FLIGHT }).min(1, { error: IN_FLIGHT }).max(MAX_IN_FLIGHT_LIMIT, { error: IN_FLIGHT }).optional(),
} satisfies Record<keyof PublisherOptions, z.ZodType>;

/** Backoffs that contradict each other, as a problem on `maxBackoffMs`. */
export function checkBackoffs(options: PublisherOptions, ctx: z.RefinementCtx): void {
  const { minBackoffMs, maxBackoffMs } = options;
  const inRange = (ms: unknown): boolean => typeof ms === 'number' && ms >= 1 && ms <= MAX_BACKOFF_LIMIT_MS;
  // Only between values valid on their own: one out of range has its own problem already.
  if (!inRange(minBackoffMs) || !inRange(maxBackoffMs) || maxBackoffMs! >= minBackoffMs!) return;
  ctx.addIssue({ code: 'custom', path: ['maxBackoffMs'], params: SENTENCE, input: maxBackoffMs, message: `maxBackoffMs (${maxBackoffMs}) must not be below minBackoffMs (${minBackoffMs})` });
}

const publisherOptionsSchema = z.object(publisherOptionsShape).superRefine(checkBackoffs);

/**
 * Checks the delivery options and fills in defaults; a bad value is an error naming `owner`, the
 * option, what it accepts and what it got.
 *
 * @example
 * publisherSettings({ lingerMs: 200 }, 'HcsAuditTrailHook'); // { lingerMs: 200, maxInFlight: 32, … }
 * publisherSettings({ lingerMs: -1 }, 'HcsAuditTrailHook');  // throws: HcsAuditTrailHook: 'lingerMs' must be …
 */
export function publisherSettings(options: PublisherOptions, owner: string, defaultLingerMs = DEFAULT_LINGER_MS): PublisherSettings {
  const given = parseOptions(owner, publisherOptionsSchema, options);
  const minBackoffMs = given.minBackoffMs ?? 100;
  return {
    minBackoffMs,
    maxBackoffMs: given.maxBackoffMs ?? Math.max(5_000, minBackoffMs),
    mirrorUrl: given.mirrorUrl,
    lingerMs: given.lingerMs ?? defaultLingerMs,
    maxInFlight: given.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
  };
}

export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;
const MAX_CLOSE_TIMEOUT_MS = 3_600_000;

/** An audit hook's `closeTimeoutMs`, and the wait `kit.audit.flush` takes. */
export const closeTimeoutSchema = millisecondsSchema(0, MAX_CLOSE_TIMEOUT_MS);

/** Checks an audit hook's `closeTimeoutMs` (default {@link DEFAULT_CLOSE_TIMEOUT_MS}); a bad value is an error naming `owner`. */
export function closeTimeoutSetting(value: unknown, owner: string): number {
  return parseOptions(owner, z.object({ closeTimeoutMs: closeTimeoutSchema.default(DEFAULT_CLOSE_TIMEOUT_MS) }), { closeTimeoutMs: value }).closeTimeoutMs;
}

/**
 * Checks the `timeoutMs` given to `kit.audit.flush` (left out: each hook's `closeTimeoutMs`). A
 * method's argument rather than an option, so its message names it without quotes, as before.
 */
export function flushTimeoutSetting(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const parsed = closeTimeoutSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalidArgument(`kit.audit.flush: timeoutMs must be a number of milliseconds from 0 to ${MAX_CLOSE_TIMEOUT_MS}, got ${shown(value)}.`);
}

/** A given option value as an error message shows it. */
export function shown(value: unknown): string {
  if (typeof value === 'number') return String(value); // JSON would print NaN and Infinity as null
  return value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
}
