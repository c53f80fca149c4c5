import { createHash } from 'node:crypto';
import type { Transaction } from '@hiero-ledger/sdk';
import { oneLine } from '../approvers/approver.js';
import type { TransactionPreview } from './approval-record.js';

/** `sha384:<hex>` of bytes: what an approval at postCoreAction is bound to. */
export function bytesDigest(bytes: Uint8Array): string {
  return `sha384:${createHash('sha384').update(bytes).digest('hex')}`;
}

/** `sha256:<hex>` of a text (the call's exact input). */
export function textDigest(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/**
 * What a frozen transaction will do, read by shape (the SDK copy may not be this package's): its
 * kind, payer, ID, memo (agent-supplied: escaped, bounded), max fee, nodes, valid window, and the
 * digest of its bytes.
 */
export function transactionPreview(transaction: Transaction): TransactionPreview {
  const id = transaction.transactionId;
  const validStart = id?.validStart?.toDate?.();
  const memo = transaction.transactionMemo;
  const fee = transaction.maxTransactionFee;
  return {
    type: transaction.constructor?.name ?? 'Transaction',
    ...(id?.accountId ? { payer: id.accountId.toString() } : {}),
    ...(id ? { transactionId: id.toString() } : {}),
    ...(memo ? { memo: oneLine(memo, 200) } : {}),
    ...(fee ? { maxFee: fee.toTinybars().toString() } : {}),
    ...(transaction.nodeAccountIds?.length ? { nodeAccountIds: transaction.nodeAccountIds.map((node) => node.toString()) } : {}),
    ...(validStart ? { validUntil: validStart.getTime() + transaction.transactionValidDuration * 1000 } : {}),
    digest: bytesDigest(transaction.toBytes()),
  };
}

