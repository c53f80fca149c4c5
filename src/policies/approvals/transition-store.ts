import type { ApprovalRecord, DecisionInput, DecisionOutcome } from './approval-record.js';
import type { ApprovalListener, ApprovalRecorder, ApprovalStore, ClaimOutcome, NewApprovalRecord, ScheduleClosing, ScheduleSent } from './approval-store.js';
import type { RecordTransitions } from './record-transitions.js';

/**
 * An approval store whose transitions are RecordTransitions over its own storage: a store says
 * how it reads, writes (compare-and-set) and lists records, and every rule of the request's life is
 * the one shared implementation.
 */
export abstract class TransitionStore implements ApprovalStore {
  abstract readonly shared: boolean;
  abstract readonly description: string;
  /** RecordTransitions over the store's own slots (read, compare-and-set write, pending IDs). */
  protected abstract readonly transitions: RecordTransitions;

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
  releaseExecution(id: string, close?: string): Promise<ClaimOutcome> {
    return this.transitions.releaseExecution(id, close);
  }
  finishExecution(id: string, outcome: { status?: string; transactionId?: string; supersededBy?: string; supersededBecause?: string }): Promise<void> {
    return this.transitions.finishExecution(id, outcome);
  }
  listScheduled(): Promise<ApprovalRecord[]> {
    return this.transitions.listScheduled();
  }
  recordSchedule(id: string, sent: ScheduleSent): Promise<ClaimOutcome> {
    return this.transitions.recordSchedule(id, sent);
  }
  closeSchedule(id: string, closing: ScheduleClosing): Promise<ClaimOutcome> {
    return this.transitions.closeSchedule(id, closing);
  }
  /** Changes made through this object only, awaited before each resolves (see ApprovalStore). */
  recordOwnChanges(recorder: ApprovalRecorder): () => void {
    return this.transitions.recordOwnChanges(recorder);
  }
  subscribe(listener: ApprovalListener): () => void {
    return this.transitions.subscribe(listener);
  }
  abstract close(): Promise<void>;
}
