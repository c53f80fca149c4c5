import type { ApprovalRecord } from './approval-record.js';
import { RecordTransitions } from './record-transitions.js';
import { TransitionStore } from './transition-store.js';

/**
 * Approval requests in this process (the default): nothing to connect, gone when the process ends.
 * Read and write happen in one turn of the event loop, so every transition is atomic here.
 *
 * @example
 * const approvals = new MemoryApprovalStore();
 * new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store: approvals });
 */
export class MemoryApprovalStore extends TransitionStore {
  readonly shared = false;
  readonly description = 'memory';
  private readonly records = new Map<string, ApprovalRecord>();
  protected readonly transitions: RecordTransitions;

  constructor(private readonly clock: () => number = Date.now) {
    super();
    this.transitions = new RecordTransitions({
      now: async () => this.clock(),
      read: async (id) => this.records.get(id),
      write: async (record, expected) => {
        if ((this.records.get(record.id)?.version ?? 0) !== expected) return false;
        this.records.set(record.id, record);
        return true;
      },
      pendingIds: async () => [...this.records.values()].filter((record) => record.state === 'pending' || record.state === 'scheduled').map((record) => record.id),
    });
  }

  override async close(): Promise<void> {}
}
