import type { TransactionId } from '@hiero-ledger/sdk';

/**
 * A transaction ID in the mirror node's path form, `0.0.2-1700000000-000000001`; the scheduled flag
 * and nonce are not part of it (the mirror takes them as `?scheduled=true` and `?nonce=`).
 */
export function mirrorTransactionId(id: TransactionId): string {
  return `${id.accountId!.toString()}-${id.validStart!.seconds.toString()}-${String(id.validStart!.nanos.toNumber()).padStart(9, '0')}`;
}
