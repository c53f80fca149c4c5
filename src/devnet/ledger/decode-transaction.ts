import { createHash } from 'node:crypto';
import { proto } from '@hiero-ledger/proto';
import { LedgerStatusError } from './status-error.js';

/** A transaction as it arrived, decoded down to its body. */
export interface DecodedTransaction {
  body: proto.TransactionBody;
  bodyBytes: Uint8Array;
  sigPairs: proto.ISignaturePair[];
  /** sha384 of the signed transaction bytes, as the SDK computes the transaction hash */
  hash: Uint8Array;
  /** the TransactionBody data field name, e.g. `cryptoTransfer` */
  bodyName: string;
}

/**
 * Decodes `Transaction{signedTransactionBytes}` (or the deprecated `bodyBytes`+`sigMap` form).
 * Anything malformed is INVALID_TRANSACTION_BODY, as a node reports it at precheck.
 */
export function decodeTransaction(transaction: proto.ITransaction): DecodedTransaction {
  let bodyBytes: Uint8Array;
  let sigPairs: proto.ISignaturePair[];
  let hashInput: Uint8Array;
  try {
    if (transaction.signedTransactionBytes?.length) {
      const signed = proto.SignedTransaction.decode(transaction.signedTransactionBytes);
      bodyBytes = signed.bodyBytes;
      sigPairs = signed.sigMap?.sigPair ?? [];
      hashInput = transaction.signedTransactionBytes;
    } else {
      bodyBytes = transaction.bodyBytes ?? new Uint8Array();
      sigPairs = transaction.sigMap?.sigPair ?? [];
      hashInput = proto.Transaction.encode(transaction).finish();
    }
    const body = proto.TransactionBody.decode(bodyBytes);
    const bodyName = body.data;
    if (!bodyName || !bodyBytes.length) throw new LedgerStatusError('INVALID_TRANSACTION_BODY');
    const hash = createHash('sha384').update(hashInput).digest();
    return { body, bodyBytes, sigPairs, hash, bodyName };
  } catch (error) {
    if (error instanceof LedgerStatusError) throw error;
    throw new LedgerStatusError('INVALID_TRANSACTION_BODY');
  }
}
