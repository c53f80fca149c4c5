import { approvalEventOf } from '../../audit/index.js';
import type { LoadedConfig } from '../../config/load-config.js';
import type { ConfiguredKit } from '../../config/create-kit-from-config.js';
import { messageOf } from '../../errors/index.js';
import type { ApprovalRecord } from '../../policies/approvals/approval-record.js';
import type { CommandContext } from '../command-context.js';

/** Whether a decision made here reached the configuration's audit trail, and if not, why. */
/** `failed`: the configuration has an audit trail and it could not journal the decision (the decision stands). */
export type TrailAnswer = { audited: true; entries: number } | { audited: false; why: string; failed: boolean };

/**
 * The configuration's audit trail, for the decisions `agent-hooks approve` makes: the agents record
 * only the changes their own processes make to a shared approval store, so a decision made from the
 * command line is this process's to record, as `pause` records its pause. Opened before the
 * decision, so a trail that cannot be opened (no operator, say) refuses the command before anything
 * is decided; closed after it, which delivers the entry to the topic.
 */
export class DecisionTrail {
  private constructor(
    /** The configuration's kit, when it has hooks; its audit hooks journal the decision. */
    readonly configured: ConfiguredKit | undefined,
  ) {}

  static async open(ctx: CommandContext, loaded: LoadedConfig): Promise<DecisionTrail> {
    // No hooks, no audit trail: nothing to open (and no operator needed to decide).
    if (!loaded.config.hooks.length) return new DecisionTrail(undefined);
    return new DecisionTrail(await ctx.openKit());
  }

  /** Records the decision `record` ends with as an approvalDecision entry of every audit hook. */
  async recordDecision(record: ApprovalRecord): Promise<TrailAnswer> {
    const kit = this.configured?.kit;
    if (!kit || kit.audit.pending().length === 0) return { audited: false, why: 'the configuration has no audit hook, so the decision is in the approval store only', failed: false };
    const event = approvalEventOf({ kind: 'decided', record });
    if (!event) return { audited: false, why: 'the request holds no decision to record', failed: true };
    try {
      const entries = await kit.audit.record(event);
      return { audited: true, entries: entries.length };
    } catch (error) {
      return { audited: false, why: `the decision is in the approval store, but the audit trail could not journal it: ${messageOf(error)}`, failed: true };
    }
  }

  /** Closes the kit, delivering what its audit hooks journaled. */
  async close(): Promise<void> {
    await this.configured?.close();
  }
}

/** 0 when the trail has the decision or there is no trail; 1 when the trail could not take it. */
export function trailFailed(answer: TrailAnswer): boolean {
  return !answer.audited && answer.failed;
}

/** The sentence a person reads about the trail, after the decision's own line. */
export function trailLine(answer: TrailAnswer): string {
  return answer.audited ? `on the audit trail: an approvalDecision entry (${answer.entries} audit hook${answer.entries === 1 ? '' : 's'})` : `NOT on the audit trail: ${answer.why}`;
}
