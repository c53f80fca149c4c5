import { auditEntryProblems, type AuditEntry } from '../../audit/audit-entry.js';
import { decodeAuditMessage, joinParts } from '../../audit/hcs-message-codec.js';
import { MirrorClient } from '../../mirror/mirror-client.js';

/** The audit entries found on a topic, and what could not be read. */
export interface AuditTrail {
  messages: number;
  entries: AuditEntry[];
  problems: string[];
}

/**
 * Reads every audit entry of a topic back from the mirror REST API: decodes each message, joins
 * split entries, and checks each entry against the audit schema.
 *
 * @example
 * const { entries, problems } = await readAuditTrail('http://127.0.0.1:5551', '0.0.1001');
 */
export async function readAuditTrail(mirrorUrl: string, topicId: string): Promise<AuditTrail> {
  const { messages } = await new MirrorClient(mirrorUrl).getTopicMessages(topicId, { limit: 1000, order: 'asc' });
  const entries: AuditEntry[] = [];
  const problems: string[] = [];
  const parts = new Map<string, { i: number; n: number; data: string }[]>();
  const accept = (value: unknown, where: string): void => {
    const wrong = auditEntryProblems(value);
    if (wrong.length) problems.push(`${where}: not a valid audit entry (${wrong.join('; ')})`);
    else entries.push(value as AuditEntry);
  };
  for (const message of messages) {
    const where = `message #${message.sequence_number}`;
    const decoded = decodeAuditMessage(Buffer.from(message.message, 'base64').toString('utf8'));
    if (decoded.kind === 'foreign') problems.push(`${where} ${decoded.problem}`);
    else if (decoded.kind === 'entries') decoded.entries.forEach((entry, at) => accept(entry, `${where} entry ${at + 1}`));
    else parts.set(decoded.id, [...(parts.get(decoded.id) ?? []), decoded]);
  }
  for (const [id, pieces] of parts) {
    const joined = joinParts(pieces);
    if (joined.problem) problems.push(`split entry ${id}: ${joined.problem}`);
    else accept(joined.entry, `split entry ${id}`);
  }
  return { messages: messages.length, entries, problems };
}
