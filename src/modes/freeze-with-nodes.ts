import { AccountId, TransactionId, type Client, type Transaction } from '@hiero-ledger/sdk';
import { takePinnedTransaction } from '../lifecycle/approval/index.js';
import { AgentHooksError, ErrorCode } from '../errors/index.js';

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
  // A resumed approval (kit.resume): the same ID and nodes as the transaction that was approved.
  const pin = transaction.transactionId ? undefined : takePinnedTransaction();
  if (pin) {
    transaction.setTransactionId(TransactionId.fromString(pin.transactionId));
    if (pin.nodeAccountIds.length) transaction.setNodeAccountIds(pin.nodeAccountIds.map((node) => AccountId.fromString(node)));
  }
  if (!transaction.nodeAccountIds?.length) transaction.setNodeAccountIds(nodesFor(client));
  transaction.freezeWith(client);
  if (!transaction.isFrozen()) {
    throw new AgentHooksError(ErrorCode.INVALID_ARGUMENT, 'The transaction could not be frozen: the client has no network nodes configured.');
  }
  return transaction;
}

function nodesFor(client: Client): AccountId[] {
  // Internal to the SDK; guarded so an SDK version without it falls back to every node.
  const picker = (client as unknown as { _network?: NodePicker })._network;
  const healthy = picker?.getNodeAccountIdsForExecute?.() ?? [];
  if (healthy.length > 0) return healthy;
  // The client's own AccountId objects, not ones made here: the app's SDK copy may not be this package's.
  const byId = new Map<string, AccountId>();
  for (const node of Object.values(client.network)) {
    if (typeof node !== 'string' && !byId.has(node.toString())) byId.set(node.toString(), node);
  }
  return [...byId.values()];
}
