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

/**
 * The SHA-256 (hex) of what a request asks, in a fixed order: its ID, policy, tool, stage, the
 * digest of the exact input, the transaction bytes' digest (postCoreAction), the quorum and expiry.
 * The `digest` of its approvalRequest audit entry: what a signed decision is over.
 */
export function requestDigest(record: {
  id: string;
  policy: string;
  tool: string;
  stage: string;
  call: { inputDigest: string };
  preview?: { digest: string };
  quorum: { required: number; of: readonly string[] };
  expiresAt: number;
}): string {
  const facts = [record.id, record.policy, record.tool, record.stage, record.call.inputDigest, record.preview?.digest ?? null, record.quorum.required, [...record.quorum.of], record.expiresAt];
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}
