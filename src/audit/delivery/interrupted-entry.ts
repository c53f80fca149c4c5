import { type AuditEntry, entryHead } from '../entries/index.js';
import type { IntentRecord } from '../journal/index.js';
import type { LookupResult } from '../readers/index.js';

export type SettledLookup = Exclude<LookupResult, { found: 'unknown' }>;

/** The entry for a call a crash interrupted, from its journaled intent and what the network says about it. */
export function interruptedEntry(intent: IntentRecord, seq: number, session: string, result: SettledLookup): AuditEntry {
  const { status, message } = interruptedOutcome(result);
  return {
    ...entryHead(seq, session, intent.at, intent.tool),
    outcome: 'interrupted',
    stage: 'secondaryAction',
    params: intent.params,
    paramsKind: intent.paramsKind,
    transactionId: intent.transactionId,
    status,
    error: { code: 'E_INTERRUPTED', message },
  };
}

function interruptedOutcome(result: SettledLookup): { status: string; message: string } {
  const stopped = 'the process stopped before the outcome was journaled';
  if (result.found === true) return { status: result.status, message: `${stopped}; on restart the network reported ${result.status} for this transaction` };
  if (result.found === false && result.preempted) {
    return {
      status: 'NOT_EXECUTED',
      message: `${stopped}; on restart a no-op (a transfer of nothing, hash ${result.preempted}) was sent under its transaction ID and ran, so this transaction never executed and never can (the network runs one transaction per ID)`,
    };
  }
  if (result.found === false) return { status: 'RECEIPT_NOT_FOUND', message: `${stopped}; the network has no record of this transaction, and its validity window has closed, so it never executed` };
  return { status: 'UNKNOWN', message: `${stopped}; ${result.reason}. It may have executed: look the transaction ID up before repeating the call` };
}
