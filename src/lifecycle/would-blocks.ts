import type { BlockedBy } from './tool-result.js';

/**
 * Report mode's record of a block that did not happen: a policy in report mode judged a call and
 * would have blocked it, and the call went on. Named and shaped as `blockedBy`, less the approval
 * request (a policy that holds calls for approval cannot run in report mode).
 */
export interface WouldBlock {
  readonly policy: string;
  readonly stage: BlockedBy['stage'];
  readonly reason?: string;
}

/**
 * The would-blocks of the calls running now, by call ID: the audit hooks put them on the call's
 * entry (`wouldBlock`). Noted by the call when its first report-mode policy would have blocked and
 * forgotten by the runner when the call returns, so a call without one never touches this map.
 */
const running = new Map<string, WouldBlock[]>();

export function noteWouldBlocks(callId: string, wouldBlocks: WouldBlock[]): void {
  running.set(callId, wouldBlocks);
}

/** What report-mode policies would have blocked in the call `callId` so far (undefined: nothing). */
export function wouldBlocksOf(callId: unknown): readonly WouldBlock[] | undefined {
  return typeof callId === 'string' && running.size !== 0 ? running.get(callId) : undefined;
}

export function forgetWouldBlocks(callId: string): void {
  running.delete(callId);
}

/**
 * One kit's count of would-blocks per policy name (`kit.wouldBlockCounts()`), since the kit started.
 * Each would-block counts once, so a call two report-mode policies would have blocked counts for both.
 */
export class WouldBlockCounts {
  private readonly byPolicy = new Map<string, number>();

  add(wouldBlock: WouldBlock): void {
    this.byPolicy.set(wouldBlock.policy, (this.byPolicy.get(wouldBlock.policy) ?? 0) + 1);
  }

  /** A copy, policy name to count; policies that never would have blocked are left out. */
  snapshot(): Readonly<Record<string, number>> {
    return Object.freeze(Object.fromEntries(this.byPolicy));
  }
}
