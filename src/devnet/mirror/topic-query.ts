import { status } from '@grpc/grpc-js';
import { com, type proto } from '@hiero-ledger/proto';
import type { Ledger } from '../ledger/ledger.js';
import { timestampToNs, toBig } from '../ledger/numbers.js';
import type { TopicState } from '../ledger/state-types.js';

/** A refusal of a subscription, with the gRPC status the mirror node answers it with. */
export class MirrorGrpcError extends Error {
  constructor(readonly code: status, message: string) {
    super(message);
    this.name = 'MirrorGrpcError';
  }
}

/** What one subscription asks for, checked against the ledger. */
export interface TopicFilter {
  topic: TopicState;
  /** messages at or after this consensus time */
  startNs: bigint;
  /** messages strictly before this consensus time; the stream ends once it has passed */
  endNs?: bigint;
  /** stream ends after this many messages; 0n means no limit */
  limit: bigint;
}

const MAX_JAVA_LONG = (1n << 63n) - 1n;
const invalid = (message: string) => new MirrorGrpcError(status.INVALID_ARGUMENT, message);

/**
 * Decodes a `ConsensusTopicQuery` and validates it the way the mirror node does: the topic ID is
 * required, an unknown entity is NOT_FOUND (`0.0.N does not exist`, which the SDK retries, since a real
 * mirror may not have imported a new topic yet), an entity that is not a topic is INVALID_ARGUMENT, the
 * start defaults to now and must not be in the future, and the end must come after the start.
 */
export function readTopicQuery(bytes: Uint8Array, ledger: Ledger): TopicFilter {
  let query: com.hedera.mirror.api.proto.ConsensusTopicQuery;
  try {
    query = com.hedera.mirror.api.proto.ConsensusTopicQuery.decode(bytes);
  } catch {
    throw invalid('Invalid ConsensusTopicQuery');
  }
  if (!query.topicID) throw invalid('topicId: must not be null');
  const topic = findTopic(query.topicID, ledger);
  const limit = toBig(query.limit);
  // The mirror node holds the limit in a Java long: anything above its range reads as negative.
  if (limit > MAX_JAVA_LONG) throw invalid('limit: must be greater than or equal to 0');
  const startNs = query.consensusStartTime ? timestampToNs(query.consensusStartTime) : ledger.nowNs();
  if (startNs < 0n) throw invalid('startTime: must be greater than or equal to 0');
  // Consensus times may run a few nanoseconds ahead of the wall clock when transactions land in the
  // same millisecond; the SDK resumes at "last message + 1 ns", which must not be refused as future.
  const newest = topic.messages.at(-1)?.consensusNs ?? 0n;
  if (startNs > maxOf(ledger.nowNs(), newest + 1n)) throw invalid('Start time must be before the current time');
  const endNs = query.consensusEndTime ? timestampToNs(query.consensusEndTime) : undefined;
  if (endNs !== undefined && endNs <= startNs) throw invalid('End time must be after start time');
  return { topic, startNs, endNs, limit };
}

function findTopic(id: proto.ITopicID, ledger: Ledger): TopicState {
  const shard = toBig(id.shardNum);
  const realm = toBig(id.realmNum);
  const num = toBig(id.topicNum);
  const name = `${shard}.${realm}.${num}`;
  if (shard !== 0n || realm !== 0n || num > BigInt(Number.MAX_SAFE_INTEGER)) throw new MirrorGrpcError(status.NOT_FOUND, `${name} does not exist`);
  const entity = Number(num);
  // A deleted topic still exists for the mirror: its past messages stay readable.
  const topic = ledger.topics.get(entity);
  if (topic) return topic;
  if (ledger.accounts.has(entity) || ledger.tokens.has(entity)) throw invalid('Not a valid topic');
  throw new MirrorGrpcError(status.NOT_FOUND, `${name} does not exist`);
}

const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);
