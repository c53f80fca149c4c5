import { ScheduleId, ScheduleInfoQuery, ScheduleSignTransaction, type Client, type PrivateKey } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import { statusNameOf } from '../../values/sdk-values.js';
import type { ApprovalRecord } from './approval-record.js';
import type { ApprovalStore } from './approval-store.js';
import { privateKeyOf, publicKeyIdentity, signApproval } from './approver-signature.js';
import { checkScheduleOnLedger, type LedgerScheduleView } from './ledger-schedule-check.js';

/** What signing a request the ledger approves did. */
export type ScheduleSigning =
  | {
      readonly ok: true;
      readonly scheduleId: string;
      /** The ScheduleSign's transaction ID and receipt status. */
      readonly transactionId: string;
      readonly status: string;
      /** Whether the schedule has executed (this signature may have been the last one needed). */
      readonly executed: boolean;
      /** The record after the signed decision was added (or as it was, with why it was not). */
      readonly record: ApprovalRecord;
      readonly recorded: boolean;
      readonly note?: string;
      /** The schedule as the ledger holds it, read and checked before signing: what was signed. */
      readonly ledger: LedgerScheduleView;
    }
  | { readonly ok: false; readonly reason: string; readonly status?: string; readonly record?: ApprovalRecord; readonly ledger?: LedgerScheduleView };

export interface ScheduleSigningOptions {
  /** Who signs, for the record (default: the public key). */
  readonly as?: string;
  readonly reason?: string;
  /** How the decision came, e.g. `cli`, `console`. */
  readonly via?: string;
  /** Called with the schedule as the ledger holds it, once read and before anything is signed: show it to the approver. */
  readonly onLedgerRead?: (view: LedgerScheduleView) => void;
}

/**
 * Approves a request the ledger approves (ApprovalPolicy `via: 'schedule'`): submits a
 * ScheduleSignTransaction for its schedule, signed with the approver's key and paid by `client`'s
 * operator, then records the signed decision on the request. The key is used here and nowhere else:
 * never returned, printed or logged. Refuses, before sending anything, a request that is not
 * scheduled, has no schedule ID yet, or whose approvers do not include this key, and one whose
 * schedule on the ledger (ScheduleInfoQuery) does not run what the request recorded
 * (checkScheduleOnLedger): the approver signs what the ledger will run, never the store's account of it.
 *
 * @example
 * const signed = await signScheduledRequest(store, id, process.env.AGENT_HOOKS_APPROVER_KEY!, client, { via: 'cli' });
 */
export async function signScheduledRequest(store: ApprovalStore, id: string, approverKey: PrivateKey | string, client: Client, options: ScheduleSigningOptions = {}): Promise<ScheduleSigning> {
  const record = await store.get(id);
  if (!record) return { ok: false, reason: `there is no approval request ${id} in ${store.description}` };
  const refusal = notSignable(record);
  if (refusal) return { ok: false, reason: refusal, record };
  const scheduleId = record.schedule!.scheduleId!;
  const key = privateKeyOf(approverKey);
  const der = publicKeyIdentity(key.publicKey.toStringDer())?.der;
  if (!der || !record.quorum.of.some((each) => publicKeyIdentity(each)?.der === der)) {
    return { ok: false, reason: `the key given is not one of the approvers of request ${id}, so its signature would not approve it; nothing was sent`, record };
  }
  const checked = await checkScheduleOnLedger(record, client);
  if (checked.view) options.onLedgerRead?.(checked.view);
  if (!checked.ok) return { ok: false, reason: checked.reason, record, ...(checked.view ? { ledger: checked.view } : {}) };
  const ledger = checked.view;
  let transactionId = '';
  let status: string;
  try {
    const sign = new ScheduleSignTransaction().setScheduleId(ScheduleId.fromString(scheduleId)).freezeWith(client);
    transactionId = sign.transactionId?.toString() ?? '';
    await sign.sign(key);
    const response = await sign.execute(client);
    status = (await response.getReceipt(client)).status.toString();
  } catch (error) {
    const name = statusNameOf(error);
    return { ok: false, reason: `the ScheduleSign of schedule ${scheduleId}${transactionId ? ` (transaction ${transactionId})` : ''} was not accepted: ${name ?? messageOf(error)}`, ...(name ? { status: name } : {}), record, ledger };
  }
  // The ledger took the signature: from here on a failure is said beside that, never instead of it.
  const executed = await hasExecuted(scheduleId, client);
  const signed = signApproval(record, key);
  let decided;
  try {
    decided = await store.decide(id, {
      approver: options.as?.trim() || signed.publicKey,
      approve: true,
      signature: signed.signature,
      publicKey: signed.publicKey,
      via: options.via ?? 'ledger',
      ...(options.reason ? { reason: options.reason } : {}),
    });
  } catch (error) {
    return { ok: true, scheduleId, transactionId, status, executed, record, recorded: false, ledger, note: `the approval store (${store.description}) failed (${messageOf(error)}), so the signature is on the ledger but its decision is not recorded` };
  }
  if (!decided.ok) return { ok: true, scheduleId, transactionId, status, executed, record: decided.record ?? record, recorded: false, note: decided.reason, ledger };
  return { ok: true, scheduleId, transactionId, status, executed, record: decided.record, recorded: true, ledger };
}

/** Why a record cannot be signed on the ledger, or `undefined` when it can. */
export function notSignable(record: ApprovalRecord): string | undefined {
  if (!record.schedule) return `request ${record.id} is approved in the store, not by the ledger: it has no schedule to sign`;
  if (record.state !== 'scheduled') return `request ${record.id} is ${record.state}${record.note ? ` (${record.note})` : ''}; its schedule takes no more signatures`;
  if (!record.schedule.scheduleId) return `request ${record.id} has no schedule ID yet (its ScheduleCreate's receipt was not recorded); look it up by transaction ${record.schedule.createTransactionId ?? '(unknown)'}`;
  return undefined;
}

/** Whether the schedule executed; `false` when the network cannot say (the audit trail's watcher will). */
export async function hasExecuted(scheduleId: string, client: Client): Promise<boolean> {
  try {
    const info = await new ScheduleInfoQuery().setScheduleId(ScheduleId.fromString(scheduleId)).execute(client);
    return info.executed != null;
  } catch {
    return false;
  }
}
