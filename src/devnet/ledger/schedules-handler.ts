import { proto } from '@hiero-ledger/proto';
import { accountNum, entityString, scheduleId } from './entity-ids.js';
import type { HandlerContext, TransactionHandler } from './handler-context.js';
import { isEmptyKey, isValidKey } from './keys.js';
import { toBig } from './numbers.js';
import { executeSchedule } from './schedule-runner.js';
import { requiredKeysOf, SignatorySet, withNewSignatories } from './schedule-signatures.js';
import { liveSchedule, scheduleIdentity, scheduleStatus } from './schedule-store.js';
import { scheduledTransactionId, scheduledTransactionOf } from './scheduled-transaction.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { ScheduleSignatureEntry, ScheduleState } from './state-types.js';

const MAX_MEMO_BYTES = 100;
/** ledger.schedule.txExpiryTimeSecs: lifetime of a schedule created without an expiration time */
const DEFAULT_LIFETIME_SEC = 1800;
/** scheduling.maxExpirationFutureSeconds */
const MAX_LIFETIME_SEC = 5_356_800;

/** The signature pairs of this transaction as the mirror lists them under a schedule. */
function signatureEntries(ctx: HandlerContext): ScheduleSignatureEntry[] {
  return ctx.dispatch.sigPairs.flatMap((pair): ScheduleSignatureEntry[] => {
    const signature = pair.ed25519 ?? pair.ECDSASecp256k1;
    if (!signature?.length) return [];
    return [{ consensusNs: ctx.consensusNs, prefix: pair.pubKeyPrefix ?? new Uint8Array(), signature, type: pair.ed25519 ? 'ED25519' : 'ECDSA_SECP256K1' }];
  });
}

/**
 * The schedule's signatories with this transaction's signatures added, and whether the scheduled
 * transaction may run now: every required key is satisfied and it does not wait for its expiry.
 */
function collectSignatures(ctx: HandlerContext, schedule: ScheduleState): { signatories: proto.IKey[]; added: boolean; ready: boolean } {
  const payer = ctx.ledger.accounts.get(schedule.payer);
  if (!payer || payer.deleted) throw new LedgerStatusError('UNRESOLVABLE_REQUIRED_SIGNERS');
  const required = requiredKeysOf(ctx.ledger, ctx.dispatch.handlers, scheduledTransactionOf(schedule), payer, ctx.consensusNs);
  const signatories = withNewSignatories(schedule.signatories, required, { isSatisfied: (key) => ctx.hasSignature(key) });
  const verdicts = new SignatorySet(signatories);
  return { signatories, added: signatories.length > schedule.signatories.length, ready: !schedule.waitForExpiry && required.every((key) => verdicts.isSatisfied(key)) };
}

/** Runs the scheduled transaction right after the current one, in its own record. */
function executeAfter(ctx: HandlerContext, schedule: ScheduleState): void {
  ctx.afterCommit(() => {
    schedule.resolvedNs = ctx.consensusNs;
    return executeSchedule(ctx.ledger, ctx.dispatch.handlers, schedule);
  });
}

function checkMemo(memo: string | null | undefined): void {
  ensure(Buffer.byteLength(memo ?? '') <= MAX_MEMO_BYTES, 'MEMO_TOO_LONG');
}

/**
 * scheduleCreate: stores a transaction to run once its required signers have all signed (the
 * ScheduleCreate's own signatures count), or at its expiration time when it waits for expiry.
 */
export const scheduleCreateHandler: TransactionHandler = {
  pureChecks(body) {
    const op = body.scheduleCreate!;
    ensure(op.scheduledTransactionBody, 'INVALID_TRANSACTION');
    ensure(!(op.waitForExpiry && !op.expirationTime), 'MISSING_EXPIRY_TIME');
  },
  handle(ctx) {
    const op = ctx.body.scheduleCreate!;
    const creator = ctx.payer.num;
    checkMemo(op.memo);
    const payer = op.payerAccountID ? ctx.ledger.accounts.get(accountNum(op.payerAccountID, 'ACCOUNT_ID_DOES_NOT_EXIST')) : ctx.payer;
    ensure(payer, 'ACCOUNT_ID_DOES_NOT_EXIST');
    const bodyName = (op.scheduledTransactionBody as proto.SchedulableTransactionBody).data;
    ensure(bodyName && ctx.dispatch.handlers[bodyName], 'SCHEDULED_TRANSACTION_NOT_IN_WHITELIST');
    const adminKey = op.adminKey ?? undefined;
    if (adminKey) {
      ensure(!isEmptyKey(adminKey) && isValidKey(adminKey), 'INVALID_ADMIN_KEY');
      ctx.requireSignature(adminKey);
    }
    const nowSec = Number(ctx.consensusNs / 1_000_000_000n);
    const providedExpirySec = op.expirationTime ? Number(toBig(op.expirationTime.seconds)) : 0;
    const expirySec = op.expirationTime ? providedExpirySec : nowSec + DEFAULT_LIFETIME_SEC;
    ensure(expirySec > nowSec, 'SCHEDULE_EXPIRATION_TIME_MUST_BE_HIGHER_THAN_CONSENSUS_TIME');
    ensure(expirySec <= nowSec + MAX_LIFETIME_SEC, 'SCHEDULE_EXPIRATION_TIME_TOO_FAR_IN_FUTURE');
    checkMemo(op.scheduledTransactionBody!.memo);
    const identity = scheduleIdentity(op, providedExpirySec);
    const twin = [...ctx.ledger.schedules.values()].find((s) => !s.expired && s.identity === identity);
    if (twin) {
      Object.assign(ctx.failureReceipt, { scheduleID: scheduleId(twin.num), scheduledTransactionID: scheduledTransactionId(twin) });
      throw new LedgerStatusError('IDENTICAL_SCHEDULE_ALREADY_CREATED');
    }
    const schedule: ScheduleState = {
      num: 0, createTransactionId: ctx.body.transactionID!, creator, payer: payer.num, adminKey, memo: op.memo ?? '',
      bodyBytes: proto.SchedulableTransactionBody.encode(op.scheduledTransactionBody!).finish(), waitForExpiry: !!op.waitForExpiry, providedExpirySec, expirySec, createdNs: ctx.consensusNs,
      signatories: [], signatures: [], deleted: false, expired: false, identity,
    };
    const { signatories, ready } = collectSignatures(ctx, schedule);
    schedule.num = ctx.ledger.nextEntityNum();
    schedule.signatories = signatories;
    schedule.signatures = signatureEntries(ctx);
    ctx.ledger.schedules.set(schedule.num, schedule);
    ctx.receipt.scheduleID = scheduleId(schedule.num);
    ctx.receipt.scheduledTransactionID = scheduledTransactionId(schedule);
    ctx.entityId = entityString(schedule.num);
    if (ready) executeAfter(ctx, schedule);
  },
};

/**
 * scheduleSign: adds this transaction's signatures by required signers to a schedule, and runs the
 * scheduled transaction when they complete it. Signatures that add no required signer are
 * NO_NEW_VALID_SIGNATURES, unless they complete it.
 */
export const scheduleSignHandler: TransactionHandler = {
  pureChecks(body) {
    ensure(body.scheduleSign!.scheduleID, 'INVALID_SCHEDULE_ID');
  },
  handle(ctx) {
    const schedule = liveSchedule(ctx.ledger, ctx.body.scheduleSign!.scheduleID);
    const status = scheduleStatus(schedule, ctx.consensusNs);
    if (status !== 'OK' && status !== 'SCHEDULE_PENDING_EXPIRATION') throw new LedgerStatusError(status);
    const { signatories, added, ready } = collectSignatures(ctx, schedule);
    const runsNow = ready && status === 'OK';
    ensure(added || runsNow, 'NO_NEW_VALID_SIGNATURES');
    schedule.signatories = signatories;
    schedule.signatures.push(...signatureEntries(ctx));
    ctx.receipt.scheduledTransactionID = scheduledTransactionId(schedule);
    ctx.entityId = entityString(schedule.num);
    if (runsNow) executeAfter(ctx, schedule);
  },
};

/** scheduleDelete: needs the schedule's admin key; a schedule created without one is SCHEDULE_IS_IMMUTABLE. */
export const scheduleDeleteHandler: TransactionHandler = {
  pureChecks(body) {
    ensure(body.scheduleDelete!.scheduleID, 'INVALID_SCHEDULE_ID');
  },
  handle(ctx) {
    const schedule = liveSchedule(ctx.ledger, ctx.body.scheduleDelete!.scheduleID);
    ensure(schedule.executedNs === undefined, 'SCHEDULE_ALREADY_EXECUTED');
    ensure(!schedule.deleted, 'SCHEDULE_ALREADY_DELETED');
    ensure(schedule.adminKey, 'SCHEDULE_IS_IMMUTABLE');
    ctx.requireSignature(schedule.adminKey);
    schedule.deleted = true;
    schedule.resolvedNs = ctx.consensusNs;
    ctx.receipt.scheduleID = scheduleId(schedule.num);
    ctx.entityId = entityString(schedule.num);
  },
};
