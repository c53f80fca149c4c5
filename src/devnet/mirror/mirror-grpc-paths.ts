/** The mirror node's gRPC methods the devnet serves, as the SDK's mirror channel calls them. */
export const SUBSCRIBE_TOPIC_PATH = '/com.hedera.mirror.api.proto.ConsensusService/subscribeTopic';

export const GET_NODES_PATH = '/com.hedera.mirror.api.proto.NetworkService/getNodes';

export const MIRROR_GRPC_PATHS: readonly string[] = [SUBSCRIBE_TOPIC_PATH, GET_NODES_PATH];

/**
 * A mirror stream has no precheck, receipt or single answer to delay, so faults of those kinds never
 * apply to it; gRPC errors and latency do.
 */
export function isMirrorGrpcPath(path: string): boolean {
  return path.startsWith('/com.hedera.mirror.');
}
