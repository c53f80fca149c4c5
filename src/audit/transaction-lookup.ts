import { TransactionId, TransactionReceiptQuery, type Client, type TransactionReceipt } from '@hiero-ledger/sdk';
import { messageOf } from '../lifecycle/errors.js';

/** What the network says about a transaction ID sent earlier. `unknown`: ask again later. */
export type LookupResult =
  | { found: true; status: string; receipt?: TransactionReceipt; /** the entity it created or acted on, from the mirror */ entityId?: string }
  | { found: false }
  | { found: 'unknown'; reason: string };

/** Longest transaction valid duration Hedera accepts, plus slack for mirror lag, in ms. */
const CERTAINLY_EXPIRED_MS = (180 + 30) * 1000;

/**
 * Asks what became of `transactionId`: first its receipt (kept by nodes for about three minutes
 * after consensus), then, when the receipt is not found and a mirror node is known, the mirror's
 * permanent record. "Not found" is only concluded when no copy can still land: without a mirror,
 * from the receipt alone; with one, once the ID's validity window has certainly passed.
 */
export async function lookUpTransaction(transactionId: string, client: Client, mirrorUrl?: string): Promise<LookupResult> {
  const id = TransactionId.fromString(transactionId);
  try {
    const receipt = await new TransactionReceiptQuery().setTransactionId(id).setValidateStatus(false).setMaxAttempts(5).execute(client);
    return { found: true, status: receipt.status.toString(), receipt };
  } catch (error) {
    if (!/RECEIPT_NOT_FOUND/.test(messageOf(error))) return { found: 'unknown', reason: `could not read the receipt of ${transactionId}: ${messageOf(error)}` };
  }
  if (!mirrorUrl) return { found: false };
  const mirrorId = `${id.accountId!.toString()}-${id.validStart!.seconds.toString()}-${String(id.validStart!.nanos.toNumber()).padStart(9, '0')}`;
  let response: Response;
  try {
    response = await fetch(new URL(`/api/v1/transactions/${mirrorId}`, mirrorUrl));
  } catch (error) {
    return { found: 'unknown', reason: `could not reach the mirror node at ${mirrorUrl}: ${messageOf(error)}` };
  }
  if (response.status === 200) {
    const body = (await response.json()) as { transactions?: { result?: string; scheduled?: boolean; nonce?: number; entity_id?: string | null }[] };
    const record = body.transactions?.find((item) => !item.scheduled && !item.nonce);
    if (record?.result) return { found: true, status: record.result, ...(record.entity_id ? { entityId: record.entity_id } : {}) };
  } else if (response.status !== 404) {
    return { found: 'unknown', reason: `the mirror node answered HTTP ${response.status} for ${mirrorId}` };
  }
  const validStart = id.validStart!.toDate().getTime();
  return Date.now() > validStart + CERTAINLY_EXPIRED_MS ? { found: false } : { found: 'unknown', reason: `${transactionId} is not on the mirror node yet and could still land` };
}
