import { ScheduleCreateTransaction, TransactionId, type AccountId, type Key, type Timestamp, type Transaction } from '@hiero-ledger/sdk';
import { isSdkTransaction } from '../values/sdk-values.js';

/**
 * The scheduling a call asked for, in the Hedera Agent Kit's normalised shape
 * (`normalisedParams.schedulingParams`): the fields of the schedule entity, not of the inner transaction.
 */
export interface NormalisedSchedulingParams {
  isScheduled: boolean;
  /** May delete the schedule before it runs; none means nobody can. */
  adminKey?: Key;
  /** Pays the fee of the inner transaction when it runs; the ScheduleCreate's payer when absent. */
  payerAccountID?: AccountId;
  /** When the schedule lapses if not fully signed (or, with `waitForExpiry`, when it runs). */
  expirationTime?: Timestamp;
  /** Run at `expirationTime` rather than as soon as the signatures are in. */
  waitForExpiry?: boolean;
}

/** Wrapper → the transaction it schedules, for listeners that judge the built transaction. */
const innerOf = new WeakMap<Transaction, Transaction>();

/**
 * The call's transaction, wrapped in a ScheduleCreateTransaction when its normalised params say
 * `schedulingParams.isScheduled: true`; otherwise the value unchanged. The step a tool opts into with
 * `schedulable: true` (see CallPlan.schedules): it runs between the core action
 * and the strategy's `prepare`, once, and a tool that already built a ScheduleCreate (as the Hedera
 * Agent Kit's own tools do) is left as it is.
 */
export function scheduledIfAsked(coreActionResult: unknown, normalisedParams: unknown, askedByPolicy?: NormalisedSchedulingParams): unknown {
  // The call's own scheduling wins; a policy's ask (a ledger approval, ledger-approval.ts) schedules a call that asked for none.
  const own = schedulingOf(normalisedParams);
  const scheduling = own?.isScheduled ? own : askedByPolicy;
  if (!scheduling?.isScheduled || !isSdkTransaction(coreActionResult) || isScheduleCreate(coreActionResult)) return coreActionResult;
  const wrapper = new ScheduleCreateTransaction().setScheduledTransaction(coreActionResult).setWaitForExpiry(scheduling.waitForExpiry === true);
  if (scheduling.adminKey) wrapper.setAdminKey(scheduling.adminKey);
  if (scheduling.payerAccountID) wrapper.setPayerAccountId(scheduling.payerAccountID);
  if (scheduling.expirationTime) wrapper.setExpirationTime(scheduling.expirationTime);
  innerOf.set(wrapper, coreActionResult);
  return wrapper;
}

/**
 * The transaction a ScheduleCreate built by this kit will execute, for a postCoreAction listener
 * that judges built transactions: `coreActionResult` there is the ScheduleCreate (what is signed and
 * submitted). `undefined` for anything else.
 *
 * @example
 * const inner = scheduledTransactionOf(event.coreActionResult) ?? event.coreActionResult;
 */
export function scheduledTransactionOf(transaction: unknown): Transaction | undefined {
  return isSdkTransaction(transaction) ? innerOf.get(transaction) : undefined;
}

/**
 * The ID the scheduled transaction will run under: the ScheduleCreate's ID with the scheduled flag
 * (the network derives it so), under which the mirror lists the execution
 * (`/transactions/{id}?scheduled=true`).
 */
export function scheduledTransactionIdOf(transaction: Transaction): string | undefined {
  const id = transaction.transactionId;
  if (!isScheduleCreate(transaction) || !id?.accountId || !id.validStart) return undefined;
  return TransactionId.withValidStart(id.accountId, id.validStart).setScheduled(true).toString();
}

/** A ScheduleCreateTransaction from any SDK copy: only it takes a transaction to schedule. */
export function isScheduleCreate(transaction: Transaction): boolean {
  return typeof (transaction as { setScheduledTransaction?: unknown }).setScheduledTransaction === 'function';
}

/** Whether a call's normalised params ask for its transaction to be scheduled. */
export function asksToSchedule(normalisedParams: unknown): boolean {
  return schedulingOf(normalisedParams)?.isScheduled === true;
}

function schedulingOf(normalisedParams: unknown): NormalisedSchedulingParams | undefined {
  if (normalisedParams === null || typeof normalisedParams !== 'object') return undefined;
  const scheduling = (normalisedParams as { schedulingParams?: unknown }).schedulingParams;
  return scheduling !== null && typeof scheduling === 'object' ? (scheduling as NormalisedSchedulingParams) : undefined;
}
