import { AgentHooksError, ErrorCode, isAgentHooksError, messageOf } from '../../errors/index.js';
import type { OversightEntry, OversightEvent } from '../entries/index.js';
import { flushTimeoutSetting } from './publisher-options.js';

/** What an audit stream reports about delivery, e.g. before shutting down. */
export interface AuditStatus {
  /** Which hook and topic, e.g. `HcsAuditTrailHook 0.0.1234`. */
  stream: string;
  /** The journal file. */
  journal: string;
  /** Entries durable in the journal but not yet confirmed on the topic. */
  undelivered: number;
  /** The oldest undelivered entry's timestamp. */
  oldestUndelivered?: string;
  /** Why the last delivery attempt failed, when it did. */
  lastError?: string;
  /**
   * Calls interrupted by an earlier crash whose outcome the network cannot tell yet (a transaction
   * may land until its validity window closes); each becomes an `interrupted` entry once it can.
   * Reported while the journal is open.
   */
  unsettled?: number;
  /**
   * Schedules that scheduled calls created and whose outcome entry is not written yet (they run,
   * are deleted or expire later). Reported while the journal is open.
   */
  pendingSchedules?: number;
  /** Why the last look at a pending schedule failed, while it keeps failing. */
  scheduleWatchError?: string;
}

/**
 * Implemented by hooks that keep an audit journal; the kit aggregates them as `kit.audit`.
 *
 * @example
 * class MyAuditHook extends AbstractHook implements AuditParticipant {
 *   auditStatus() { return { stream: 'mine', journal: this.path, undelivered: 0 }; }
 *   async flushAudit() { return this.auditStatus(); }
 * }
 */
export interface AuditParticipant {
  auditStatus(): AuditStatus;
  /** Delivers what it can within `timeoutMs`; reports what is still undelivered. */
  flushAudit(timeoutMs?: number): Promise<AuditStatus>;
  /**
   * Journals an oversight event (a pause, an approval's request or decision, …) as an entry of its
   * own kind and delivers it like any other; resolves once it is durable. Optional: a participant
   * without it is left out of `kit.audit.record`.
   */
  recordOversight?(event: OversightEvent): Promise<OversightEntry>;
}

export function isAuditParticipant(value: unknown): value is AuditParticipant {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as AuditParticipant).auditStatus === 'function' &&
    typeof (value as AuditParticipant).flushAudit === 'function'
  );
}

/** `kit.audit`: the audit streams of one kit. */
export interface KitAudit {
  /** One status per audit hook registered with the kit. */
  pending(): AuditStatus[];
  /** Flushes every audit hook (in parallel) and reports what is still undelivered. */
  flush(timeoutMs?: number): Promise<AuditStatus[]>;
  /**
   * Writes an oversight event to every audit hook of the kit that records them, in parallel;
   * resolves with the entries once each is durable in its journal (none without such hooks).
   * Rejects when any hook could not journal it, naming the hook, after the others have.
   *
   * @example
   * await kit.audit.record({ kind: 'approvalDecision', tool: 'transfer_hbar_tool', requestId, decision: 'approve', by: 'alice', via: 'console' });
   */
  record(event: OversightEvent): Promise<OversightEntry[]>;
}

/** Builds `kit.audit` over whatever the kit owns (read when called, so `kit.use` additions count). */
export function kitAudit(owned: () => readonly object[]): KitAudit {
  const participants = (): AuditParticipant[] => owned().filter(isAuditParticipant);
  return {
    pending: () => participants().map((participant) => participant.auditStatus()),
    flush: async (timeoutMs) => {
      // A bad wait (a string, NaN, negative) would otherwise end the flush at once, as if nothing were left to wait for.
      const wait = flushTimeoutSetting(timeoutMs);
      return Promise.all(participants().map((participant) => participant.flushAudit(wait)));
    },
    record: async (event) => {
      const recorders = participants().filter((participant) => typeof participant.recordOversight === 'function');
      const settled = await Promise.allSettled(recorders.map((participant) => participant.recordOversight!(event)));
      const failed = settled.flatMap((result, at) => (result.status === 'rejected' ? [`${recorders[at]!.auditStatus().stream}: ${messageOf(result.reason)}`] : []));
      if (failed.length) {
        const first = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected')!.reason;
        // A refused event (bad fields) is the caller's mistake: its own code, said once.
        if (isAgentHooksError(first) && first.code === ErrorCode.INVALID_ARGUMENT && failed.length === recorders.length) throw first;
        throw new AgentHooksError(ErrorCode.AUDIT_UNRECORDED, `the ${event.kind} event could not be journaled by ${failed.length} of ${recorders.length} audit hook(s): ${failed.join('; ')}`, { cause: first });
      }
      return settled.map((result) => (result as PromiseFulfilledResult<OversightEntry>).value);
    },
  };
}
