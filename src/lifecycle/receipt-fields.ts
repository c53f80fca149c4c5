import type { TransactionReceipt } from '@hiero-ledger/sdk';

/** The receipt fields tools report, as strings. */
export function receiptFields(receipt: TransactionReceipt): Record<string, unknown> {
  const fields: Record<string, unknown> = { receiptStatus: receipt.status.toString() };
  if (receipt.accountId) fields.accountId = receipt.accountId.toString();
  if (receipt.tokenId) fields.tokenId = receipt.tokenId.toString();
  if (receipt.topicId) fields.topicId = receipt.topicId.toString();
  if (receipt.scheduleId) fields.scheduleId = receipt.scheduleId.toString();
  // Where the schedule's execution will be found (mirror: /transactions/{id}?scheduled=true).
  if (receipt.scheduledTransactionId) fields.scheduledTransactionId = receipt.scheduledTransactionId.toString();
  if (receipt.serials?.length) fields.serials = receipt.serials.map((serial) => serial.toString());
  if (receipt.topicSequenceNumber && !receipt.topicSequenceNumber.isZero()) {
    fields.topicSequenceNumber = receipt.topicSequenceNumber.toString();
  }
  return fields;
}
