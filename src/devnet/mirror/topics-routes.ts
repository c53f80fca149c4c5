import { parseEntity } from '../ledger/entity-ids.js';
import { mirrorToNs, nsToMirror } from '../ledger/numbers.js';
import type { TopicMessageState } from '../ledger/state-types.js';
import { formatMessage, formatTopic } from './mirror-format.js';
import {
  badRequest, matchesFilters, MirrorParamError, notFound, ok, page, parseFilters, type MirrorRequest, type MirrorRoute,
} from './mirror-http.js';

const ID = '((?:\\d+\\.\\d+\\.)?\\d+)';

function encodingOf(request: MirrorRequest): 'base64' | 'utf-8' {
  const raw = request.query.get('encoding');
  if (raw === null || raw === '' || raw.toLowerCase() === 'base64') return 'base64';
  if (raw.toLowerCase() === 'utf-8' || raw.toLowerCase() === 'utf8') return 'utf-8';
  throw new MirrorParamError('Invalid parameter: encoding');
}

function parseSequence(text: string): bigint | undefined {
  return /^\d{1,18}$/.test(text) ? BigInt(text) : undefined;
}

function topicMessages(request: MirrorRequest) {
  const num = parseEntity(request.params[0]);
  if (num === undefined) return badRequest('Invalid parameter: topic.id');
  const topic = request.ledger.topics.get(num);
  if (!topic) return notFound('No such topic id');
  const timestamps = parseFilters(request.query, 'timestamp', mirrorToNs);
  const sequences = parseFilters(request.query, 'sequencenumber', parseSequence);
  const encoding = encodingOf(request);
  const selected = topic.messages.filter((m) => matchesFilters(m.consensusNs, timestamps) && matchesFilters(m.sequenceNumber, sequences));
  const { items, next } = page(selected, (m: TopicMessageState) => m.consensusNs, request, 'timestamp', nsToMirror);
  return ok({ messages: items.map((m) => formatMessage(topic.num, m, encoding)), links: { next } });
}

function topicMessageBySequence(request: MirrorRequest) {
  const num = parseEntity(request.params[0]);
  if (num === undefined) return badRequest('Invalid parameter: topic.id');
  const topic = request.ledger.topics.get(num);
  const sequence = BigInt(request.params[1]);
  const message = topic?.messages.find((m) => m.sequenceNumber === sequence);
  return message ? ok(formatMessage(num, message, encodingOf(request))) : notFound();
}

function topicMessageByTimestamp(request: MirrorRequest) {
  const ns = mirrorToNs(request.params[0]);
  if (ns === undefined) return badRequest('Invalid parameter: consensus_timestamp');
  for (const topic of request.ledger.topics.values()) {
    const message = topic.messages.find((m) => m.consensusNs === ns);
    if (message) return ok(formatMessage(topic.num, message, encodingOf(request)));
  }
  return notFound();
}

function topicInfo(request: MirrorRequest) {
  const num = parseEntity(request.params[0]);
  if (num === undefined) return badRequest('Invalid parameter: topic.id');
  const topic = request.ledger.topics.get(num);
  return topic ? ok(formatTopic(topic)) : notFound();
}

export const TOPIC_ROUTES: MirrorRoute[] = [
  { pattern: /^\/topics\/messages\/([^/]+)$/, handle: topicMessageByTimestamp },
  { pattern: new RegExp(`^/topics/${ID}/messages$`), handle: topicMessages },
  { pattern: new RegExp(`^/topics/${ID}/messages/(\\d{1,18})$`), handle: topicMessageBySequence },
  { pattern: new RegExp(`^/topics/([^/]+)$`), handle: topicInfo },
];
