import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallOutcome } from '../../lifecycle/call-outcome-shape.js';
import type { ApprovalRecord } from './approval-record.js';
import type { ApprovalStore } from './approval-store.js';

/** The approved request a call re-runs for (kit.resume), read by the ApprovalPolicy that made it. */
export interface ResumedApproval {
  readonly record: ApprovalRecord;
  readonly store: ApprovalStore;
  /** Set by the policy when the rebuilt call differed and a new request replaced this one. */
  supersededBy?: string;
  /** Set by the policy once it matched the call against the approved record. */
  matched?: boolean;
  /** Set by the policy when the call it let through settled: whether it went out. */
  outcome?: CallOutcome;
  /** Set by the resume: the approved transaction's valid window had passed, so it could not be rebuilt with its ID (its bytes must differ). */
  windowPassed?: boolean;
}

const scope = new AsyncLocalStorage<ResumedApproval>();
let active = 0;

/** Runs one resumed call; ApprovalPolicy lets exactly the approved call through inside it. */
export async function runResumed<T>(resumed: ResumedApproval, run: () => Promise<T>): Promise<T> {
  active++;
  try {
    return await scope.run(resumed, run);
  } finally {
    active--;
  }
}

/** The resumed approval in force, if any; one counter comparison when none is. */
export function currentResume(): ResumedApproval | undefined {
  return active === 0 ? undefined : scope.getStore();
}
