import { bySeq, readAuditMessages } from '../../src/audit/readers/audit-trail-reader.js';
import { decodeAuditMessage } from '../../src/audit/codecs/hcs-message-codec.js';

/** Reads every message of a topic from a mirror REST API, following `links.next`; returns their UTF-8 texts in sequence order. */
export async function readTopicMessages(mirrorUrl: string, topicId: string): Promise<string[]> {
  const texts: string[] = [];
  let next: string | null = `/api/v1/topics/${topicId}/messages?limit=100&order=asc`;
  while (next) {
    const response = await fetch(new URL(next, mirrorUrl));
    if (!response.ok) throw new Error(`mirror ${next}: HTTP ${response.status}`);
    const body = (await response.json()) as { messages: { message: string }[]; links: { next: string | null } };
    for (const message of body.messages) texts.push(Buffer.from(message.message, 'base64').toString('utf8'));
    next = body.links.next;
  }
  return texts;
}

/** The audit entries one topic message carries (plain or compressed); none for anything else. */
export function entriesIn(text: string): any[] {
  const decoded = decodeAuditMessage(text);
  return decoded.kind === 'entries' ? decoded.entries : [];
}

/** Every audit entry in a topic's message texts (split batches joined), in seq order; throws on anything unreadable. */
export function auditEntries(texts: readonly string[]): any[] {
  const { found, problems } = readAuditMessages(texts.map((text, at) => ({ sequenceNumber: at + 1, text })));
  if (problems.length) throw new Error(`unreadable audit messages: ${problems.join(' | ')}`);
  return bySeq(found).map((item) => item.entry);
}
