import type { ApprovalRecord, DecisionInput, DecisionOutcome } from './approval-record.js';
import type { ApprovalListener, ApprovalRecorder, ApprovalStore, ClaimOutcome, NewApprovalRecord } from './approval-store.js';
import { RecordTransitions } from './record-transitions.js';

/**
 * Approval requests in this process (the default): nothing to connect, gone when the process ends.
 * Read and write happen in one turn of the event loop, so every transition is atomic here.
 *
 * @example
 * const approvals = new MemoryApprovalStore();
 * new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store: approvals });
 */
export class MemoryApprovalStore implements ApprovalStore {
  readonly shared = false;
  readonly description = 'memory';
  private readonly records = new Map<string, ApprovalRecord>();
  private readonly transitions: RecordTransitions;

  constructor(private readonly clock: () => number = Date.now) {
    this.transitions = new RecordTransitions({
      now: async () => this.clock(),
      read: async (id) => this.records.get(id),
      write: async (record, expected) => {
        if ((this.records.get(record.id)?.version ?? 0) !== expected) return false;
        this.records.set(record.id, record);
        return true;
      },
      pendingIds: async () => [...this.records.values()].filter((record) => record.state === 'pending').map((record) => record.id),
    });
  }

  create(record: NewApprovalRecord): Promise<ApprovalRecord> {
    return this.transitions.create(record);
  }
  get(id: string): Promise<ApprovalRecord | undefined> {
    return this.transitions.get(id);
  }
  listPending(): Promise<ApprovalRecord[]> {
    return this.transitions.listPending();
  }
  decide(id: string, decision: DecisionInput): Promise<DecisionOutcome> {
    return this.transitions.decide(id, decision);
  }
  heartbeat(id: string): Promise<void> {
    return this.transitions.heartbeat(id);
  }
  expire(id: string, note: string): Promise<void> {
    return this.transitions.expire(id, note);
  }
  claimExecution(id: string, by: string): Promise<ClaimOutcome> {
    return this.transitions.claimExecution(id, by);
  }
  finishExecution(id: string, outcome: { status?: string; transactionId?: string; supersededBy?: string }): Promise<void> {
    return this.transitions.finishExecution(id, outcome);
  }
  /** Changes made through this object only, awaited before each resolves (see ApprovalStore). */
  recordOwnChanges(recorder: ApprovalRecorder): () => void {
    return this.transitions.recordOwnChanges(recorder);
  }
  subscribe(listener: ApprovalListener): () => void {
    return this.transitions.subscribe(listener);
  }
  async close(): Promise<void> {}
}
