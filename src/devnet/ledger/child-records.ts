import { createHash } from 'node:crypto';
import { proto } from '@hiero-ledger/proto';
import type { PrecedingChild } from './handler-context.js';
import { transactionKey } from './ledger.js';
import { timestampToNs } from './numbers.js';
import { statusCode } from './status-error.js';
import type { TransactionRecordState } from './state-types.js';

/**
 * The records of the synthetic transactions that preceded a transaction: its transaction ID with nonce
 * 1, 2, …, consensus timestamps in the nanoseconds just before its own, no fee of their own, and the
 * alias and EVM address of an auto-created account as a node records them.
 */
export function precedingChildRecords(children: readonly PrecedingChild[], parentId: proto.ITransactionID, payer: number, parentNs: bigint): TransactionRecordState[] {
  return children.map((child, index) => {
    const transactionId: proto.ITransactionID = { ...parentId, nonce: index + 1 };
    const bodyBytes = proto.TransactionBody.encode({ transactionID: transactionId, ...child.body }).finish();
    const recordFields: proto.ITransactionRecord = {
      ...(child.alias ? { alias: child.alias } : {}), ...(child.evmAddress ? { evmAddress: child.evmAddress } : {}),
    };
    return {
      key: transactionKey(transactionId), transactionId, bodyName: child.bodyName, payer, consensusNs: parentNs - BigInt(children.length - index),
      validStartNs: timestampToNs(parentId.transactionValidStart), validDurationSec: 0, memo: '', chargedFee: 0n, maxFee: 0n,
      hash: createHash('sha384').update(bodyBytes).digest(), receipt: { ...child.receipt, status: statusCode('SUCCESS') }, entityId: child.entityId,
      transfers: [], tokenTransfers: [], nftTransfers: [],
      ...(Object.keys(recordFields).length ? { recordFields } : {}),
    };
  });
}
