import { TransactionId, TransactionReceiptQuery, type Client, type TransactionReceipt } from '@hiero-ledger/sdk';
import { messageOf } from '../../lifecycle/errors.js';
import { mirrorTransactionId } from './mirror-transaction-id.js';

/**
 * What the network says about a transaction ID sent earlier:
 * - `found: true`: it reached consensus with `status`;
 * - `found: false`: no copy landed, and none can any more;
 * - `found: 'unknown'`: ask again later; `retryAt` (epoch ms), when given, is the earliest time the
 *   answer can become final (the ID's validity window closes), so asking sooner is wasted;
 * - `found: 'unknowable'`: the answer is lost for good (receipts expired and no mirror node is known).
 */
export type LookupResult =
  | { found: true; status: string; receipt?: TransactionReceipt; /** the entity it created or acted on, from the mirror */ entityId?: string }
  | { found: false }
  | { found: 'unknown'; reason: string; retryAt?: number }
  | { found: 'unknowable'; reason: string };

/** Longest transaction valid duration Hedera accepts, assumed when the real one is not known. */
export const MAX_VALID_DURATION_SECONDS = 180;
/** How far this machine's clock may run ahead of the network's. */
const CLOCK_SKEW_MS = 10_000;
/** How long a transaction that reached consensus may take to appear on a mirror node. */
const MIRROR_LAG_MS = 20_000;
/** How long nodes keep a receipt after consensus. */
const RECEIPT_TTL_MS = 180_000;

/** When a copy of the ID can reach consensus, in epoch ms (this machine's clock). */
interface ValidityWindow {
  validStartMs: number;
  lastLandingMs: number;
}

/**
 * Asks what became of `transactionId`: first its receipt, then, when the receipt is not found and a
 * mirror node is known, the mirror's permanent record. "Not found" is concluded only when no copy
 * can still land: once the ID's valid start plus its valid duration (plus clock skew, and mirror
 * lag when the mirror answers) is past. Without a mirror that needs the receipt to still be kept,
 * so a lookup more than about three minutes after the valid start can only say `unknowable`.
 *
 * @param validDurationSeconds the transaction's valid duration when known (default: 180, the maximum)
 * @param signal cancels the mirror request (a lookup no one waits for any more must not keep the process alive)
 */
export async function lookUpTransaction(
  transactionId: string,
  client: Client,
  mirrorUrl?: string,
  validDurationSeconds = MAX_VALID_DURATION_SECONDS,
  signal?: AbortSignal,
): Promise<LookupResult> {
  const id = TransactionId.fromString(transactionId);
  const validStartMs = id.validStart!.toDate().getTime();
  const window: ValidityWindow = { validStartMs, lastLandingMs: validStartMs + validDurationSeconds * 1000 };
  try {
    const receipt = await new TransactionReceiptQuery().setTransactionId(id).setValidateStatus(false).setMaxAttempts(5).execute(client);
    return { found: true, status: receipt.status.toString(), receipt };
  } catch (error) {
    if (!/RECEIPT_NOT_FOUND/.test(messageOf(error))) return { found: 'unknown', reason: `could not read the receipt of ${transactionId}: ${messageOf(error)}` };
  }
  if (!mirrorUrl) return withoutMirror(transactionId, window);
  const mirrorId = mirrorTransactionId(id);
  let response: Response;
  try {
    response = await fetch(new URL(`/api/v1/transactions/${mirrorId}`, mirrorUrl), signal ? { signal } : {});
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
  const finalAt = window.lastLandingMs + CLOCK_SKEW_MS + MIRROR_LAG_MS;
  return Date.now() > finalAt ? { found: false } : stillOpen(transactionId, finalAt, 'is not on the mirror node yet');
}

/** The receipt alone proves "never landed" only between the window's close and the receipt's expiry. */
function withoutMirror(transactionId: string, window: ValidityWindow): LookupResult {
  const finalAt = window.lastLandingMs + CLOCK_SKEW_MS;
  const now = Date.now();
  if (now <= finalAt) return stillOpen(transactionId, finalAt, 'has no receipt yet');
  // A copy landing right at its valid start keeps its receipt until then; after that, "no receipt" proves nothing.
  if (now < window.validStartMs + RECEIPT_TTL_MS - CLOCK_SKEW_MS) return { found: false };
  return {
    found: 'unknowable',
    reason: `${transactionId} has no receipt, but nodes keep receipts only about three minutes and no mirror node URL is configured, so whether it landed can no longer be learned`,
  };
}

function stillOpen(transactionId: string, retryAt: number, what: string): LookupResult {
  return { found: 'unknown', reason: `${transactionId} ${what} and could still land until ${new Date(retryAt).toISOString()}`, retryAt };
}
