import { invalidArgument } from '../../errors/index.js';

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
   * How long an entry may wait for later ones to share its message, in ms (default 500, 1000 for
   * HolAuditTrailHook; 0 sends each batch as soon as a message is free). A message that is full goes at once, and
   * `flush()`/`close()` do not wait; the entry is on disk either way, this only delays publishing.
   */
  lingerMs?: number;
  /** Most messages being submitted at once (default 32); each waits for its own receipt. */
  maxInFlight?: number;
}

export const DEFAULT_LINGER_MS = 500;
export const MAX_LINGER_MS = 60_000;
export const DEFAULT_MAX_IN_FLIGHT = 32;
export const MAX_IN_FLIGHT_LIMIT = 256;
const MAX_BACKOFF_LIMIT_MS = 600_000;

/** The options with their defaults filled in. */
export interface PublisherSettings {
  minBackoffMs: number;
  maxBackoffMs: number;
  mirrorUrl: string | undefined;
  lingerMs: number;
  maxInFlight: number;
}

/**
 * Checks the delivery options and fills in defaults; a bad value is an error naming `owner`, the
 * option, what it accepts and what it got.
 *
 * @example
 * publisherSettings({ lingerMs: 200 }, 'HcsAuditTrailHook'); // { lingerMs: 200, maxInFlight: 16, … }
 * publisherSettings({ lingerMs: -1 }, 'HcsAuditTrailHook');  // throws: HcsAuditTrailHook: lingerMs must be …
 */
export function publisherSettings(options: PublisherOptions, owner: string, defaultLingerMs = DEFAULT_LINGER_MS): PublisherSettings {
  const lingerMs = milliseconds(options.lingerMs, 'lingerMs', 0, MAX_LINGER_MS, defaultLingerMs, owner);
  const minBackoffMs = milliseconds(options.minBackoffMs, 'minBackoffMs', 1, MAX_BACKOFF_LIMIT_MS, 100, owner);
  const maxBackoffMs = milliseconds(options.maxBackoffMs, 'maxBackoffMs', 1, MAX_BACKOFF_LIMIT_MS, Math.max(5_000, minBackoffMs), owner);
  if (maxBackoffMs < minBackoffMs) throw invalidArgument(`${owner}: maxBackoffMs (${maxBackoffMs}) must not be below minBackoffMs (${minBackoffMs}).`);
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  if (!Number.isInteger(maxInFlight) || maxInFlight < 1 || maxInFlight > MAX_IN_FLIGHT_LIMIT) {
    throw invalidArgument(`${owner}: maxInFlight must be a whole number of messages from 1 to ${MAX_IN_FLIGHT_LIMIT}, got ${shown(options.maxInFlight)}.`);
  }
  const { mirrorUrl } = options;
  if (mirrorUrl !== undefined && (typeof mirrorUrl !== 'string' || !/^https?:\/\/./.test(mirrorUrl))) {
    throw invalidArgument(`${owner}: mirrorUrl must be an http(s) URL such as "https://testnet.mirrornode.hedera.com", got ${shown(mirrorUrl)}.`);
  }
  return { minBackoffMs, maxBackoffMs, mirrorUrl, lingerMs, maxInFlight };
}

export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;
const MAX_CLOSE_TIMEOUT_MS = 3_600_000;

/** Checks an audit hook's `closeTimeoutMs` (default {@link DEFAULT_CLOSE_TIMEOUT_MS}); a bad value is an error naming `owner`. */
export function closeTimeoutSetting(value: unknown, owner: string): number {
  return milliseconds(value, 'closeTimeoutMs', 0, MAX_CLOSE_TIMEOUT_MS, DEFAULT_CLOSE_TIMEOUT_MS, owner);
}

/** Checks the `timeoutMs` given to `kit.audit.flush` (left out: each hook's `closeTimeoutMs`). */
export function flushTimeoutSetting(value: unknown): number | undefined {
  return value === undefined ? undefined : milliseconds(value, 'timeoutMs', 0, MAX_CLOSE_TIMEOUT_MS, 0, 'kit.audit.flush');
}

function milliseconds(value: unknown, name: string, min: number, max: number, fallback: number, owner: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalidArgument(`${owner}: ${name} must be a number of milliseconds from ${min} to ${max}, got ${shown(value)}.`);
  }
  return value;
}

/** A given option value as an error message shows it. */
export function shown(value: unknown): string {
  if (typeof value === 'number') return String(value); // JSON would print NaN and Infinity as null
  return value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
}
