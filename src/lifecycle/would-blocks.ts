import type { BlockedBy } from './tool-result.js';

/**
 * Report mode's record of a block that did not happen: a policy in report mode judged a call and
 * would have blocked it, and the call went on. Named and shaped as `blockedBy`, less the approval
 * request (a policy that holds calls for approval cannot run in report mode). Kept on the call's
 * record (call-record.ts), where the audit hooks of either build read them for the entry's `wouldBlock`.
 */
export interface WouldBlock {
  readonly policy: string;
  readonly stage: BlockedBy['stage'];
  readonly reason?: string;
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
