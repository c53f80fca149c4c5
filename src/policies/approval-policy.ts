import { z } from 'zod';
import { invalidArgument, messageOf, parseOptions } from '../errors/index.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import { redactKeyMaterial } from '../lifecycle/secret-text.js';
import type { PostCoreActionParams, PostParamsNormalizationParams, PostSecondaryActionParams } from '../lifecycle/stage-events.js';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { compileCondition, type CompiledCondition } from './approval-condition.js';
import { BUDGET_MARGIN_MS, DEFAULT_APPROVAL_TIMEOUT_MS, DEFAULT_DEFERRED_MS, approvalDataOptions, approvalPolicyOptions, type ApprovalPolicyOptions } from './approval-policy-options.js';
import { movedValueOf, type MovedValue } from './approval-moves.js';
import { oneLine, readAnswer, type ApprovalCallback, type ApprovalRequest, type Approver, type ApproverName } from './approvers/approver.js';
import { callbackApprover } from './approvers/callback-approver.js';
import { mcpElicitationApprover } from './approvers/mcp-elicitation-approver.js';
import { terminalApprover } from './approvers/terminal-approver.js';
import { denialReason, type ApprovalRecord, type Quorum, type TransactionPreview } from './approvals/approval-record.js';
import type { ApprovalStore, ApprovalStoreLoan } from './approvals/approval-store.js';
import { waitForDecision } from './approvals/in-call-wait.js';
import { MemoryApprovalStore } from './approvals/memory-approval-store.js';
import { newRequestRecord, previewOf } from './approvals/request-record.js';
import { matchesApproved, whyOtherKit } from './approvals/resumed-call.js';
import { summaryOf } from './approvals/approval-summary.js';
import { whyNotApproved } from './approvals/approval-verification.js';
import { callRecordOf } from '../lifecycle/call-record.js';
import { currentResume } from './approvals/resume-scope.js';
import { ApprovedRuns } from './approvals/approved-runs.js';
import { LedgerApprovalJudge } from './approvals/ledger-approval-judge.js';
import { checkLedgerOptions } from './approvals/ledger-approval-options.js';
import { ALLOWANCE_TOOLS } from './allowance-spend-policy.js';
import { AgentMode } from '../values/agent-mode.js';
import { cutShort, inCallWaitOf, type InCallWait } from './approvals/approval-deadline.js';

export { DEFAULT_APPROVAL_TIMEOUT_MS, DEFAULT_DEFERRED_MS, approvalPolicyOptions, type ApprovalPolicyOptions };

/** A deferred verdict's time budget: creating the record in the store. */
const DEFERRED_BUDGET_MS = 10_000;
/** How often a waiting process heartbeats its request; three missed beats make it abandoned. */
const HEARTBEAT_MS = 1_000;

/**
 * Holds a call until people approve it, when a condition holds: a call moving more than some HBAR,
 * any call of some tools, or a condition of your own. Each held call is an approval request, a
 * record in `store` (docs/approvals.md); the approver's answer, and any decision added to the
 * store by a console or another process, is a decision on it, and `quorum` can ask for M of N.
 *
 * It judges at `stage` (postParamsNormalization by default, so the approver sees validated params;
 * at postCoreAction the request previews the frozen transaction and is bound to its bytes), and what
 * executes is what was approved. In the call (`wait: 'in-call'`), no decision within `timeoutMs` is
 * a refusal, and so is an approver that fails; `blockedBy.reason` says who refused and why. With
 * `wait: 'deferred'` the call returns PENDING_APPROVAL at once, and `kit.resume(id)` executes it once approved.
 * An approval executes once, and only where it verifies: before an approved call proceeds (in the
 * call or on resume) its record's decisions are counted again against this policy's own quorum, and
 * a resume is bound to the payer, session and movements it was approved for. Only a call that went
 * out spends it: a resume blocked or failed before sending leaves the request approved.
 *
 * Amounts come from the event's `movements`; events without them fall back to the HBAR credited in
 * `hbarTransfers`, and a core tool that moves HBAR in a way neither shows is asked about rather than
 * allowed.
 *
 * @example
 * new ApprovalPolicy({ when: { hbarAbove: 100 }, approver: 'terminal', timeoutMs: 60_000 })
 * new ApprovalPolicy({ when: { tools: ['delete_account_tool'] }, approver: (request) => confirm(request.summary) })
 * new ApprovalPolicy({ when: { hbarAbove: 100 }, wait: 'deferred', stage: 'postCoreAction', quorum: { required: 2, of: ['alice', 'bob'] }, store })
 */
export class ApprovalPolicy extends AbstractPolicy {
  override name = 'Approval Policy';
  override description: string;
  override relevantTools: string[];
  /** The policy's time budget in the kit: the approver's time plus a margin. */
  override timeoutMs: number;
  /** How long the approver has to answer (deferred: how long the request stays open). */
  readonly approvalTimeoutMs: number;
  /**
   * Where this policy keeps its requests; `kit.resume` finds them here. Given no `store`, read it
   * once the policy's kit is created: a kit with a journal folder gives it the state file there,
   * unless the store was read before (whoever read it may have subscribed to it, so it stays).
   */
  get approvalStore(): ApprovalStore {
    this.storeFixed = true;
    return this.store;
  }
  readonly stage: 'postParamsNormalization' | 'postCoreAction';
  readonly wait: 'in-call' | 'deferred';
  readonly quorum: Quorum;
  /** `'schedule'`: the ledger approves (see the `via` option). */
  readonly via: 'store' | 'schedule';
  /** Whether `store` was given: its requests can then be decided and resumed from outside the call (a console, another process). */
  readonly storeGiven: boolean;
  private readonly approver: Approver | undefined;
  private ledger: LedgerApprovalJudge | undefined;
  private store: ApprovalStore;
  /** Whether a call was judged, the store read, or a kit already gave it a file: the store is then fixed (useDefaultStore). */
  private storeFixed = false;
  private readonly condition: CompiledCondition;
  private asking = 0;
  /** Approved calls this policy let through and not yet settled: what becomes of their requests. */
  private runs: ApprovedRuns;
  /** The loan of `store`, when a configuration or a kit with a state file lent it: given back as the kit closes this policy. */
  private loan: ApprovalStoreLoan | undefined;

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([approvalPolicyOptions]);

  /**
   * @param loan - given by a kit built from a configuration, which lends `store` (its approval store)
   *   to its ApprovalPolicies: closing the policy gives it back, and the last one back closes it.
   */
  constructor(options: ApprovalPolicyOptions, loan?: ApprovalStoreLoan) {
    super();
    this.loan = loan;
    const owner = 'ApprovalPolicy';
    // `when` as data is judged as the threshold it must be, so a wrong field inside it is named
    // ('when.hbarAbove') rather than the union of both forms refused as a whole.
    const asData = options !== null && typeof options === 'object' && typeof options.when !== 'function';
    parseOptions(owner, asData ? approvalDataOptions : approvalPolicyOptions, options);
    // The options as given, not as parsed: a condition, approver or callback keeps its identity.
    this.condition = compileCondition(options.when, owner);
    this.approver = options.approver === undefined ? undefined : approverFrom(options.approver);
    this.wait = options.wait ?? 'in-call';
    this.stage = options.stage ?? 'postParamsNormalization';
    this.quorum = Object.freeze({ required: options.quorum?.required ?? 1, of: Object.freeze([...(options.quorum?.of ?? [])]) });
    this.via = options.via ?? 'store';
    if (this.via === 'schedule') checkLedgerOptions(owner, options);
    if (this.via === 'store' && this.wait === 'in-call' && !this.approver && !options.store) {
      throw invalidArgument(`${owner}: approver is missing; a call that waits needs someone to ask ("terminal", "mcp", a function or an Approver), or a store others decide in (store), or wait: 'deferred'.`, [0, 'approver']);
    }
    if (this.approver && this.quorum.of.length && !this.quorum.of.includes(this.approver.name)) {
      throw invalidArgument(`${owner}: the approver "${this.approver.name}" is not in quorum.of (${this.quorum.of.join(', ')}), so its answer could never count; add it there.`, [0, 'quorum', 'of']);
    }
    this.store = options.store ?? new MemoryApprovalStore();
    this.storeGiven = options.store !== undefined;
    this.runs = new ApprovedRuns(this.store);
    this.approvalTimeoutMs = options.timeoutMs ?? (this.wait === 'deferred' || this.via === 'schedule' ? DEFAULT_DEFERRED_MS : DEFAULT_APPROVAL_TIMEOUT_MS);
    // Deferred or by the ledger: the verdict is a key lookup and a store write, not a person's answer.
    this.timeoutMs = this.wait === 'deferred' || this.via === 'schedule' ? DEFERRED_BUDGET_MS : this.approvalTimeoutMs + BUDGET_MARGIN_MS;
    this.relevantTools = [...this.condition.tools];
    const who = this.approver?.name ?? 'an approver';
    const many = this.quorum.required > 1 ? `${this.quorum.required} approvers` : who;
    this.description = this.via === 'schedule' ? `Has the ledger wait for ${this.quorum.required} of the approvers' signatures before ${this.condition.describe}` : `Asks ${many} before ${this.condition.describe}`;
    if (this.via === 'schedule') {
      this.ledger = this.ledgerJudge();
      // Read at each call, not kept: a kit with a state file may give the policy its store (useDefaultStore) before the first.
      const ledger = (): LedgerApprovalJudge => this.ledger!;
      // Three stages: judged on the params, bound to the ScheduleCreate, told its schedule ID (see LedgerApprovalJudge).
      Object.defineProperty(this, 'shouldBlockPostParamsNormalization', { value: (params: PostParamsNormalizationParams, method: string) => this.judgeByLedger(params, method), enumerable: false });
      Object.defineProperty(this, 'shouldBlockPostCoreAction', { value: async (params: PostCoreActionParams, method: string) => {
        const refusal = await ledger().bind(params, method);
        if (refusal) this.refuse(method, refusal, 'postCoreAction');
        return false;
      }, enumerable: false });
      Object.defineProperty(this, 'shouldBlockPostSecondaryAction', { value: async (params: PostSecondaryActionParams) => (await ledger().sent(params), false), enumerable: false });
      // A call blocked or failed after its request was created sent nothing: its request is expired.
      Object.defineProperty(this, 'settle', { value: (outcome: CallOutcome) => ledger().settle(outcome), enumerable: false });
      return;
    }
    // Registered at one stage only: the kit registers the judge methods an instance defines.
    const judgeAt = this.stage === 'postCoreAction' ? 'shouldBlockPostCoreAction' : 'shouldBlockPostParamsNormalization';
    Object.defineProperty(this, judgeAt, { value: (params: PostParamsNormalizationParams, method: string) => this.judge(params, method), enumerable: false });
  }

  /**
   * Keeps this policy's requests in the store `lender` lends (the kit's state file) instead of
   * memory, so a restarted program lists and resumes them. Only for a policy given no `store`,
   * before its first call or read of `approvalStore`, and once (a policy shared by two kits keeps
   * the first kit's store):
   * false, and nothing changes, otherwise. The loan is given back as the kit closes the policy.
   * @internal a kit with a journal folder or a configuration calls it (src/kit/default-state-file.ts).
   */
  useDefaultStore(lender: { lend(): { store: ApprovalStore; loan: ApprovalStoreLoan } }): boolean {
    if (this.storeGiven || this.storeFixed) return false;
    this.storeFixed = true;
    const memory = this.store;
    const { store, loan } = lender.lend();
    this.store = store;
    this.loan = loan;
    this.runs = new ApprovedRuns(store);
    if (this.ledger) this.ledger = this.ledgerJudge();
    void memory.close();
    return true;
  }

  /** Gives back the store a configuration or a kit lent (see the constructor, useDefaultStore); a store given in code stays yours. */
  async close(): Promise<void> {
    await this.loan?.giveBack();
  }

  /** Approvals asked for and not yet answered, refused or timed out (a telemetry gauge: src/telemetry/). */

  get pendingApprovals(): number {
    return this.asking;
  }

  private ledgerJudge(): LedgerApprovalJudge {
    return new LedgerApprovalJudge({ policy: this.name, quorum: this.quorum, store: this.store, timeoutMs: this.approvalTimeoutMs });
  }

  private async judge(params: PostParamsNormalizationParams | PostCoreActionParams, method: string): Promise<boolean> {
    this.storeFixed = true;
    const preview = this.stage === 'postCoreAction' ? previewOf(params) : undefined;
    const found = currentResume();
    // Only this policy's own request lets a resumed call through it: another ApprovalPolicy's approval
    // (other approvers, another quorum, another stage) is not this one's, even with the same store.
    const resumed = found && found.store === this.store && this.madeBy(found.record, method) ? found : undefined;
    const moved = movedValueOf(params);
    if (resumed) {
      // The record's state is a claim: its decisions are checked here, where the call would run.
      const forged = this.whyNotApproved(resumed.record);
      if (forged) this.refuse(method, forged);
      if (matchesApproved(resumed.record, params, preview)) {
        const otherKit = whyOtherKit(resumed.record, params, moved);
        if (otherKit) this.refuse(method, `${otherKit}; nothing was sent, and the request stays approved`);
        resumed.matched = true;
        this.runs.resumed(params.callId, resumed);
        noteApprovedCall(params, resumed.record.id);
        return false;
      }
    }
    const why = await this.whyAsk(params, method, moved);
    if (why === undefined) return false;
    const summary = summaryOf(method, moved, params.rawParams);
    const now = Date.now();
    const wait = this.wait === 'in-call' ? this.inCallWait(params, method, now, why) : { ms: this.approvalTimeoutMs };
    const record = await this.store.create(
      newRequestRecord(params, { policy: this.name, method, stage: this.stage, summary, why, moved, wait: this.wait, quorum: this.quorum, now, expiresInMs: wait.ms, heartbeatMs: HEARTBEAT_MS }, preview),
    );
    if (resumed) resumed.supersededBy = record.id;
    if (this.wait === 'deferred') {
      const rebuilt = resumed ? `${rebuiltBecause(resumed)}, so it was rebuilt and must be approved again; ` : '';
      throw new PolicyBlockedError(method, { policy: this.name, stage: this.stage, reason: redactKeyMaterial(`${rebuilt}asked because ${why}`), pendingApprovalId: record.id }, this.description);
    }
    const request = this.requestFor(params, method, moved, summary, why, record.id, preview, wait.ms);
    const refusal = await this.ask(request, record, wait);
    if (refusal) this.refuse(method, refusal);
    const taken = await this.runs.claimInCall(record.id, params.callId);
    if (taken) this.refuse(method, taken);
    noteApprovedCall(params, record.id);
    return false;
  }

  /** How long an in-call request waits (inCallWaitOf); a call too close to its deadline to ask anyone is refused. */
  private inCallWait(params: PostParamsNormalizationParams, method: string, now: number, why: string): InCallWait {
    const wait = inCallWaitOf(params.normalisedParams, this.approvalTimeoutMs, now);
    if ('tooLate' in wait) this.refuse(method, `${wait.tooLate}; nothing was asked (asked because ${why})`);
    return wait;
  }

  /** How an approved call this policy let through ended: its request is spent only if the call went out (ApprovedRuns). */
  override settle(outcome: CallOutcome): Promise<void> {
    return this.runs.settle(outcome);
  }

  /** `via: 'schedule'`: a call that needs approval goes out as a schedule the approvers sign, when the keys fit. */
  private async judgeByLedger(params: PostParamsNormalizationParams, method: string): Promise<boolean> {
    this.storeFixed = true;
    const moved = movedValueOf(params);
    const why = await this.whyAsk(params, method, moved);
    if (why === undefined) return false;
    const refusal = ledgerMisfit(params, method) ?? (await this.ledger!.ask(params, { summary: summaryOf(method, moved, params.rawParams), why, moved }));
    if (refusal) this.refuse(method, `${refusal}; nothing was sent (asked because ${why})`);
    return false;
  }

  /** Why the call needs approval (one line), or `undefined` when it needs none; a condition that fails refuses the call. */
  private async whyAsk(params: PostParamsNormalizationParams, method: string, moved: MovedValue): Promise<string | undefined> {
    let why: string | undefined;
    try {
      why = await this.condition.check(params, moved);
    } catch (error) {
      this.refuse(method, `the approval condition failed (${messageOf(error)}), so the call is refused`);
    }
    return why === undefined ? undefined : oneLine(why);
  }

  /**
   * Asks the approver and waits for the record's quorum; resolves to the refusal reason, or
   * `undefined` once approved and the approval verifies here (whyNotApproved).
   */
  private async ask(request: ApprovalRequest, record: ApprovalRecord, wait: InCallWait): Promise<string | undefined> {
    this.asking++;
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), wait.ms);
    const store = this.store;
    let ownRefusal: string | undefined;
    const approver = this.approver;
    if (approver) {
      // Called inside a promise chain, so an approver that throws synchronously is a rejection too.
      void Promise.resolve()
        .then(() => approver.approve(request, stop.signal))
        .then(
          (answer) => readAnswer(answer),
          (error: unknown) => ({ approved: false, reason: undefined, failed: messageOf(error) }),
        )
        .then(async (answer: { approved: boolean; reason?: string; failed?: string }) => {
          if (stop.signal.aborted) return;
          if (!answer.approved) {
            ownRefusal = answer.failed
              ? `asking ${approver.name} failed (${answer.failed}), so the call is refused (${request.why})`
              : `${answer.reason ?? `${approver.name} refused`} (asked because ${request.why})`;
          }
          await store.decide(record.id, { approver: approver.name, approve: answer.approved, ...(answer.reason ?? answer.failed ? { reason: answer.reason ?? answer.failed } : {}) });
        })
        .catch(() => undefined); // the store's failure shows in the wait below
    }
    try {
      const decided = await waitForDecision(store, record.id, HEARTBEAT_MS, stop.signal);
      if (decided?.state === 'approved') return this.whyNotApproved(decided);
      if (decided?.state === 'denied') {
        const denial = decided.decisions.find((decision) => !decision.approve);
        if (ownRefusal && denial?.approver === approver?.name) return ownRefusal;
        return `${denialReason(decided)} (asked because ${request.why})`;
      }
      if (decided) return `request ${record.id} is ${decided.state}${decided.note ? ` (${decided.note})` : ''}; the call is refused`;
      const cut = cutShort(wait);
      await store.expire(record.id, `nobody answered within ${wait.ms} ms${cut}; the call was refused`).catch(() => undefined);
      return `nobody answered within ${wait.ms} ms${cut} (${approver?.name ?? 'the approvers'} ${approver ? 'was' : 'were'} asked because ${request.why}); no answer is a refusal`;
    } catch (error) {
      return `the approval store (${store.description}) failed (${messageOf(error)}), so the call is refused (${request.why})`;
    } finally {
      this.asking--;
      clearTimeout(timer);
      // Withdraws a question still open (the terminal prompt, the MCP request); no-op once answered.
      stop.abort();
    }
  }

  private requestFor(params: PostParamsNormalizationParams, method: string, moved: MovedValue, summary: string, why: string, id: string, preview: TransactionPreview | undefined, waitMs: number): ApprovalRequest {
    return Object.freeze({
      policy: this.name,
      tool: method,
      summary,
      why,
      movements: moved.movements,
      hbarTinybars: moved.hbarTinybars,
      params: params.rawParams,
      normalisedParams: params.normalisedParams,
      timeoutMs: waitMs,
      id,
      ...(preview ? { preview } : {}),
    });
  }

  /**
   * Why `record`'s approval does not let its call run here, or `undefined` when it does: its
   * decisions verified and counted against this policy's own quorum (approval-verification.ts).
   * @internal kit.resume asks it before claiming a request.
   */
  whyNotApproved(record: ApprovalRecord): string | undefined {
    return whyNotApproved(record, this.quorum);
  }

  /**
   * Whether `record` is a request this policy made and judges on resume: its name, stage and quorum,
   * for a tool it watches. @internal kit.resume runs only requests a policy of its kit made.
   */
  madeRequest(record: ApprovalRecord): boolean {
    const watched = this.relevantTools.includes('*') || this.relevantTools.includes(record.tool);
    return watched && this.via === 'store' && this.madeBy(record, record.tool);
  }

  /** Whether `record` is a request this policy made: its name, stage and quorum, for this tool. */
  private madeBy(record: ApprovalRecord, method: string): boolean {
    const { quorum } = record;
    return (
      record.policy === this.name &&
      record.tool === method &&
      record.stage === this.stage &&
      quorum.required === this.quorum.required &&
      quorum.of.length === this.quorum.of.length &&
      quorum.of.every((approver) => this.quorum.of.includes(approver))
    );
  }

  private refuse(method: string, reason: string, stage: 'postParamsNormalization' | 'postCoreAction' = this.via === 'schedule' ? 'postParamsNormalization' : this.stage): never {
    throw new PolicyBlockedError(method, { policy: this.name, stage, reason: redactKeyMaterial(reason) }, this.description);
  }
}

/** Why a resumed call did not match its approval: its valid window passed (it could not be pinned), or it was built differently. */
export function rebuiltBecause(resumed: { readonly windowPassed?: boolean }): string {
  return resumed.windowPassed
    ? 'the approved transaction could not be sent as approved (its valid window passed)'
    : 'the call built on resume is not the one approved (its input or transaction bytes differ)';
}

/**
 * Why a call cannot be approved by the ledger whatever the accounts' keys, or nothing:
 * - an allowance spend is signed by the spender (the agent), not the owner, so the owner's
 *   threshold key would not hold it: the schedule would run at once;
 * - a call the kit does not submit itself (RETURN_BYTES, a custom strategy) has no schedule this
 *   process learns of, so its request could never be followed;
 * - a call that sets its own scheduling would set the schedule's expiry, payer or admin key itself.
 */
function ledgerMisfit(params: PostParamsNormalizationParams, method: string): string | undefined {
  const normalised = (params.normalisedParams ?? {}) as Record<string, unknown>;
  if (ALLOWANCE_TOOLS.includes(method) || normalised.hbarApprovedTransfer !== undefined || normalised.approvedTransfer !== undefined) {
    return `${method} spends an allowance, which the agent (the spender) signs, so the owner's threshold key cannot make the ledger wait for the approvers`;
  }
  const mode = params.context?.mode;
  if (mode !== undefined && mode !== AgentMode.AUTONOMOUS) return `the kit runs in ${mode} mode, where it does not submit the schedule itself, so the approval could not be followed to its outcome`;
  const scheduling = normalised.schedulingParams as { isScheduled?: unknown } | undefined;
  if (scheduling?.isScheduled === true) return 'the call asks to be scheduled with its own scheduling params; a ledger approval sets the schedule itself (its expiry, payer and no admin key), so it does not take them';
  return undefined;
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(ApprovalPolicy.prototype);

/** The Approver for an `approver` option the schema accepted. */
function approverFrom(approver: Approver | ApprovalCallback | ApproverName): Approver {
  if (approver === 'terminal') return terminalApprover();
  if (approver === 'mcp') return mcpElicitationApprover();
  if (typeof approver === 'function') return callbackApprover(approver);
  return approver;
}

/**
 * The approval request that let a call run, on the call's record, for the audit hooks to put on its
 * entry (`approvalRequestId`), so `audit verify` can prove from the topic that the quorum came first.
 * A call the Hedera Agent Kit runs has no record (and its params no call ID for an entry to name).
 */
function noteApprovedCall(event: object, requestId: string): void {
  callRecordOf(event)?.noteApprovedBy(requestId);
}
