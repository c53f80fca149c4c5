import { decodeAuditMessage, isIndexedRegistryMemo } from '../codecs/index.js';
import { readAuditMessages, type FoundEntry } from './audit-trail-reader.js';
import { readHolEntries } from './hol-reader.js';
import { fetchTopicInfo, fetchTopicMessages } from './mirror-reader.js';

/** What an audit topic holds, as read through the mirror node. */
export interface AuditTopicContents {
  /** `hol` for a HOL session topic (an indexed HCS-2 registry of HCS-1 files), else `hcs`. */
  kind: 'hcs' | 'hol';
  /** False when the mirror node does not know the topic (nothing else was read). */
  known: boolean;
  /** The topic's submit key as the mirror writes it (`{ _type: 'ED25519', key: '<hex>' }`); null when it has none, and anyone may write to it. */
  submitKey: { _type: string; key: string } | null;
  /** Every entry found, in topic order (plain, compressed and split batches; a HOL session's files resolved). */
  found: FoundEntry[];
  /** What could not be read, one sentence each: foreign messages, incomplete splits, invalid HCS-1 files. */
  problems: string[];
  /**
   * The consensus timestamps of the topic's messages that are audit messages (a batch, an entry or a
   * part of a split one), as the mirror writes them; empty for a HOL session topic, whose entries
   * are in files on topics of their own.
   */
  auditMessagesAt: Set<string>;
}

/**
 * Reads every audit entry of an audit topic (HCS) or HOL session topic from the mirror node, the one
 * way `audit verify` and the signer coverage check read a trail. Never skips silently: whatever
 * cannot be read is a problem. Whether the entries are valid and complete is the caller's check.
 *
 * @example
 * const { found, problems } = await readAuditTopic('http://127.0.0.1:5551', '0.0.1234');
 */
export async function readAuditTopic(mirrorUrl: string, topicId: string): Promise<AuditTopicContents> {
  const info = await fetchTopicInfo(mirrorUrl, topicId);
  if (!info) return { kind: 'hcs', known: false, submitKey: null, found: [], problems: [], auditMessagesAt: new Set() };
  const kind = isIndexedRegistryMemo(info.memo) ? 'hol' : 'hcs';
  const messages = await fetchTopicMessages(mirrorUrl, topicId);
  const problems: string[] = [];
  let found: FoundEntry[];
  const auditMessagesAt = new Set<string>();
  if (kind === 'hol') {
    found = await readHolEntries(mirrorUrl, messages, problems);
  } else {
    const read = readAuditMessages(messages);
    problems.push(...read.problems);
    found = read.found;
    for (const message of messages) if (decodeAuditMessage(message.text).kind !== 'foreign') auditMessagesAt.add(message.consensusTimestamp);
  }
  return { kind, known: true, submitKey: info.submit_key ? { _type: info.submit_key._type ?? '', key: info.submit_key.key } : null, found, problems, auditMessagesAt };
}
