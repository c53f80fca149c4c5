import { TransactionId, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { isPrecheckStatusError } from '../../values/sdk-values.js';
import { freezeWithNodes } from '../../modes/freeze-with-nodes.js';
import type { AuditJournal, IntentRecord } from '../journal/index.js';
import { copyThatRan, MAX_VALID_DURATION_SECONDS, type LookupResult } from '../readers/index.js';

/** The no-op's memo, so a person reading the ledger sees why a transfer of nothing was paid for. */
export const NOOP_MEMO = 'agent-hooks: settles an interrupted call';

/** How far this machine's clock may run ahead of the network's, or behind it. */
const CLOCK_SKEW_MS = 10_000;
/** Submission attempts of the no-op: it is settled on the next round if the network does not take it now. */
const NOOP_ATTEMPTS = 5;

/** The payer of a transaction ID (`0.0.2@1700000000.000000001` → `0.0.2`). */
export function payerOf(transactionId: string): string {
  return transactionId.slice(0, transactionId.indexOf('@'));
}

/**
 * Settles an interrupted call at once, instead of after its validity window: sends a no-op (a
 * CryptoTransfer of nothing, paid by the same payer) under the call's exact transaction ID, then
 * reads the record of that ID. The network executes at most one transaction per ID, so either the
 * call's transaction ran first (the no-op is refused as DUPLICATE_TRANSACTION, at precheck or at
 * consensus) and its record gives its status, or the no-op ran and the call's transaction never
 * can: exactly once either way, and known within seconds. The record is told apart from the call's
 * by its hash, journaled before the no-op is sent (see NoopRecord), so an answer lost on the way,
 * a resend, or a crash in between never turns the no-op's SUCCESS into the call's.
 *
 * `client` must be the payer's (its operator is the transaction ID's account): only the payer's key
 * can sign under that ID. Returns undefined when a no-op cannot settle it, and the caller looks the
 * transaction up as before: the window of any copy has closed (the network refuses the no-op as
 * TRANSACTION_EXPIRED), or a node refused the no-op for a reason of its own (its signature, the
 * payer's balance). Never throws once the no-op may be out; a journal that cannot be written
 * rejects before anything is sent.
 */
export async function settleByNoop(intent: IntentRecord, client: Client, journal: AuditJournal): Promise<LookupResult | undefined> {
  const id = TransactionId.fromString(intent.transactionId);
  const validStartMs = id.validStart!.toDate().getTime();
  // No copy of the ID can be accepted any more: nothing can run it, the lookup settles it.
  if (Date.now() > validStartMs + MAX_VALID_DURATION_SECONDS * 1000 + CLOCK_SKEW_MS) return undefined;
  const noop = new TransferTransaction()
    .setTransactionId(id)
    // As long as any copy of the ID can be valid: a no-op sent after the call's own window closed
    // still takes the ID, and proves the call never ran sooner than waiting would.
    .setTransactionValidDuration(MAX_VALID_DURATION_SECONDS)
    .setTransactionMemo(NOOP_MEMO)
    .setMaxAttempts(NOOP_ATTEMPTS);
  freezeWithNodes(noop, client);
  await noop.signWithOperator(client);
  const hashes = [...(await noop.getTransactionHashPerNode()).values()].map((hash) => Buffer.from(hash).toString('hex'));
  await journal.addNoop(intent.transactionId, hashes);
  const precheck = await submit(noop, client, hashes, journal);
  if (precheck === 'TRANSACTION_EXPIRED') return undefined;
  if (precheck === 'INVALID_TRANSACTION_START') {
    // The node's clock has not reached the valid start yet: neither copy can run before it does.
    return { found: 'unknown', reason: `${intent.transactionId} starts after the node's clock`, retryAt: validStartMs + CLOCK_SKEW_MS };
  }
  // Any other refusal: this no-op never reached consensus, and the call's copy may still be on its way.
  if (precheck !== 'OK' && precheck !== 'DUPLICATE_TRANSACTION' && precheck !== 'NO_ANSWER') return undefined;
  // A copy of the ID reached the network: the no-op, the call's own, or both. The first to reach
  // consensus is the one that ran.
  const copy = await copyThatRan(intent.transactionId, journal.noopHashes(intent.transactionId), client);
  if (copy.ran === 'noop') return { found: false, preempted: copy.hash };
  if (copy.ran === 'call') return { found: true, status: copy.status };
  return { found: 'unknown', reason: `a no-op was sent under ${intent.transactionId} (precheck ${precheck}), but ${copy.reason}` };
}

/**
 * Sends the no-op; resolves with its precheck status, or `NO_ANSWER` when none came back (it may
 * have reached the network all the same). The hash the SDK reports sending is journaled too, should
 * it differ from those computed before, so the record of a no-op is never taken for the call's.
 */
async function submit(noop: TransferTransaction, client: Client, hashes: readonly string[], journal: AuditJournal): Promise<string> {
  try {
    const response = await noop.execute(client);
    const sent = Buffer.from(response.transactionHash).toString('hex');
    if (!hashes.includes(sent)) await journal.addNoop(noop.transactionId!.toString(), [sent]);
    return 'OK';
  } catch (error) {
    return isPrecheckStatusError(error) ? error.status.toString() : 'NO_ANSWER';
  }
}
