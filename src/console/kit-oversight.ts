import { invalidArgument, messageOf } from '../errors/index.js';
import type { AgentKit } from '../kit/agent-kit.js';
import type { ApprovalRecord } from '../policies/approvals/approval-record.js';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';
import { prepareScheduleSign, submitDetachedSignature, type HeldScheduleSign } from '../policies/approvals/detached-schedule-signing.js';
import { checkApprovalSignature } from '../policies/approvals/approver-signature.js';
import { CachedScheduleReader } from '../policies/approvals/cached-schedule-reader.js';
import type { LedgerScheduleCheck } from '../policies/approvals/ledger-schedule-check.js';
import { approvalRequestDigest } from '../policies/approvals/request-digest.js';
import type { ConsoleDecision, ConsoleOversight, DecisionOutcome, DetachedSignatures, OversightState, PendingApproval, ScheduledApprovalView } from './console-oversight.js';
import { policyBudgets } from './policy-budgets.js';
import { plainRedacted } from './safe-json.js';
import { switchStateView } from './switch-state-view.js';

/** How often a subscribed console re-reads the kill switch (another process may have pressed it). */
const SWITCH_WATCH_MS = 500;

/** What kitOversight reads of a kit: its approval stores, its kill switch, its policies. */
export type OverseenKit = Pick<AgentKit, 'approvalStores' | 'killSwitch' | 'pause' | 'unpause' | 'listenerInstances' | 'client'> &
  /** The tool names a RateLimitPolicy over every tool is read for; without it, such a policy shows no per-tool count. */
  Partial<Pick<AgentKit, 'listTools'>>;

/**
 * The console's oversight over a kit: the pending requests of its approval stores (on Redis, every
 * process's), decisions added to them (`via: 'console'`, and audited by this kit, which made them),
 * its kill switch (pressed here, it holds in every process sharing the switch's store), what its
 * SpendLimitPolicies have left for the kit's operator account, and its RateLimitPolicies' counts.
 *
 * @example
 * const running = await startConsole({ journalDir, oversight: kitOversight(kit) }); // or startConsole({ journalDir, kit })
 */
export function kitOversight(kit: OverseenKit): ConsoleOversight {
  const stores = (): ApprovalStore[] => kit.approvalStores();
  /** Prepared ScheduleSigns by request, until submitted, replaced (one per request: the latest asked) or past their valid window. */
  const held = new Map<string, HeldScheduleSign>();
  /** What the listed requests' schedules run, read from the ledger once each. */
  const schedules = new CachedScheduleReader(kit.client);
  /** The store holding request `id`, with the record as it reads now (one read per store, in order). */
  const locate = async (id: string): Promise<{ store: ApprovalStore; record: ApprovalRecord }> => {
    for (const store of stores()) {
      const record = await store.get(id);
      if (record) return { store, record };
    }
    throw invalidArgument(`there is no approval request ${JSON.stringify(id)} in this kit's approval stores (${stores().map((store) => store.description).join(', ') || 'none: the kit has no ApprovalPolicy'}).`);
  };
  return {
    async pendingApprovals() {
      // Requests the ledger approves are listed too: shown, with the command that signs them.
      const pending = (await Promise.all(stores().map(async (store) => [...(await store.listPending()), ...((await store.listScheduled?.()) ?? [])]))).flat();
      pending.sort((a, b) => a.createdAt - b.createdAt);
      // A scheduled request is shown with its schedule as the ledger holds it, compared with the record.
      const onLedger = await Promise.all(pending.map((record) => (record.schedule ? schedules.check(record) : undefined)));
      return pending.map((record, at) => pendingView(record, onLedger[at]));
    },
    async decide(id: string, decision: ConsoleDecision): Promise<DecisionOutcome> {
      const { store } = await locate(id);
      const outcome = await store.decide(id, { approver: decision.approver, approve: decision.approve, via: 'console', ...(decision.reason ? { reason: decision.reason } : {}) });
      if (!outcome.ok) throw invalidArgument(`the decision on request ${id} changed nothing: ${outcome.reason}.`);
      const state = outcome.record.state;
      return { id, status: state === 'approved' ? 'approved' : state === 'denied' ? 'denied' : 'waiting' };
    },
    // Signing a ledger approval away from the page: the console freezes the ScheduleSign (paid by
    // the kit's operator) and submits the approver's signature; it never sees the approver's key.
    async prepareScheduleSign(id: string) {
      const prepared = await prepareScheduleSign((await locate(id)).record, kit.client);
      if (typeof prepared === 'string') throw invalidArgument(prepared);
      // One per request, and none past its valid window: a request prepared and then left holds nothing for long.
      const now = Date.now();
      for (const [other, each] of held) if (each.prepared.validUntil <= now) held.delete(other);
      held.set(id, prepared);
      return prepared.prepared;
    },
    async submitScheduleSignature(id: string, given: DetachedSignatures) {
      const prepared = held.get(id);
      if (!prepared) throw invalidArgument(`no ScheduleSign is prepared for request ${id}: POST /api/approvals/${id}/schedule-sign first, then sign its bodyBytes`);
      const { store, record } = await locate(id);
      // Checked before anything is sent: a decision that would be refused must not ride on a signature the ledger keeps.
      const decision = decisionOf(record, given);
      if (typeof decision === 'string') throw invalidArgument(decision);
      const outcome = await submitDetachedSignature(record, prepared, given, kit.client);
      if (!outcome.ok) throw invalidArgument(outcome.reason);
      held.delete(id);
      const sent = { scheduleId: outcome.scheduleId, transactionId: outcome.transactionId, status: outcome.status, executed: outcome.executed };
      if (!decision) return { ...sent, decisionRecorded: false, note: 'no digestSignature over the requestDigest: the signature is on the ledger, but no decision of it is on the audit trail' };
      // The kit's store: the kit records the decision on its audit trail, as for every change it makes.
      // The ScheduleSign is on the ledger whatever the store answers: a store failure is said, never a failure of the signature.
      let decided;
      try {
        decided = await store.decide(id, { approver: decision.der, approve: true, signature: decision.signature, publicKey: decision.der, via: 'console', reason: `signed the schedule (ScheduleSign ${outcome.transactionId}, ${outcome.status})` });
      } catch (error) {
        return { ...sent, decisionRecorded: false, note: `the signature is on the ledger, but its decision could not be recorded: the approval store (${store.description}) failed (${messageOf(error)})` };
      }
      return decided.ok ? { ...sent, decisionRecorded: true } : { ...sent, decisionRecorded: false, note: `the signature is on the ledger, but its decision was not recorded: ${decided.reason}` };
    },
    async pause(reason: string, by: string) {
      await kit.pause(reason, { by });
    },
    // The kit's own switch, which its calls obey: a kit without one refuses (kit.pause says how to add one).
    async unpause(by: string) {
      await kit.unpause({ by });
    },
    async state(): Promise<OversightState> {
      const budgets = await policyBudgets(kit.listenerInstances(), kit.client.operatorAccountId?.toString(), (kit.listTools?.() ?? []).map((tool) => tool.method));
      return { ...switchStateView(kit.killSwitch), ...(budgets.length ? { budgets } : {}) };
    },
    subscribe(listener: () => void) {
      const unsubscribes = stores().map((store) => store.subscribe(() => listener()));
      // The switch is shared through its store: a pause from another process shows within a watch.
      let seen = JSON.stringify(kit.killSwitch?.state ?? null);
      const timer = kit.killSwitch
        ? setInterval(() => {
            const now = JSON.stringify(kit.killSwitch?.state ?? null);
            if (now !== seen) {
              seen = now;
              listener();
            }
          }, SWITCH_WATCH_MS)
        : undefined;
      timer?.unref();
      return () => {
        if (timer) clearInterval(timer);
        for (const unsubscribe of unsubscribes) unsubscribe();
      };
    },
  };
}

/** The request as the console shows it; its agent-supplied texts go to the page as text. */
function pendingView(record: ApprovalRecord, onLedger?: LedgerScheduleCheck): PendingApproval {
  const preview = record.preview;
  return {
    id: record.id,
    tool: record.tool,
    policy: record.policy,
    summary: record.summary,
    why: record.why,
    stage: record.stage,
    params: plainRedacted(record.params),
    movements: record.movements ?? [],
    ...(record.wait === 'deferred' ? { deferred: true } : {}),
    ...(preview
      ? { preview: { transactionType: preview.type, ...(preview.payer ? { payer: preview.payer } : {}), ...(preview.transactionId ? { transactionId: preview.transactionId } : {}), ...(preview.memo ? { memo: preview.memo } : {}), ...(preview.maxFee ? { maxFee: preview.maxFee } : {}), bytesDigest: preview.digest } }
      : {}),
    requestedAt: new Date(record.createdAt).toISOString(),
    expiresAt: new Date(record.expiresAt).toISOString(),
    approvals: record.decisions.filter((decision) => decision.approve).length,
    required: record.quorum.required,
    ...(record.schedule ? { schedule: scheduleView(record, onLedger) } : {}),
  };
}

function scheduleView(record: ApprovalRecord, onLedger: LedgerScheduleCheck | undefined): ScheduledApprovalView {
  const schedule = record.schedule!;
  return {
    ...(onLedger ? { onLedger: { matches: onLedger.ok, lines: onLedger.view?.lines ?? [], ...(onLedger.ok ? {} : { problem: onLedger.reason }) } } : {}),
    ...(schedule.scheduleId ? { scheduleId: schedule.scheduleId } : {}),
    ...(schedule.scheduledTransactionId ? { scheduledTransactionId: schedule.scheduledTransactionId } : {}),
    needs: schedule.accounts.map((account) => `${account.threshold} of ${account.keys.length + account.others} keys of ${account.accountId}`).join(', '),
    signed: record.decisions.filter((decision) => decision.approve && decision.signature).length,
    signCommand: `agent-hooks approve ${record.id} --key <file>`,
  };
}

/**
 * The decision a detached signature carries when its signer also signed the request digest: the
 * signer's key (DER) and that signature; `undefined` without one; a sentence when it does not verify
 * or is not by the key that signs the schedule.
 */
function decisionOf(record: ApprovalRecord, given: DetachedSignatures): { der: string; signature: string } | undefined | string {
  if (given.digestSignature === undefined || given.digestSignature === null || given.digestSignature === '') return undefined;
  if (typeof given.digestSignature !== 'string' || typeof given.publicKey !== 'string') return "'digestSignature' must be hex text beside the publicKey";
  const checked = checkApprovalSignature(approvalRequestDigest(record), given.digestSignature, given.publicKey);
  if (!checked.ok) return `the digestSignature does not verify over request ${record.id}'s digest with that key (${checked.reason}); nothing was sent`;
  return { der: checked.der, signature: given.digestSignature.trim().replace(/^0x/, '').toLowerCase() };
}
