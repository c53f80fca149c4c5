import { AccountId, Client, PrivateKey, Timestamp, TransactionId, type Transaction } from '@hiero-ledger/sdk';

/** The nodes the bodies are addressed to: one body per node, as the SDK asks a signer for them. */
export const BODY_NODES = ['0.0.3', '0.0.4', '0.0.5'];

let starts = 0;

/**
 * A transaction ID of `payer` starting now (each call a distinct nanosecond), so bodies are real
 * and fresh without a network.
 */
export function freshTransactionId(payer = '0.0.1001', aheadMs = 0): TransactionId {
  const now = Date.now() + aheadMs;
  return TransactionId.withValidStart(AccountId.fromString(payer), new Timestamp(Math.floor(now / 1000), (now % 1000) * 1_000_000 + (starts++ % 1_000_000)));
}

/**
 * The body bytes the SDK would hand a signer for `transaction`: frozen for BODY_NODES under
 * `transactionId` (a fresh one of `payer` by default), one serialized TransactionBody per node.
 */
export function bodiesOf(transaction: Transaction, options: { payer?: string; transactionId?: TransactionId; nodes?: string[] } = {}): Uint8Array[] {
  transaction
    .setNodeAccountIds((options.nodes ?? BODY_NODES).map((node) => AccountId.fromString(node)))
    .setTransactionId(options.transactionId ?? freshTransactionId(options.payer))
    .freeze();
  const signed = (transaction as unknown as { _signedTransactions: { list: { bodyBytes: Uint8Array }[] } })._signedTransactions.list;
  return signed.map((entry) => entry.bodyBytes);
}

/** The first node's body of `transaction` (see bodiesOf). */
export function bodyOf(transaction: Transaction, options: { payer?: string; transactionId?: TransactionId } = {}): Uint8Array {
  return bodiesOf(transaction, options)[0]!;
}

/** The serialized signed Transaction of `transaction` for one node, as an atomic batch carries it. */
export async function signedBytesOf(transaction: Transaction, payerKey: PrivateKey, options: { payer?: string } = {}): Promise<Uint8Array> {
  transaction.setNodeAccountIds([AccountId.fromString('0.0.0')]).setTransactionId(freshTransactionId(options.payer)).freeze();
  await transaction.sign(payerKey);
  return transaction.toBytes();
}

/** A client that reaches nothing, for freezing transactions that need one. */
export function bodyClient(): Client {
  return Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false });
}
