/**
 * The mirror-node reads of verification and schedule follow-up: topic info and every message of a
 * topic. They go through the one MirrorClient (timeouts, bounded retries of 429/503 and network
 * errors); what they add is "not found is an answer, not an error" and reading a topic to its end.
 */
import { invalidArgument, isAgentHooksError } from '../../errors/index.js';
import { mirrorFor } from '../../mirror/mirror-client.js';
import { MirrorErrorCode } from '../../mirror/mirror-error.js';

export interface MirrorTopicInfo {
  topic_id: string;
  memo: string;
  admin_key: { key: string } | null;
  submit_key: { _type?: string; key: string } | null;
  deleted?: boolean;
}

export interface MirrorMessage {
  sequenceNumber: number;
  consensusTimestamp: string;
  text: string;
}

/**
 * GET `path` (under /api/v1) from the mirror: the body of a 200, no body for a 404; anything else,
 * or no answer after the client's retries, raises the client's coded MirrorError. `what` names the
 * thing read in that error (default: the path).
 */
export async function getJson(mirrorUrl: string, path: string, what: string = path): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: await mirrorFor({ mirrorNodeUrl: mirrorUrl }).getJson<unknown>(path, what) };
  } catch (error) {
    if (isAgentHooksError(error) && error.code === MirrorErrorCode.NOT_FOUND) return { status: 404, body: undefined };
    throw error;
  }
}

/** The topic's info, or undefined when the mirror does not know it. */
export async function fetchTopicInfo(mirrorUrl: string, topicId: string): Promise<MirrorTopicInfo | undefined> {
  const { status, body } = await getJson(mirrorUrl, `/api/v1/topics/${topicId}`, `topic ${topicId}`);
  return status === 404 ? undefined : (body as MirrorTopicInfo);
}

/** A consensus timestamp as the mirror writes it: seconds, a dot, nanoseconds. */
const CONSENSUS_TIMESTAMP = /^\d{1,19}\.\d{1,9}$/;

/**
 * Every message of a topic, in sequence order, following `links.next` to the end (no cap: verification
 * needs them all). With `after` (a consensus timestamp, `'1700000000.000000001'`), only the messages
 * that reached consensus after it: what a follower reads on each poll instead of the whole topic (the
 * mirror ingests a topic in consensus order, so nothing earlier can appear later).
 */
export async function fetchTopicMessages(mirrorUrl: string, topicId: string, after?: string): Promise<MirrorMessage[]> {
  if (after !== undefined && !CONSENSUS_TIMESTAMP.test(after)) throw invalidArgument(`fetchTopicMessages: 'after' must be a consensus timestamp such as "1700000000.000000001", got ${JSON.stringify(after)}.`);
  const messages: MirrorMessage[] = [];
  let next: string | null = `/api/v1/topics/${topicId}/messages?limit=100&order=asc${after === undefined ? '' : `&timestamp=gt:${after}`}`;
  while (next) {
    const { status, body } = await getJson(mirrorUrl, next, `messages of topic ${topicId}`);
    if (status === 404) return messages;
    const page = body as { messages: { sequence_number: number; consensus_timestamp: string; message: string }[]; links?: { next: string | null } };
    for (const message of page.messages) {
      messages.push({ sequenceNumber: message.sequence_number, consensusTimestamp: message.consensus_timestamp, text: Buffer.from(message.message, 'base64').toString('utf8') });
    }
    next = page.links?.next ?? null;
  }
  return messages;
}
