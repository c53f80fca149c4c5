import { AccountId, Client, LedgerId, type PrivateKey } from '@hiero-ledger/sdk';
import { operatorSigner } from './operator-signer.js';

/**
 * An SDK client for one devnet node, e.g. a devnet started by `npm run devnet` in another process. Retry waits are cut from seconds to tens of milliseconds: the SDK's
 * node backoff after a transport error (8 s, doubling) would otherwise stall every fault test, and a
 * loopback node never needs it. With `mirrorGrpcAddress` (a devnet's `mirrorGrpcAddress`) the client's
 * mirror network is set too, so `TopicMessageQuery.subscribe` works. The client names its ledger
 * (LOCAL_NODE, as the devnet's query answers do), because tools pick network-specific things by it: the
 * EVM tools their token factories, the Hedera Agent Kit its mirror node, and its HederaAgentAPI refuses
 * a client without one.
 */
export function createDevnetClient(grpcAddress: string, operatorId: string, operatorKey: PrivateKey, mirrorGrpcAddress?: string): Client {
  const client = Client.forNetwork({ [grpcAddress]: '0.0.3' }, { scheduleNetworkUpdate: false }).setLedgerId(LedgerId.LOCAL_NODE);
  if (mirrorGrpcAddress !== undefined) {
    client.setMirrorNetwork([mirrorGrpcAddress]);
    // With a mirror network the SDK answers INVALID_NODE_ACCOUNT by reloading the address book, and it
    // keeps only the endpoints on port 50211: a devnet on any other port would be left with no node at
    // all. Its one node never changes, so the reload can only lose it.
    client.updateNetwork = () => Promise.resolve(client);
  }
  client.setOperatorWith(AccountId.fromString(operatorId), operatorKey.publicKey, operatorSigner(operatorKey));
  client.setMinBackoff(25);
  client.setMaxBackoff(250);
  client.setNodeMinBackoff(25);
  client.setNodeMaxBackoff(50);
  // The network only readmits an evicted node after its "earliest readmit time", which starts at
  // creation + 8 s; without this, one UNAVAILABLE leaves a fresh client with no node for 8 s.
  client.setNodeMinReadmitPeriod(0);
  client.setNodeMaxReadmitPeriod(50);
  client.setMaxAttempts(40);
  client.setRequestTimeout(30_000);
  return client;
}
