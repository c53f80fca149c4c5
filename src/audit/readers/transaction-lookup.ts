import { TransactionId, TransactionReceiptQuery, type Client, type TransactionReceipt } from '@hiero-ledger/sdk';
import { isAgentHooksError, messageOf } from '../../errors/index.js';
import { mirrorFor } from '../../mirror/mirror-client.js';
import { mirrorTransactionId } from './mirror-transaction-id.js';
import { copyThatRan, isNoopHash } from './copy-that-ran.js';

/**
 * What the network says about a transaction ID sent earlier:
 * - `found: true`: it reached consensus with `status`;
 * - `found: false`: the call's transaction never executed, and cannot any more: no copy landed
 *   before its window closed, or (`preempted`) a no-op sent under its ID on restart ran instead;
 * - `found: 'unknown'`: ask again later; `retryAt` (epoch ms), when given, is the earliest time the
 *   answer can become final (the ID's validity window closes), so asking sooner is wasted;
 * - `found: 'unknowable'`: the answer is lost for good (receipts expired and no mirror node is known).
 */
export type LookupResult =
  | { found: true; status: string; receipt?: TransactionReceipt; /** the entity it created or acted on, from the mirror */ entityId?: string }
  | { found: false; /** a no-op under the same ID ran first (its hash, hex) */ preempted?: string }
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
 * When no-ops were sent under the ID (`noopHashes`, see audit/delivery/intent-preemption.ts), a
 * receipt no longer says whose it is: the node's record and the mirror's are read instead, and the
 * copy that ran is told by its hash. A no-op is valid as long as any copy can be, so the window is
 * then the longest one.
 *
 * @param validDurationSeconds the transaction's valid duration when known (default: 180, the maximum)
 * @param signal cancels the mirror request and its retries (a lookup no one waits for any more must not keep the process alive)
 * @param noopHashes hashes (hex) of the no-ops journaled under this ID
 */
export async function lookUpTransaction(
  transactionId: string,
  client: Client,
  mirrorUrl?: string,
  validDurationSeconds = MAX_VALID_DURATION_SECONDS,
  signal?: AbortSignal,
  noopHashes: readonly string[] = [],
): Promise<LookupResult> {
  const id = TransactionId.fromString(transactionId);
  const validStartMs = id.validStart!.toDate().getTime();
  const duration = noopHashes.length ? MAX_VALID_DURATION_SECONDS : validDurationSeconds;
  const window: ValidityWindow = { validStartMs, lastLandingMs: validStartMs + duration * 1000 };
  const onNode = noopHashes.length ? await recordOnNode(transactionId, noopHashes, client) : await receiptOnNode(id, client);
  if (onNode) return onNode;
  if (!mirrorUrl) return withoutMirror(transactionId, window);
  const mirrorId = mirrorTransactionId(id);
  let body: MirrorTransactionsBody | undefined;
  try {
    body = await mirrorFor({ mirrorNodeUrl: mirrorUrl }).getJson<MirrorTransactionsBody>(`/transactions/${mirrorId}`, `transaction ${mirrorId}`, signal ? { signal } : {});
  } catch (error) {
    const unanswered = mirrorFailure(error, mirrorUrl, mirrorId);
    if (unanswered) return unanswered;
  }
  // The first copy that ran: later copies of the ID that reached consensus are listed as duplicates.
  const record = body?.transactions?.find((item) => !item.scheduled && !item.nonce && item.result !== 'DUPLICATE_TRANSACTION');
  if (record?.result && isNoopHash(record.transaction_hash, noopHashes)) return { found: false, preempted: Buffer.from(record.transaction_hash!, 'base64').toString('hex') };
  if (record?.result) return { found: true, status: record.result, ...(record.entity_id ? { entityId: record.entity_id } : {}) };
  const finalAt = window.lastLandingMs + CLOCK_SKEW_MS + MIRROR_LAG_MS;
  return Date.now() > finalAt ? { found: false } : stillOpen(transactionId, finalAt, 'is not on the mirror node yet');
}

/** The fields of `GET /api/v1/transactions/{id}` this reads. */
interface MirrorTransactionsBody {
  transactions?: { result?: string; scheduled?: boolean; nonce?: number; entity_id?: string | null; transaction_hash?: string }[];
}

/** The receipt of the ID, when a node has it; undefined when it has none (yet). */
async function receiptOnNode(id: TransactionId, client: Client): Promise<LookupResult | undefined> {
  try {
    const receipt = await new TransactionReceiptQuery().setTransactionId(id).setValidateStatus(false).setMaxAttempts(5).execute(client);
    return { found: true, status: receipt.status.toString(), receipt };
  } catch (error) {
    if (!/RECEIPT_NOT_FOUND/.test(messageOf(error))) return { found: 'unknown', reason: `could not read the receipt of ${id.toString()}: ${messageOf(error)}` };
    return undefined;
  }
}

/** With no-ops under the ID: the node's record says which copy ran; undefined when it has none (yet). */
async function recordOnNode(transactionId: string, noopHashes: readonly string[], client: Client): Promise<LookupResult | undefined> {
  const copy = await copyThatRan(transactionId, noopHashes, client);
  if (copy.ran === 'noop') return { found: false, preempted: copy.hash };
  if (copy.ran === 'call') return { found: true, status: copy.status };
  return /RECORD_NOT_FOUND|RECEIPT_NOT_FOUND/.test(copy.reason) ? undefined : { found: 'unknown', reason: copy.reason };
}

/**
 * What a failed mirror read means for the lookup: nothing for a 404 (the transaction is not listed,
 * judged by its window like an empty answer), else an `unknown` naming the failure.
 */
function mirrorFailure(error: unknown, mirrorUrl: string, mirrorId: string): LookupResult | undefined {
  const status = isAgentHooksError(error) ? (error as { httpStatus?: unknown }).httpStatus : undefined;
  if (status === 404) return undefined;
  if (typeof status === 'number' && (status < 200 || status > 299)) return { found: 'unknown', reason: `the mirror node answered HTTP ${status} for ${mirrorId}` };
  if (typeof status === 'number') return { found: 'unknown', reason: messageOf(error) };
  // No answer at all: name what the network said, not the client's wrapper around it.
  const cause = (error as { cause?: unknown } | null)?.cause;
  return { found: 'unknown', reason: `could not reach the mirror node at ${mirrorUrl}: ${messageOf(cause ?? error)}` };
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
