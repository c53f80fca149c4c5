import type { proto } from '@hiero-ledger/proto';
import { HandlerContext, mergeHbar, type KeyVerdicts, type TransactionHandler } from './handler-context.js';
import { FEE_COLLECTOR_NUM, transactionKey, type Ledger } from './ledger.js';
import { timestampToNs, toBig } from './numbers.js';
import { LedgerStatusError, statusCode, type StatusName } from './status-error.js';
import type { AccountState, HbarTransferEntry, TransactionRecordState } from './state-types.js';

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

/** The receipt status a handler failed with; anything but a LedgerStatusError is a devnet bug and propagates. */
function statusOf(error: unknown): StatusName {
  if (error instanceof LedgerStatusError) return error.status;
  throw error;
}

function writeRecord(ledger: Ledger, entry: ConsensusEntry, ctx: HandlerContext, feeLegs: HbarTransferEntry[], status: StatusName): TransactionRecordState {
  const { body } = entry;
  const ok = status === 'SUCCESS';
  const receipt: proto.ITransactionReceipt = { ...(ok ? ctx.receipt : ctx.failureReceipt), status: statusCode(status) };
  // Gas is charged even when the handler fails, so its legs join the fee's.
  if (!ok) for (const leg of ctx.extraFeeTransfers) mergeHbar(feeLegs, leg.account, leg.amount, leg.isApproval);
  const id = body.transactionID!;
  const recordFields = { ...entry.recordFields, ...(ok ? ctx.recordFields : {}) };
  const record: TransactionRecordState = {
    key: transactionKey(id), transactionId: id, bodyName: entry.bodyName, payer: ctx.payer.num, consensusNs: ctx.consensusNs,
    validStartNs: timestampToNs(id.transactionValidStart), validDurationSec: Number(toBig(body.transactionValidDuration?.seconds)),
    memo: body.memo ?? '', chargedFee: entry.fee + ctx.extraFee, maxFee: toBig(body.transactionFee), hash: entry.hash, receipt,
    entityId: ctx.entityId,
    transfers: ok ? ctx.transfers : feeLegs,
    tokenTransfers: ok ? ctx.tokenTransfers : [],
    nftTransfers: ok ? ctx.nftTransfers : [],
    assessedCustomFees: ok ? ctx.assessedCustomFees : [],
    newPendingAirdrops: ok ? ctx.newPendingAirdrops : [],
    ...(ctx.contractResult ? { contractResult: ctx.contractResult } : {}),
    ...(Object.keys(recordFields).length ? { recordFields } : {}),
  };
  ledger.addRecord(record);
  return record;
}

/**
 * Charges the fee, runs the handler, and stores the receipt and record under the transaction ID; then
 * runs what the handler left for right after it (a scheduled transaction it made executable). A failed
 * handler leaves nothing behind but the fee (and gas), since handlers validate before they change
 * anything. A handler that must wait (the EVM) makes the whole step a promise, which the caller awaits
 * before the next transaction.
 */
export function runAtConsensus(
  ledger: Ledger, handlers: Readonly<Record<string, TransactionHandler>>, entry: ConsensusEntry,
): TransactionRecordState | Promise<TransactionRecordState> {
  const { payer, fee } = entry;
  const ctx = new HandlerContext(ledger, entry.body, payer, ledger.nextConsensusNs(), entry.signatures, { handlers, sigPairs: entry.sigPairs });
  ctx.moveHbar(payer, -fee);
  ctx.moveHbar(ledger.accounts.get(FEE_COLLECTOR_NUM)!, fee);
  const feeLegs = ctx.transfers.map((leg) => ({ ...leg }));
  const finish = (status: StatusName): TransactionRecordState | Promise<TransactionRecordState> => {
    const record = writeRecord(ledger, entry, ctx, feeLegs, status);
    const following = status === 'SUCCESS' ? ctx.runFollowUps() : undefined;
    return following ? following.then(() => record) : record;
  };
  if (entry.forcedStatus) return finish(entry.forcedStatus);
  let pending: void | Promise<void>;
  try {
    pending = handlers[entry.bodyName].handle(ctx);
  } catch (error) {
    return finish(statusOf(error));
  }
  if (!pending) return finish('SUCCESS');
  return pending.then(() => finish('SUCCESS'), (error: unknown) => finish(statusOf(error)));
}
