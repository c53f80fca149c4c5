import { randomUUID } from 'node:crypto';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, type AnyAuditEntry } from './audit-entry.js';

/** The fields every entry starts with, in schema order, under a new ID. */
export function entryHead(seq: number, session: string, timestamp: string, tool: string): Pick<AnyAuditEntry, 'type' | 'version' | 'id' | 'seq' | 'session' | 'timestamp' | 'tool'> {
  return { type: AUDIT_ENTRY_TYPE, version: AUDIT_ENTRY_VERSION, id: randomUUID(), seq, session, timestamp, tool };
}
