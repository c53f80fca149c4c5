import { AccountId, type Client, type Transaction } from '@hiero-ledger/sdk';
import { AgentHooksError, ErrorCode } from '../lifecycle/errors.js';

/** The part of the SDK's (internal) network object that picks nodes for a transaction. */
interface NodePicker {
  getNodeAccountIdsForExecute?(): AccountId[];
}

/**
 * `transaction.freezeWith(client)`, made to always freeze. The SDK builds the body for the nodes it
 * currently considers healthy; right after a node answered UNAVAILABLE or BUSY it may consider none,
 * and then leaves the transaction silently unfrozen, which `execute()` later rejects. Freezing a
 * second time is no remedy: a topic message would get a new transaction ID. So the nodes are chosen
 * before the one freeze: the SDK's healthy pick when it has one, otherwise every node of the
 * network, leaving the SDK's retry and node backoff to decide which one is reached.
 */
export function freezeWithNodes(transaction: Transaction, client: Client): Transaction {
  if (transaction.isFrozen()) return transaction;
  if (!transaction.nodeAccountIds?.length) transaction.setNodeAccountIds(nodesFor(client));
  transaction.freezeWith(client);
  if (!transaction.isFrozen()) {
    throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, 'The transaction could not be frozen: the client has no network nodes configured.');
  }
  return transaction;
}

function nodesFor(client: Client): AccountId[] {
  // Internal to the SDK (pinned to an exact version in package.json); guarded so a change falls back.
  const picker = (client as unknown as { _network?: NodePicker })._network;
  const healthy = picker?.getNodeAccountIdsForExecute?.() ?? [];
  if (healthy.length > 0) return healthy;
  return [...new Set(Object.values(client.network).map((node) => node.toString()))].map((id) => AccountId.fromString(id));
}
