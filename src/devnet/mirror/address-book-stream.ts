import { status } from '@grpc/grpc-js';
import { com, proto } from '@hiero-ledger/proto';
import { accountId } from '../ledger/entity-ids.js';
import { NODE_NUM } from '../ledger/ledger.js';
import { toBig, toLong } from '../ledger/numbers.js';
import type { MirrorNodeInfo } from './mirror-http.js';
import { MirrorGrpcError } from './topic-query.js';

/** The address book files a mirror serves: 0.0.101 and 0.0.102 both list the devnet's one node. */
const ADDRESS_BOOK_FILES = new Set([101n, 102n]);

/**
 * The answers of `NetworkService/getNodes` (the SDK's `AddressBookQuery`), as the mirror node gives
 * them: the file ID is required and must be an address book file (else INVALID_ARGUMENT), `limit`
 * caps the node count. The one node is 0.0.3, node ID 0, at its loopback gRPC endpoint, with no stake,
 * certificate hash or RSA key (the devnet has none), like `/api/v1/network/nodes`.
 */
export function addressBookAnswers(request: Uint8Array, node: MirrorNodeInfo): Buffer[] {
  let query: com.hedera.mirror.api.proto.AddressBookQuery;
  try {
    query = com.hedera.mirror.api.proto.AddressBookQuery.decode(request);
  } catch {
    throw new MirrorGrpcError(status.INVALID_ARGUMENT, 'Invalid AddressBookQuery');
  }
  const file = query.fileId;
  if (!file) throw new MirrorGrpcError(status.INVALID_ARGUMENT, 'fileId: must not be null');
  if (toBig(file.shardNum) !== 0n || toBig(file.realmNum) !== 0n || !ADDRESS_BOOK_FILES.has(toBig(file.fileNum))) {
    throw new MirrorGrpcError(status.INVALID_ARGUMENT, 'Not a valid address book file');
  }
  if (query.limit < 0) throw new MirrorGrpcError(status.INVALID_ARGUMENT, 'limit: must be greater than or equal to 0');
  const endpoint = node.grpcEndpoint();
  const nodes: proto.INodeAddress[] = [{
    nodeId: toLong(0n), nodeAccountId: accountId(NODE_NUM), description: 'devnet node (in memory)',
    memo: Buffer.from(`0.0.${NODE_NUM}`), stake: toLong(0n),
    serviceEndpoint: endpoint ? [{ ipAddressV4: Buffer.from(endpoint.host.split('.').map(Number)), port: endpoint.port }] : [],
  }];
  const selected = query.limit > 0 ? nodes.slice(0, query.limit) : nodes;
  return selected.map((address) => Buffer.from(proto.NodeAddress.encode(address).finish()));
}
