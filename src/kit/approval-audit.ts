import type { KitAudit } from '../audit/index.js';
import { approvalEventOf } from '../audit/index.js';
import { messageOf } from '../errors/index.js';
import type { Logger } from '../lifecycle/logger.js';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';

/**
 * Puts a kit's approvals on its audit trail: every request its approval stores create, each
 * decision, expiry and abandonment becomes an oversight entry (approvalRequest, approvalDecision,
 * approvalExpired, approvalAbandoned), durable before the store's call resolves. Only changes made
 * through this process's store objects are recorded (`recordOwnChanges`): of several processes
 * sharing a Redis store, the one that made a transition records it, so each is on the trail once.
 */
export class ApprovalAudit {
  private readonly detachers = new Map<ApprovalStore, () => void>();

  constructor(
    private readonly audit: KitAudit,
    private readonly logger: Logger,
  ) {}

  /** Records the changes of these stores from now on; a store attached already is left as it is. */
  attach(stores: readonly ApprovalStore[]): void {
    for (const store of stores) {
      if (this.detachers.has(store)) continue;
      if (typeof store.recordOwnChanges !== 'function') {
        this.logger.warn({ store: store.description }, 'this approval store cannot tell its own changes (no recordOwnChanges), so its requests and decisions are not on the audit trail');
        continue;
      }
      this.detachers.set(store, store.recordOwnChanges(async (change) => {
        const event = approvalEventOf(change);
        if (!event) return;
        try {
          await this.audit.record(event);
        } catch (error) {
          // The transition happened in the store already; the operator must hear that its entry is missing.
          this.logger.error({ requestId: change.record.id, kind: event.kind, error: messageOf(error) }, 'an approval change could not be put on the audit trail');
        }
      }));
    }
  }

  detachAll(): void {
    for (const detach of this.detachers.values()) detach();
    this.detachers.clear();
  }
}
