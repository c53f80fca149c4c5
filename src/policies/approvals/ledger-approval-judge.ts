import type { Client, Transaction } from '@hiero-ledger/sdk';
import { Timestamp } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import { callRecordOf } from '../../lifecycle/call-record.js';
import { isScheduleCreate, scheduledTransactionIdOf } from '../../lifecycle/scheduled-transaction.js';
import type { PostCoreActionParams, PostParamsNormalizationParams, PostSecondaryActionParams } from '../../lifecycle/stage-events.js';
import type { RawToolResult } from '../../lifecycle/tool-result.js';
import type { CallOutcome } from '../../lifecycle/call-outcome.js';
import { isSdkTransaction } from '../../values/sdk-values.js';
import type { MovedValue } from '../approval-moves.js';
import type { Quorum, ThresholdAccount } from './approval-record.js';
import type { ApprovalStore } from './approval-store.js';
import { publicKeyIdentity } from './approver-signature.js';
import { newRequestRecord, previewOf } from './request-record.js';
import { scheduledBodyOfScheduleCreate } from './scheduled-body.js';
import { readThresholdKey, thresholdFits } from './threshold-keys.js';

/** What the postParamsNormalization judgement found, kept for the same call's postCoreAction. */
interface AskedCall {
  readonly summary: string;
  readonly why: string;
  readonly moved: MovedValue;
  readonly accounts: readonly ThresholdAccount[];
  readonly now: number;
}

/** What the judge needs of its policy. */
export interface LedgerApprovalSettings {
  readonly policy: string;
  readonly quorum: Quorum;
  readonly store: ApprovalStore;
  /** How long the schedule (and its request) stays open, in ms. */
  readonly timeoutMs: number;
}

const MAX_OPEN = 10_000;

/**
 * ApprovalPolicy's `via: 'schedule'`: an approval the ledger itself gives. A call that needs
 * approval is not held: the accounts it debits must have threshold keys that only the approvers'
 * signatures can satisfy (read from the network), and then it goes out as a scheduled transaction,
 * which the ledger executes once enough approvers signed it (ScheduleSign). Nobody can approve
 * around the kit: the agent's own key is not enough, by the check made before sending.
 *
 * Three steps of one call: at postParamsNormalization `ask` checks the keys and asks the kit to
 * schedule (ledger-approval.ts in the lifecycle); at postCoreAction `bind` checks that what goes out
 * is a ScheduleCreate and creates the request (state `scheduled`); at postToolExecution `sent`
 * records the schedule ID from the receipt. Each refusal is a sentence saying what is missing.
 */
export class LedgerApprovalJudge {
  private readonly asked = new Map<string, AskedCall>();
  /** Call ID → the request bound to its ScheduleCreate, until the call is settled. */
  private readonly bound = new Map<string, string>();
  private readonly approverKeys: readonly string[];

  constructor(private readonly settings: LedgerApprovalSettings) {
    this.approverKeys = settings.quorum.of.map((each) => publicKeyIdentity(each)!.der);
  }

  /** Checks the paying accounts' keys; on a fit asks for the call to be scheduled, else returns why not. */
  async ask(params: PostParamsNormalizationParams, facts: { summary: string; why: string; moved: MovedValue }): Promise<string | undefined> {
    const record = callRecordOf(params);
    if (!params.callId || !record) return "the kit running this call gives it no call ID and no call record, so it cannot be sent as a schedule for the ledger to approve (that takes this package's kit, createAgentKit; the Hedera Agent Kit cannot be told to schedule a call)";
    const payers = payingAccounts(facts.moved);
    if (typeof payers === 'string') return payers;
    const agentKeys = agentKeysOf(params.client, params.context);
    const accounts: ThresholdAccount[] = [];
    for (const accountId of payers) {
      const reading = await readThresholdKey(accountId, params.client);
      if (!reading.ok) return `account ${accountId}, which the call debits, cannot be approved by the ledger: ${reading.reason}`;
      const fit = thresholdFits(reading.account, this.approverKeys, agentKeys, this.settings.quorum.required);
      if (!fit.ok) return `account ${accountId}, which the call debits, cannot be approved by the ledger: ${fit.reason}`;
      accounts.push(reading.account);
    }
    const now = Date.now();
    // The schedule lapses when the request does; a call that asked for its own scheduling keeps that (scheduledIfAsked).
    const expirationTime = Timestamp.fromDate(new Date(now + this.settings.timeoutMs));
    record.askLedgerApproval({ scheduling: { isScheduled: true, waitForExpiry: false, expirationTime } });
    remember(this.asked, params.callId, { ...facts, accounts, now });
    return undefined;
  }

  /** What goes out must be the ScheduleCreate; the request is created before it is sent (a store failure sends nothing). */
  async bind(params: PostCoreActionParams, method: string): Promise<string | undefined> {
    const asked = this.asked.get(params.callId ?? '');
    if (!asked) return undefined;
    this.asked.delete(params.callId!);
    const built = params.coreActionResult;
    if (!isSdkTransaction(built) || !isScheduleCreate(built as Transaction)) {
      return `the call was to go out as a scheduled transaction for the approvers to sign, but what would be sent is ${isSdkTransaction(built) ? (built as object).constructor.name : 'not a transaction'}`;
    }
    const preview = previewOf(params);
    const scheduledTransactionId = scheduledTransactionIdOf(built as Transaction);
    // What the ledger will run, from the bytes that are sent: approvers' tools compare it with the ledger's schedule before signing.
    const scheduledBody = scheduledBodyOfScheduleCreate((built as Transaction).toBytes());
    if (typeof scheduledBody === 'string') return `the ScheduleCreate's scheduled transaction could not be read (${scheduledBody}), so the approvers could not check what the ledger would run; nothing was scheduled`;
    const { summary, why, moved, accounts, now } = asked;
    let record;
    try {
      record = await this.settings.store.create({
        ...newRequestRecord(params, { policy: this.settings.policy, method, stage: 'postCoreAction', summary, why, moved, wait: 'deferred', quorum: this.settings.quorum, now, expiresInMs: this.settings.timeoutMs, heartbeatMs: 0 }, preview),
        schedule: { accounts, scheduledBody, ...(preview?.transactionId ? { createTransactionId: preview.transactionId } : {}), ...(scheduledTransactionId ? { scheduledTransactionId } : {}) },
      });
    } catch (error) {
      return `the approval store (${this.settings.store.description}) failed (${messageOf(error)}), so nothing was scheduled`;
    }
    const call = callRecordOf(params);
    call?.noteApprovedBy(record.id);
    remember(this.bound, params.callId!, record.id);
    call?.noteLedgerApproval({ requestId: record.id, sentence: (raw) => sentenceFor(raw, method, record.id, summary, accounts) });
    return undefined;
  }

  /** The call ended: a request whose call never went out is expired (nothing was scheduled). */
  async settle(outcome: CallOutcome): Promise<void> {
    this.asked.delete(outcome.callId);
    const requestId = this.bound.get(outcome.callId);
    if (!requestId) return;
    this.bound.delete(outcome.callId);
    if (outcome.executed !== false) return;
    const why = outcome.blockedBy ? `blocked by ${outcome.blockedBy.policy} at ${outcome.blockedBy.stage}` : `it failed before it was sent${outcome.errorCode ? ` (${outcome.errorCode})` : ''}`;
    const record = await this.settings.store.get(requestId);
    if (record?.state !== 'scheduled' || record.schedule?.scheduleId) return;
    await this.settings.store.recordSchedule!(requestId, { status: outcome.status, reason: `the call was never sent (${why}), so nothing was scheduled and nothing it describes executes` });
  }

  /** The ScheduleCreate's answer: the request learns its schedule ID, or expires when nothing was scheduled. */
  async sent(params: PostSecondaryActionParams): Promise<void> {
    const raw = params.toolResult.raw;
    const requestId = typeof raw.approvalRequestId === 'string' ? raw.approvalRequestId : undefined;
    if (!requestId || raw.status === 'UNKNOWN') return; // unknown: the schedule may exist; its ID is looked up when it is known
    const outcome = await this.settings.store.recordSchedule!(requestId, {
      status: String(raw.status),
      ...(typeof raw.scheduleId === 'string' ? { scheduleId: raw.scheduleId } : {}),
      ...(typeof raw.transactionId === 'string' ? { createTransactionId: raw.transactionId } : {}),
      ...(typeof raw.scheduledTransactionId === 'string' ? { scheduledTransactionId: raw.scheduledTransactionId } : {}),
    });
    // The kit's sweep may have read the same receipt first (LedgerApprovalSweep): the same schedule, recorded once.
    const same = typeof raw.scheduleId === 'string' && outcome.record?.schedule?.scheduleId === raw.scheduleId;
    if (!outcome.ok && !same) throw new Error(`approval request ${requestId} could not record its schedule: ${outcome.reason}`);
  }
}

/**
 * The accounts the call debits: the `from` of its movements. A call whose movements cannot be read,
 * or that moves nothing out of an account, has no account whose key the ledger could check.
 */
function payingAccounts(moved: MovedValue): string[] | string {
  if (!moved.movements) return 'what the call moves could not be read, so the accounts whose keys must approve it are not known';
  const from = [...new Set(moved.movements.map((movement) => movement.from))];
  if (!from.length) return 'the call debits no account, so no account key can make the ledger wait for the approvers';
  return from;
}

/** The keys the agent signs with: the client's operator key and the context's account key. */
function agentKeysOf(client: Client, context: { accountPublicKey?: string } | undefined): string[] {
  const keys: string[] = [];
  const operator = client.operatorPublicKey?.toStringDer().toLowerCase();
  if (operator) keys.push(operator);
  const own = context?.accountPublicKey ? publicKeyIdentity(context.accountPublicKey)?.der : undefined;
  if (own) keys.push(own);
  return keys;
}

/** What the LLM reads: the schedule exists, the call's own transaction has not run, people must sign. */
function sentenceFor(raw: RawToolResult, method: string, requestId: string, summary: string, accounts: readonly ThresholdAccount[]): string {
  const tx = raw.transactionId ? ` (transaction ${String(raw.transactionId)})` : '';
  const keys = accounts.map((account) => `${account.threshold} of ${account.keys.length + account.others} keys of ${account.accountId}`).join(', ');
  if (raw.status === 'SUCCESS') {
    return (
      `The ${method} call needs approval, so it was sent as schedule ${String(raw.scheduleId)}${tx} for approval request ${requestId}. ` +
      `It has NOT executed: ${summary}. The ledger runs it only once the approvers sign the schedule (${keys}); a human approver must sign it ` +
      `(agent-hooks approve ${requestId} --key …). Do not retry it and do not sign it yourself.`
    );
  }
  if (raw.status === 'UNKNOWN') return `The schedule for the ${method} call${tx} (approval request ${requestId}) was submitted but its outcome is not known yet. Nothing has executed without the approvers' signatures. Do not retry; look the transaction ID up first.`;
  return `Could not schedule the ${method} call for approval: the network answered ${String(raw.errorCode ?? 'with an error')}${tx}. Nothing was scheduled and nothing moved.`;
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_OPEN) map.delete(map.keys().next().value!);
}
