/**
 * The moment by which an in-call approval must be decided, carried by a call's normalised params
 * under this registered symbol (ms since the epoch). A tool whose call is worthless after some
 * moment sets it: the policy signer's `sign_transaction` sets the end of the body's valid window
 * (less a margin to submit it), since a signature made after it can never reach consensus. The
 * ApprovalPolicy then holds the call at most until then, and says so when it refuses. A symbol from
 * the registry, so a copy of this package in another build reads it too; no JSON copy carries it.
 */
export const APPROVAL_DEADLINE: unique symbol = Symbol.for('hedera-agent-hooks.approvalDeadline');

/** The deadline `normalisedParams` carries, or undefined when it sets none (or not a finite number). */
export function approvalDeadlineOf(normalisedParams: unknown): number | undefined {
  if (normalisedParams === null || typeof normalisedParams !== 'object') return undefined;
  const value = (normalisedParams as { [APPROVAL_DEADLINE]?: unknown })[APPROVAL_DEADLINE];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Less time than this before a call's deadline, nobody could be asked in time. */
const MIN_DECISION_MS = 1_000;

/** How long an in-call request may wait: the policy's time, or less when the call has a deadline. */
export interface InCallWait {
  readonly ms: number;
  /** The call's deadline, when it ends the wait before the policy's own time does. */
  readonly until?: number;
}

/**
 * How long an in-call request of a call with `normalisedParams` waits: the policy's `timeoutMs`,
 * ended sooner by the call's deadline; `tooLate` (why) when the deadline leaves no time to ask.
 */
export function inCallWaitOf(normalisedParams: unknown, timeoutMs: number, now: number): InCallWait | { readonly tooLate: string } {
  const until = approvalDeadlineOf(normalisedParams);
  if (until === undefined || until - now >= timeoutMs) return { ms: timeoutMs };
  if (until - now < MIN_DECISION_MS) return { tooLate: `the call had to be decided by ${new Date(until).toISOString()} (its transaction's valid window closes then), too soon to ask anyone` };
  return { ms: until - now, until };
}

/** Words for a refusal whose wait the call's deadline cut short (empty when it did not): without them, a wait shorter than timeoutMs reads as a fault. */
export function cutShort(wait: InCallWait): string {
  return wait.until === undefined ? '' : `, the time left before ${new Date(wait.until).toISOString()}, when the call's transaction stops being valid (an approval after it could not be used)`;
}
