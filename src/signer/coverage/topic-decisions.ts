import { checkTopicAlone, readAuditTopic } from '../../audit/index.js';
import { invalidArgument } from '../../errors/index.js';

/** The signer decisions an audit topic holds, with what could not be trusted on it. */
export interface TopicDecisions {
  /** Transaction IDs a valid `signingDecision` entry on the topic says the signer signed. */
  signed: Set<string>;
  /** `hcs`, or `hol` for a HOL session topic. */
  trail: 'hcs' | 'hol';
  /** Every entry read from the topic, decisions and the rest. */
  entriesOnTopic: number;
  /** The topic's submit key as the mirror writes it; null without one, when anyone could have written a decision to it. */
  submitKey: { _type: string; key: string } | null;
  /** Messages that could not be read, entries that fail the schema, gaps between batches, approvals that do not verify. */
  problems: string[];
  /** The consensus timestamps of the topic's audit messages: a signer delivering with the account's own client paid for these. */
  auditMessagesAt: Set<string>;
}

/**
 * Reads the signer's decisions from its audit topic through the mirror node, as `audit verify --topic`
 * reads a trail (plain, compressed and split batches; a HOL session's files), with the checks a topic
 * passes on its own (checkTopicAlone). Only a schema-valid `signingDecision` that says `signed` and
 * names a transaction ID covers it; a refusal covers nothing. What cannot be read or trusted is a
 * problem, never skipped in silence: it can only make fewer transactions covered, never more.
 *
 * @example
 * const { signed, problems } = await topicDecisions('http://127.0.0.1:5551', '0.0.1234');
 */
export async function topicDecisions(mirrorUrl: string, topicId: string): Promise<TopicDecisions> {
  const topic = await readAuditTopic(mirrorUrl, topicId);
  if (!topic.known) throw invalidArgument(`the mirror node at ${mirrorUrl} knows no topic ${topicId}; give the signer's audit topic (its HcsAuditTrailHook's topic) and the mirror of its network`);
  const checked = checkTopicAlone(topic.found);
  const signed = new Set<string>();
  for (const { entry } of checked.valid) {
    const decision = entry as { kind?: unknown; decision?: unknown; transactionId?: unknown };
    if (decision.kind === 'signingDecision' && decision.decision === 'signed' && typeof decision.transactionId === 'string') signed.add(decision.transactionId);
  }
  return { signed, trail: topic.kind, entriesOnTopic: topic.found.length, submitKey: topic.submitKey, problems: [...topic.problems, ...checked.problems], auditMessagesAt: topic.auditMessagesAt };
}
