import { auditEntryProblems, type AnyAuditEntry, bySeq, readAuditMessages, streamGaps } from '../../audit/index.js';
import { MirrorClient } from '../../mirror/mirror-client.js';

/** The audit entries found on a topic, and what could not be read. */
export interface AuditTrail {
  messages: number;
  /** In journal order (by seq), whatever order their messages reached consensus in. */
  entries: AnyAuditEntry[];
  problems: string[];
}

/**
 * Reads every audit entry of a topic back from the mirror REST API: decodes each batch, joins
 * split ones, checks each entry against the audit schema and each stream for missing seqs, and
 * orders the entries by seq.
 *
 * @example
 * const { entries, problems } = await readAuditTrail('http://127.0.0.1:5551', '0.0.1001');
 */
export async function readAuditTrail(mirrorUrl: string, topicId: string): Promise<AuditTrail> {
  const { messages } = await new MirrorClient(mirrorUrl).getTopicMessages(topicId, { limit: 1000, order: 'asc' });
  const read = readAuditMessages(
    messages.map((message) => ({ sequenceNumber: message.sequence_number, text: Buffer.from(message.message, 'base64').toString('utf8') })),
  );
  const entries: AnyAuditEntry[] = [];
  const problems = [...read.problems];
  for (const { entry, where } of bySeq(read.found)) {
    const wrong = auditEntryProblems(entry);
    if (wrong.length) problems.push(`${where}: not a valid audit entry (${wrong.join('; ')})`);
    else entries.push(entry as AnyAuditEntry);
  }
  for (const gap of streamGaps(read.found)) problems.push(`stream ${gap.stream}: no batch carries seq ${gap.first}-${gap.last}`);
  return { messages: messages.length, entries, problems };
}
