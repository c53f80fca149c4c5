/** A minimal mirror-node REST reader for verification: topic info and every message of a topic. */

export interface MirrorTopicInfo {
  topic_id: string;
  memo: string;
  admin_key: { key: string } | null;
  submit_key: { key: string } | null;
  deleted?: boolean;
}

export interface MirrorMessage {
  sequenceNumber: number;
  consensusTimestamp: string;
  text: string;
}

/** GET `path` from the mirror: the body of a 200, no body for a 404, an error for anything else or no answer. */
export async function getJson(mirrorUrl: string, path: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(new URL(path, mirrorUrl));
  } catch (error) {
    throw new Error(`could not reach the mirror node at ${mirrorUrl} (${(error as Error).message})`);
  }
  const body = response.status === 404 ? undefined : await response.json().catch(() => undefined);
  if (response.status !== 200 && response.status !== 404) throw new Error(`mirror node answered HTTP ${response.status} for ${path}`);
  return { status: response.status, body };
}

/** The topic's info, or undefined when the mirror does not know it. */
export async function fetchTopicInfo(mirrorUrl: string, topicId: string): Promise<MirrorTopicInfo | undefined> {
  const { status, body } = await getJson(mirrorUrl, `/api/v1/topics/${topicId}`);
  return status === 404 ? undefined : (body as MirrorTopicInfo);
}

/** Every message of a topic, in sequence order, following `links.next`. */
export async function fetchTopicMessages(mirrorUrl: string, topicId: string): Promise<MirrorMessage[]> {
  const messages: MirrorMessage[] = [];
  let next: string | null = `/api/v1/topics/${topicId}/messages?limit=100&order=asc`;
  while (next) {
    const { status, body } = await getJson(mirrorUrl, next);
    if (status === 404) return messages;
    const page = body as { messages: { sequence_number: number; consensus_timestamp: string; message: string }[]; links?: { next: string | null } };
    for (const message of page.messages) {
      messages.push({ sequenceNumber: message.sequence_number, consensusTimestamp: message.consensus_timestamp, text: Buffer.from(message.message, 'base64').toString('utf8') });
    }
    next = page.links?.next ?? null;
  }
  return messages;
}
