import { ScheduleId, ScheduleInfoQuery, type Client } from '@hiero-ledger/sdk';
import type { proto } from '@hiero-ledger/proto';
import { messageOf } from '../../errors/index.js';
import { statusNameOf } from '../../values/sdk-values.js';
import { oneLine } from '../approvers/approver.js';
import type { ApprovalRecord } from './approval-record.js';
import { canonicalBody, scheduledBodyDigest } from './scheduled-body.js';
import { describeNet, netChangesOfMovements, netChangesOfTransfer, nftMovesOfTransfer, scheduledKindOf } from './scheduled-transfers.js';

/** A schedule as the ledger holds it (ScheduleInfoQuery), decoded for the approver who is about to sign it. */
export interface LedgerScheduleView {
  readonly scheduleId: string;
  /** Who pays the scheduled transaction, as the ledger says. */
  readonly payer: string;
  /** The scheduled body's digest (scheduled-body.ts), computed from the ledger's answer. */
  readonly bodyDigest: string;
  /** The kind of transaction scheduled: the body's data field, e.g. `cryptoTransfer`. */
  readonly kind: string;
  /** A CryptoTransfer's net changes per account and asset (amount signed, in the smallest unit). */
  readonly changes?: readonly { readonly account: string; readonly asset: string; readonly amount: string; readonly display: string }[];
  /** The scheduled transaction's memo (escaped, bounded): agent-supplied text. */
  readonly memo?: string;
  /** What a person reads, one fact a line, all decoded from the ledger's body. */
  readonly lines: readonly string[];
}

/** The ledger agrees with the request (and what it holds), or why the request must not be signed. */
export type LedgerScheduleCheck = { readonly ok: true; readonly view: LedgerScheduleView } | { readonly ok: false; readonly reason: string; readonly view?: LedgerScheduleView };

const BODY_SHOWN_CHARS = 600;

/**
 * Reads a ledger-approved request's schedule from the network (ScheduleInfoQuery through `client`)
 * and compares it with the request: the scheduled body's digest and payer must be the ones the
 * request recorded when the kit built the ScheduleCreate, and, for a transfer, the request's
 * movements must be what the ledger's body moves. Anything else (a record changed in the store, a
 * schedule ID swapped for another's, an old record that bound no body, a schedule the network cannot
 * show) is refused with a sentence; nothing is signed on a refusal. The view is decoded from the
 * ledger's answer, never from the record: it is what an approver is shown.
 *
 * @example
 * const checked = await checkScheduleOnLedger(record, client);
 * if (!checked.ok) throw new Error(checked.reason);
 */
export async function checkScheduleOnLedger(record: ApprovalRecord, client: Client): Promise<LedgerScheduleCheck> {
  const scheduleId = record.schedule?.scheduleId;
  if (!scheduleId) return { ok: false, reason: `request ${record.id} names no schedule, so there is nothing on the ledger to check or sign` };
  const unbound = unboundReason(record);
  if (unbound) return { ok: false, reason: unbound };
  const read = await readScheduleFromLedger(scheduleId, client);
  return read.ok ? compareScheduleWithRecord(record, read.view) : read;
}

/**
 * Reads schedule `scheduleId` from the network (ScheduleInfoQuery through `client`) and decodes it
 * for a person. What a schedule runs never changes once created, so a caller may keep the view.
 */
export async function readScheduleFromLedger(scheduleId: string, client: Client): Promise<{ readonly ok: true; readonly view: LedgerScheduleView } | { readonly ok: false; readonly reason: string }> {
  let info;
  try {
    info = await new ScheduleInfoQuery().setScheduleId(ScheduleId.fromString(scheduleId)).execute(client);
  } catch (error) {
    return { ok: false, reason: `schedule ${scheduleId} could not be read from the ledger (ScheduleInfoQuery: ${statusNameOf(error) ?? messageOf(error)}), so what it would run cannot be checked; nothing was signed` };
  }
  const body = info.schedulableTransactionBody;
  const payer = info.payerAccountId?.toString();
  if (!body || !payer) return { ok: false, reason: `the ledger's answer for schedule ${scheduleId} has no ${body ? 'payer' : 'scheduled transaction body'}, so what it would run cannot be checked; nothing was signed` };
  return { ok: true, view: viewOf(scheduleId, body, payer) };
}

/**
 * Whether the schedule as the ledger holds it (`view`, read by readScheduleFromLedger) is what
 * `record` recorded: the same scheduled body and payer, and for a transfer the same net movements.
 */
export function compareScheduleWithRecord(record: ApprovalRecord, view: LedgerScheduleView): LedgerScheduleCheck {
  const unbound = unboundReason(record);
  if (unbound) return { ok: false, reason: unbound, view };
  const bound = record.schedule!.scheduledBody!;
  const scheduleId = view.scheduleId;
  if (record.schedule!.scheduleId !== scheduleId) return { ok: false, reason: `request ${record.id} names schedule ${record.schedule!.scheduleId ?? '(none)'}, not ${scheduleId}; nothing was signed`, view };
  if (view.bodyDigest !== bound.digest || view.payer !== bound.payer) {
    return {
      ok: false,
      reason:
        `schedule ${scheduleId} on the ledger does not run what request ${record.id} recorded: the ledger's ${view.kind} has body digest ${view.bodyDigest}, paid by ${view.payer}; ` +
        `the request recorded ${bound.digest}, paid by ${bound.payer} (the request in the approval store was changed, or names another schedule); nothing was signed`,
      view,
    };
  }
  if (view.changes) {
    const recorded = record.movements ? netChangesOfMovements(record.movements) : undefined;
    const onLedger = view.changes.map((change) => `${change.account}|${change.asset}|${change.amount}`).join(',');
    if (!recorded || recorded.map((change) => `${change.account}|${change.asset}|${change.amount}`).join(',') !== onLedger) {
      const says = recorded ? recorded.map(describeNet).join(', ') || 'nothing' : 'unreadable movements';
      return {
        ok: false,
        reason: `request ${record.id} says it moves ${says}, but schedule ${scheduleId} on the ledger moves ${view.changes.map((change) => change.display).join(', ') || 'nothing'} (the request in the approval store was changed); nothing was signed`,
        view,
      };
    }
  }
  return { ok: true, view };
}

/** Why a record cannot be compared with its schedule: it bound no scheduled body (an older record). */
function unboundReason(record: ApprovalRecord): string | undefined {
  if (record.schedule?.scheduledBody) return undefined;
  return `request ${record.id} was recorded without the digest of the transaction its schedule runs (made by an older version), so what schedule ${record.schedule?.scheduleId ?? '(none)'} would run cannot be checked against what was asked; it is not signed. Ask the agent to make the call again`;
}

/** The ledger's schedule as a person reads it. */
function viewOf(scheduleId: string, body: proto.ISchedulableTransactionBody, payer: string): LedgerScheduleView {
  const kind = scheduledKindOf(body);
  const bodyDigest = scheduledBodyDigest(body);
  const nets = netChangesOfTransfer(body);
  const changes = nets?.map((change) => ({ account: change.account, asset: change.asset, amount: change.amount.toString(), display: describeNet(change) }));
  const memo = body.memo ? oneLine(body.memo, 200) : undefined;
  const lines = [`the ledger's schedule ${scheduleId} runs a ${kind} paid by ${payer} (decoded from the ledger; scheduled body ${bodyDigest})`];
  if (changes) {
    lines.push(`  the ledger moves: ${changes.map((change) => change.display).join(', ') || 'nothing'}`);
    for (const nft of nftMovesOfTransfer(body)) lines.push(`  the ledger moves: ${nft}`);
  } else {
    lines.push(`  the ledger's body: ${oneLine(JSON.stringify(canonicalBody(body)), BODY_SHOWN_CHARS)}`);
  }
  if (memo) lines.push(`  memo: ${memo}`);
  return { scheduleId, payer, bodyDigest, kind, ...(changes ? { changes } : {}), ...(memo ? { memo } : {}), lines };
}
