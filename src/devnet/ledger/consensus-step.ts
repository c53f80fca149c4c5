import type { proto } from '@hiero-ledger/proto';
import { HandlerContext, type KeyVerdicts, type TransactionHandler } from './handler-context.js';
import { FEE_COLLECTOR_NUM, transactionKey, type Ledger } from './ledger.js';
import { timestampToNs, toBig } from './numbers.js';
import { LedgerStatusError, statusCode, type StatusName } from './status-error.js';
import type { AccountState, TransactionRecordState } from './state-types.js';

/** One transaction reaching consensus: a submitted one past precheck, or a schedule's scheduled one. */
export interface ConsensusEntry {
  body: proto.TransactionBody;
  /** TransactionBody data field, the key of the handler table */
  bodyName: string;
  payer: AccountState;
  signatures: KeyVerdicts;
  sigPairs: readonly proto.ISignaturePair[];
  hash: Uint8Array;
  /** tinybars the payer is charged, whatever the outcome */
  fee: bigint;
  /** fails the transaction with this status instead of running its handler (fault injection, or a check made before) */
  forcedStatus?: StatusName;
  /** record fields the record carries whatever the outcome, e.g. a scheduled transaction's `scheduleRef` */
  recordFields?: proto.ITransactionRecord;
}

/**
 * Charges the fee, runs the handler, and stores the receipt and record under the transaction ID; then
 * runs what the handler left for right after it (a scheduled transaction it made executable). A failed
 * handler leaves nothing behind but the fee, since handlers validate before they change anything.
 */
export function runAtConsensus(ledger: Ledger, handlers: Readonly<Record<string, TransactionHandler>>, entry: ConsensusEntry): TransactionRecordState {
  const { body, payer, fee } = entry;
  const consensusNs = ledger.nextConsensusNs();
  const collector = ledger.accounts.get(FEE_COLLECTOR_NUM)!;
  const ctx = new HandlerContext(ledger, body, payer, consensusNs, entry.signatures, { handlers, sigPairs: entry.sigPairs });
  ctx.moveHbar(payer, -fee);
  ctx.moveHbar(collector, fee);
  const feeLegs = ctx.transfers.map((leg) => ({ ...leg }));
  let status: StatusName = 'SUCCESS';
  if (entry.forcedStatus) {
    status = entry.forcedStatus;
  } else {
    try {
      handlers[entry.bodyName].handle(ctx);
    } catch (error) {
      if (!(error instanceof LedgerStatusError)) throw error;
      status = error.status;
    }
  }
  const ok = status === 'SUCCESS';
  const receipt: proto.ITransactionReceipt = { ...(ok ? ctx.receipt : ctx.failureReceipt), status: statusCode(status) };
  const id = body.transactionID!;
  const recordFields = { ...entry.recordFields, ...(ok ? ctx.recordFields : {}) };
  const record: TransactionRecordState = {
    key: transactionKey(id), transactionId: id, bodyName: entry.bodyName, payer: payer.num, consensusNs,
    validStartNs: timestampToNs(id.transactionValidStart), validDurationSec: Number(toBig(body.transactionValidDuration?.seconds)),
    memo: body.memo ?? '', chargedFee: fee, maxFee: toBig(body.transactionFee), hash: entry.hash, receipt,
    entityId: ctx.entityId,
    transfers: ok ? ctx.transfers : feeLegs,
    tokenTransfers: ok ? ctx.tokenTransfers : [],
    nftTransfers: ok ? ctx.nftTransfers : [],
    assessedCustomFees: ok ? ctx.assessedCustomFees : [],
    newPendingAirdrops: ok ? ctx.newPendingAirdrops : [],
    ...(Object.keys(recordFields).length ? { recordFields } : {}),
  };
  ledger.addRecord(record);
  if (ok) ctx.runFollowUps();
  return record;
}
