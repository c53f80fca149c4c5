import type { TopicMessageState } from '../ledger/state-types.js';
import { formatMessage, formatTopic } from './mirror-format.js';
import { entityNumParam, timestampKey } from './mirror-entities.js';
import { invalidParameter, notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';
import { matchesFilters } from './mirror-query.js';
import { parseLong, parseTimestamp } from './mirror-values.js';

function encodingOf(request: MirrorRequest): 'base64' | 'utf-8' {
  const raw = request.query.last('encoding')?.toLowerCase();
  if (raw === undefined || raw === 'base64') return 'base64';
  if (raw === 'utf-8' || raw === 'utf8') return 'utf-8';
  throw invalidParameter('encoding');
}

/** `/topics/{topicId}/messages`: by consensus timestamp (oldest first by default), paged by `timestamp`. */
export function topicMessages(request: MirrorRequest): MirrorResponse {
  const num = entityNumParam(request.params.topicId, 'topicId');
  const sequences = request.query.filters('sequencenumber', (text) => parseLong(text));
  const encoding = encodingOf(request);
  const topic = num === undefined ? undefined : request.ledger.topics.get(num);
  if (!topic) return notFound(`No such topic id - ${request.params.topicId}`);
  const selected = topic.messages.filter((m) => matchesFilters(m.sequenceNumber, sequences));
  const { items, next } = page(request, selected, [timestampKey('timestamp', (m: TopicMessageState) => m.consensusNs)], 'asc');
  return ok({ messages: items.map((m) => formatMessage(topic.num, m, encoding)), links: { next } });
}

/** `/topics/{topicId}/messages/{sequenceNumber}`. */
export function topicMessageBySequence(request: MirrorRequest): MirrorResponse {
  const num = entityNumParam(request.params.topicId, 'topicId');
  const sequence = parseLong(request.params.sequenceNumber);
  if (sequence === undefined) throw invalidParameter('sequenceNumber');
  const topic = num === undefined ? undefined : request.ledger.topics.get(num);
  const message = topic?.messages.find((m) => m.sequenceNumber === sequence);
  return topic && message ? ok(formatMessage(topic.num, message, 'base64')) : notFound();
}

/** `/topics/messages/{timestamp}`: the message that reached consensus at that exact time, in any topic. */
export function topicMessageByTimestamp(request: MirrorRequest): MirrorResponse {
  const ns = parseTimestamp(request.params.timestamp);
  if (ns === undefined) throw invalidParameter('timestamp');
  for (const topic of request.ledger.topics.values()) {
    const message = topic.messages.find((m) => m.consensusNs === ns);
    if (message) return ok(formatMessage(topic.num, message, 'base64'));
  }
  return notFound();
}

/** `/topics/{topicId}`. */
export function getTopic(request: MirrorRequest): MirrorResponse {
  const num = entityNumParam(request.params.topicId, 'topicId');
  const topic = num === undefined ? undefined : request.ledger.topics.get(num);
  return topic ? ok(formatTopic(topic)) : notFound();
}
