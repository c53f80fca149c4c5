import { AccountId, PublicKey, ScheduleId, ScheduleSignTransaction, SignatureMap, type Client } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import { statusNameOf } from '../../values/sdk-values.js';
import type { ApprovalRecord } from './approval-record.js';
import { publicKeyIdentity } from './approver-signature.js';
import { checkScheduleOnLedger, type LedgerScheduleView } from './ledger-schedule-check.js';
import { approvalRequestDigest } from './request-digest.js';
import { hasExecuted, notSignable } from './schedule-signing.js';

/** What an approver signs away from the console: the ScheduleSign's body bytes for one node. */
export interface PreparedScheduleSign {
  readonly requestId: string;
  readonly scheduleId: string;
  /** The ScheduleSign's transaction ID (its payer is whoever prepared it) and node. */
  readonly transactionId: string;
  readonly nodeAccountId: string;
  /** Hex: the exact bytes to sign with the approver's key (ED25519, or ECDSA secp256k1 over their keccak-256, as the SDK's `sign` does). */
  readonly bodyBytes: string;
  /** ms since the epoch: after this the network refuses the transaction; prepare another. */
  readonly validUntil: number;
  /**
   * Hex: the request's digest (approvalRequestDigest). Signed too (`digestSignature`, the bytes of
   * this hex, as `agent-hooks approve --key` signs them), it makes the signature a decision on the
   * audit trail; the ScheduleSign alone is on the ledger only.
   */
  readonly requestDigest: string;
  /**
   * The schedule as the ledger holds it (ScheduleInfoQuery), decoded from the ledger's body and
   * checked against the request: what the approver is asked to sign. Show this, not the request's summary.
   */
  readonly ledger: LedgerScheduleView;
}

/** A prepared ScheduleSign and the transaction that carries it, kept by whoever will submit the signature. */
export interface HeldScheduleSign {
  readonly prepared: PreparedScheduleSign;
  readonly transaction: ScheduleSignTransaction;
}

export type DetachedSigning =
  | { readonly ok: true; readonly scheduleId: string; readonly transactionId: string; readonly status: string; readonly executed: boolean }
  | { readonly ok: false; readonly reason: string; readonly status?: string };

/**
 * Freezes a ScheduleSign of a request the ledger approves, paid by `client`'s operator, for one
 * node, so an approver can sign its body bytes where their key is (a hardware wallet, another
 * machine) and hand back only `{ publicKey, signature }`: the private key never reaches this process.
 * The schedule is read from the ledger first and must run what the request recorded
 * (checkScheduleOnLedger); the prepared answer carries the ledger's view of it. A sentence instead
 * when the request cannot be signed.
 */
export async function prepareScheduleSign(record: ApprovalRecord, client: Client): Promise<HeldScheduleSign | string> {
  const refusal = notSignable(record);
  if (refusal) return refusal;
  const checked = await checkScheduleOnLedger(record, client);
  if (!checked.ok) return checked.reason;
  const node = Object.values(client.network)[0];
  if (!node) return 'the console has no network node to send a ScheduleSign to';
  const transaction = new ScheduleSignTransaction().setScheduleId(ScheduleId.fromString(record.schedule!.scheduleId!)).setNodeAccountIds([typeof node === 'string' ? AccountId.fromString(node) : node]).freezeWith(client);
  const [signable] = transaction.signableNodeBodyBytesList;
  if (!signable) return 'the ScheduleSign could not be frozen for signing';
  const validStart = signable.transactionId.validStart!;
  const validUntil = validStart.toDate().getTime() + Number(transaction.transactionValidDuration) * 1000;
  return {
    transaction,
    prepared: {
      requestId: record.id,
      scheduleId: record.schedule!.scheduleId!,
      transactionId: signable.transactionId.toString(),
      nodeAccountId: signable.nodeAccountId.toString(),
      bodyBytes: Buffer.from(signable.signableTransactionBodyBytes).toString('hex'),
      validUntil,
      requestDigest: approvalRequestDigest(record),
      ledger: checked.view,
    },
  };
}

/**
 * Adds an approver's detached signature to a prepared ScheduleSign and submits it. Refused, with
 * nothing sent, when the key is not one of the request's approvers, the signature does not verify
 * over the prepared bytes, their valid window passed, or the schedule on the ledger no longer runs
 * what the request (as read now) recorded: it is read again right before sending.
 */
export async function submitDetachedSignature(record: ApprovalRecord, held: HeldScheduleSign, given: { publicKey: unknown; signature: unknown }, client: Client, now = Date.now()): Promise<DetachedSigning> {
  if (typeof given.publicKey !== 'string' || typeof given.signature !== 'string') return { ok: false, reason: "'publicKey' and 'signature' must both be hex text" };
  const identity = publicKeyIdentity(given.publicKey);
  if (!identity) return { ok: false, reason: `the publicKey given (${given.publicKey.length} characters) is not an ED25519 or ECDSA secp256k1 public key (DER or raw hex)` };
  if (!record.quorum.of.some((each) => publicKeyIdentity(each)?.der === identity.der)) return { ok: false, reason: `that key is not one of the approvers of request ${record.id}, so its signature would not approve it; nothing was sent` };
  const text = given.signature.trim().replace(/^0x/, '');
  if (!/^([0-9a-fA-F]{2})+$/.test(text)) return { ok: false, reason: 'the signature is not hex' };
  if (now >= held.prepared.validUntil) return { ok: false, reason: `the prepared ScheduleSign ${held.prepared.transactionId} is past its valid window; prepare it again and sign the new bytes` };
  const key = PublicKey.fromString(identity.der);
  const signature = Buffer.from(text, 'hex');
  if (!key.verify(Buffer.from(held.prepared.bodyBytes, 'hex'), signature)) {
    return { ok: false, reason: `the signature does not verify over the prepared ScheduleSign's body bytes (transaction ${held.prepared.transactionId}) with that key; nothing was sent` };
  }
  const refusal = notSignable(record) ?? (record.schedule!.scheduleId !== held.prepared.scheduleId ? `request ${record.id} now names schedule ${record.schedule!.scheduleId}, not ${held.prepared.scheduleId} it was prepared for; nothing was sent` : undefined);
  if (refusal) return { ok: false, reason: refusal };
  const checked = await checkScheduleOnLedger(record, client);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const [signable] = held.transaction.signableNodeBodyBytesList;
  const map = new SignatureMap().addSignature(signable!.nodeAccountId, signable!.transactionId, key, signature);
  try {
    held.transaction.addSignature(key, map);
    const response = await held.transaction.execute(client);
    const status = (await response.getReceipt(client)).status.toString();
    return { ok: true, scheduleId: held.prepared.scheduleId, transactionId: held.prepared.transactionId, status, executed: await hasExecuted(held.prepared.scheduleId, client) };
  } catch (error) {
    const name = statusNameOf(error);
    return { ok: false, reason: `the ScheduleSign ${held.prepared.transactionId} was not accepted: ${name ?? messageOf(error)}`, ...(name ? { status: name } : {}) };
  }
}
