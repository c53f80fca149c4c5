import type { Client, Transaction } from '@hiero-ledger/sdk';
import { isSdkTransaction } from '../values/sdk-values.js';
import { AgentHooksError, ErrorCode } from '../errors/index.js';
import { strategyForMode } from './late-bindings.js';
import { NormalisedParamsLock, assertTransactionBytesUnchanged, freezePlainData, lockNormalisedParams, lockRawParams, sealTransactionBytes } from './approval/index.js';
import { CoreActionEvent, ExecutedEvent, NormalisedEvent } from './call-events.js';
import { nextCallId } from './call-ids.js';
import { CallMovements, type MovementsReader } from './call-movements.js';
import { CALL_RECORD, newCallRecord, takeLedgerApprovalAsk, withLedgerApproval, type CallRecord, type CallState } from './call-record.js';
import { principalOf, type CallFacts, type Principal } from './call-options.js';
import type { CallTrace } from './call-observer.js';
import type { CallPlan } from './call-plan.js';
import type { Context } from './context.js';
import type { DrivableTool } from './drivable-tool.js';
import type { Logger } from './logger.js';
import { parseParams } from './parse-params.js';
import { copyRawParams } from './raw-params.js';
import { redactKeyMaterial } from './secret-text.js';
import type { StageBus } from './stage-bus.js';
import type { StageListener } from './stage-listener.js';
import { STAGE_RULES, runStage, type ListeningCall, type StageCursor } from './stage-loop.js';
import type { HookStage, LifecycleStep } from './stages.js';
import { checkedCoreResult, secondaryResult, unsentResult } from './step-results.js';
import { isResultEnvelope, passedThrough } from './result-shape.js';
import { asksToSchedule, scheduledIfAsked } from './scheduled-transaction.js';
import { isThenable } from './thenable.js';
import type { ToolType } from './tool-intent.js';
import type { BlockedBy, ToolResult } from './tool-result.js';
import type { WouldBlock } from './would-blocks.js';


/** The log message of a report-mode would-block (its fields: callId, tool, policy, stage, reason?); readers such as policy replay match on it. */
export const REPORTED_BLOCK_MESSAGE = 'policy in report mode would have blocked this call; it goes on';
/** What every call of one runner shares: its bus and the options the kit gave it. */
export interface CallSettings {
  readonly bus: StageBus;
  readonly policyTimeoutMs: number;
  readonly logger: Logger;
  readonly screenInput?: (method: string, rawParams: unknown, client: Client) => void;
  readonly movementsOf?: MovementsReader;
  /** Told of each would-block of a policy in report mode (the kit counts them, and telemetry). */
  readonly reported?: (tool: string, wouldBlock: WouldBlock) => void;
  /** The last check before the tool may send (the kit's kill switch); see SendCheck. */
  readonly beforeSend?: SendCheck;
}

/**
 * Asked right before a call's tool may send: before coreAction (a tool may send there) and before a
 * secondaryAction that submits. `after` is the last hook stage the call passed. Answers the error
 * that refuses the call (a PolicyBlockedError, so the result says who refused and nothing was sent),
 * or undefined to let it go on. Synchronous and cheap: it runs twice in every call.
 */
export type SendCheck = (method: string, after: HookStage) => Error | undefined;

type PreEvent = Record<string, unknown> & { method: string; rawParams: unknown };

/**
 * One call on its way through the steps, each a method the runner calls in order; each answers
 * synchronously where it can, so the runner awaits only promises. It carries what the call has
 * reached (for the toolError event), the locks on what was approved, and the policies that judged it.
 * Hooks at the first two stages may enrich the params before that stage's policies judge them; once
 * judged, later steps read the approved copy and later stages get new events, frozen when the plan
 * guards them, so no later listener can change what executes.
 */
export class ToolCall implements ListeningCall {
  readonly method: string;
  readonly toolType: ToolType;
  /** Set once: here, or on the first log line of a call nobody watches (see logId). */
  callId: string;
  /** The observer's trace of this call; only a TracedToolCall (traced-call.ts) has one. */
  declare trace: CallTrace | undefined;
  readonly judges: StageListener[] = [];
  readonly policyTimeoutMs: number;
  readonly bus: StageBus;
  objection: BlockedBy | undefined = undefined;
  /**
   * What the call's listeners note for each other and the kit (would-blocks, the approval that let
   * it run, an approval by the ledger), on its events; a call nobody watches needs none.
   */
  readonly record: CallRecord | undefined;
  /** The same notes as the runner reads and writes them (listeners hold only `record`). */
  readonly state: CallState | undefined;
  cursor: StageCursor | undefined = undefined;
  step: LifecycleStep = 'preToolExecution';
  /** Where warnings go: the result once there is one. */
  result: ToolResult | undefined = undefined;
  reachedRaw: unknown = undefined;
  reachedNormalised: unknown = undefined;
  reachedCore: unknown = undefined;
  /** The lock on the normalised params the postParamsNormalization policies approved. */
  approved: NormalisedParamsLock | undefined = undefined;
  executed: ExecutedEvent | undefined = undefined;
  private rawParams: unknown = undefined;
  private preEvent: PreEvent | undefined = undefined;
  private normalisedEvent: NormalisedEvent | undefined = undefined;
  private coreActionResult: unknown = undefined;
  private submits = false;
  private sealed = false;
  private readonly movements: CallMovements | undefined;

  constructor(
    readonly tool: DrivableTool,
    readonly context: Context,
    readonly client: Client,
    readonly plan: CallPlan,
    private readonly settings: CallSettings,
    callId?: string,
    facts?: CallFacts,
  ) {
    this.method = tool.method;
    // Every event says what kind of tool runs, as the Hedera Agent Kit's params do (policies key on it).
    this.toolType = tool.toolType ?? 'other';
    // One ID on every event of this call; nobody sees the events of an unwatched call, so it needs none.
    this.callId = callId ?? (plan.watched ? nextCallId() : '');
    ({ record: this.record, state: this.state } = plan.watched ? newCallRecord(facts) : { record: undefined, state: undefined });
    this.policyTimeoutMs = settings.policyTimeoutMs;
    this.bus = settings.bus;
    const movementsOf = settings.movementsOf;
    // event.movements: computed on first read, once per call (see CallMovements).
    this.movements = movementsOf && plan.movements ? new CallMovements(movementsOf, tool, context, client, !plan.freezeEvents) : undefined;
  }

  preToolExecution(input: unknown): PromiseLike<unknown> | undefined {
    const rawParams = copyRawParams(this.method, input);
    // A call blocked at this stage is audited with what the agent sent, not with no params at all.
    this.reachedRaw = rawParams;
    const plan = this.plan;
    if (!plan.preEvent) {
      // Nobody sees this stage, so it builds no event; later listeners see these params, frozen.
      if (plan.lockRawParams) freezePlainData(rawParams);
      return undefined;
    }
    const pre: PreEvent = { method: this.method, callId: this.callId, toolType: this.toolType, context: this.context, rawParams, client: this.client };
    const pending = runStage(STAGE_RULES.preToolExecution, plan.listeners.preToolExecution, pre, this, plan.rawLockAt, lockRaw);
    this.preEvent = pre;
    return pending;
  }

  normalizeParams(): unknown {
    // The stage's event holds what its hooks left (they may enrich the params); without one, the copy.
    this.rawParams = this.reachedRaw = this.preEvent ? this.preEvent.rawParams : this.reachedRaw;
    this.step = 'normalizeParams';
    this.settings.screenInput?.(this.method, this.rawParams, this.client);
    const parsed = parseParams(this.method, this.tool.parameters, this.rawParams);
    return this.tool.normalizeParams(parsed, this.context, this.client);
  }

  postParamsNormalization(normalised: unknown): PromiseLike<unknown> | undefined {
    this.reachedNormalised = normalised;
    this.step = 'postParamsNormalization';
    const plan = this.plan;
    if (plan.normalisedEvent) {
      const norm = (this.normalisedEvent = new NormalisedEvent(this.movements, this.record, this.method, this.callId, this.toolType, this.context, this.rawParams, this.client, normalised));
      return runStage(STAGE_RULES.postParamsNormalization, plan.listeners.postParamsNormalization, norm, this, plan.normalisedLockAt, lockNormalised);
    }
    if (plan.lockNormalisedParams) this.approved = NormalisedParamsLock.of(normalised);
    return undefined;
  }

  coreAction(): unknown {
    if (this.normalisedEvent) this.reachedNormalised = this.normalisedEvent.normalisedParams;
    // Before the step begins: a call refused here failed at the stage it passed, having sent nothing.
    this.checkBeforeSend('postParamsNormalization');
    this.step = 'coreAction';
    this.approved?.assertUnchanged(this.method, 'postParamsNormalization');
    return this.tool.coreAction(this.reachedNormalised, this.context, this.client);
  }

  /** Whether the built result goes out (the tool's answer, possibly a promise). */
  shouldSecondaryAction(built: unknown): unknown {
    // A tool that takes schedulingParams opted into this step: when asked, its transaction goes out
    // inside a ScheduleCreate. The policies so far judged the inner transaction's params; postCoreAction sees the wrapper.
    // A policy may have asked for the same (an approval by the ledger, ledger-approval.ts); asks after this throw.
    const ledgerAsk = this.state && takeLedgerApprovalAsk(this.state);
    if (this.plan.schedules) this.coreActionResult = scheduledIfAsked(built, this.reachedNormalised, ledgerAsk?.scheduling);
    else if (asksToSchedule(this.reachedNormalised)) throw notSchedulable(this.method);
    else if (ledgerAsk) throw notSchedulableForLedgerApproval(this.method);
    else this.coreActionResult = built;
    return this.tool.shouldSecondaryAction(this.coreActionResult, this.context);
  }

  /** Fixes payer, transaction ID and body before the policies look, so they judge the exact bytes. */
  prepare(answer: unknown): unknown {
    // An async answer is the answer it resolves to, not a promise that counts as "yes".
    this.submits = Boolean(answer);
    const built = this.coreActionResult;
    if (!checkedCoreResult(this.tool, built) || !this.submits) return undefined;
    const prepared = strategyForMode(this.context).prepare(built, this.client, this.context);
    return isThenable(prepared) ? prepared.then((transaction) => void (this.coreActionResult = transaction)) : void (this.coreActionResult = prepared);
  }

  postCoreAction(): PromiseLike<unknown> | undefined {
    this.step = 'postCoreAction';
    const plan = this.plan;
    let built = this.coreActionResult;
    // Sealed before any listener sees it: the bytes that go out are the bytes approved here.
    if (plan.freezeCoreResult) {
      built = this.coreActionResult = freezePlainData(built);
      this.sealed = this.submits && isSdkTransaction(built);
      if (this.sealed) sealTransactionBytes(built as Transaction);
    }
    this.reachedCore = built;
    if (!plan.coreEvent) return undefined;
    const core = new CoreActionEvent(this.movements, this.record, this.method, this.callId, this.toolType, this.context, this.rawParams, this.client, this.reachedNormalised, built);
    if (plan.freezeEvents) Object.freeze(core);
    return runStage(STAGE_RULES.postCoreAction, plan.listeners.postCoreAction, core, this);
  }

  /** The tool's secondaryAction's answer (a promise), or the result when nothing goes out. */
  secondaryAction(): unknown {
    // Last, after every wait the stages before may have made, and before the step that sends begins
    // (so the outcome is "not sent", not "may have been sent"): nothing goes out once refused here.
    if (this.submits) this.checkBeforeSend('postCoreAction');
    this.step = 'secondaryAction';
    const built = this.coreActionResult;
    // Checked again: the result and the audit trail describe the call from these params.
    this.approved?.assertUnchanged(this.method, 'postParamsNormalization');
    if (this.sealed) assertTransactionBytesUnchanged(built as Transaction, this.method);
    if (this.submits) return this.tool.secondaryAction(built, this.client, this.context, this.reachedNormalised);
    return isSdkTransaction(built) ? unsentResult(this.tool, built) : this.tool.formatResult(built, this.reachedNormalised);
  }

  /** The call's result from what its last step returned; postToolExecution's event, when somebody sees it. */
  postToolExecution(returned: unknown): PromiseLike<unknown> | undefined {
    // Whichever step answered, a result the tool finished without throwing and left without a status
    // is a SUCCESS, as the Hedera Agent Kit's execute sets it (also for a synchronous formatResult).
    const made = this.submits ? secondaryResult(this.tool, this.coreActionResult, returned) : isResultEnvelope(returned) ? passedThrough(this.tool.name, returned) : (returned as ToolResult);
    // A call sent for an approval by the ledger says so before any listener reads its result.
    const toolResult = (this.result = this.state ? withLedgerApproval(this.state, made) : made);
    this.step = 'postToolExecution';
    const plan = this.plan;
    if (!plan.executedEvent) return undefined;
    const post = new ExecutedEvent(this.movements, this.record, this.method, this.callId, this.toolType, this.context, this.rawParams, this.client, this.reachedNormalised, plan.inner ? this.coreActionResult : undefined, toolResult);
    if (plan.freezeEvents) Object.freeze(post);
    this.executed = post;
    return runStage(STAGE_RULES.postToolExecution, plan.listeners.postToolExecution, post, this);
  }

  /** Throws what the kit's last check before sending answers (see SendCheck). */
  private checkBeforeSend(after: HookStage): void {
    const refusal = this.settings.beforeSend?.(this.method, after);
    if (refusal) throw refusal;
  }

  /** What the call reached, for the toolError event. */
  reached(): Record<string, unknown> {
    return { method: this.method, callId: this.callId, toolType: this.toolType, context: this.context, client: this.client, rawParams: this.reachedRaw, normalisedParams: this.reachedNormalised, coreActionResult: this.reachedCore, [CALL_RECORD]: this.record };
  }

  warn(text: string, result: ToolResult = this.result!): void {
    const warning = redactKeyMaterial(text);
    (result.raw.warnings ??= []).push(warning);
    this.settings.logger.warn({ callId: this.logId(), ...this.logPrincipal(), tool: this.method, warning }, 'tool call warning');
  }

  /**
   * A policy in report mode would have blocked this call: a warning in the kit's log (not on the
   * result: the call ran, and what the LLM reads is what it would read without the policy), an entry
   * in the call's record for the audit hooks (`wouldBlock` on its entry), and a count.
   */
  wouldHaveBlocked(blockedBy: BlockedBy): void {
    const { policy, stage, reason } = blockedBy;
    const wouldBlock: WouldBlock = reason ? { policy, stage, reason } : { policy, stage };
    const callId = this.logId();
    // Only a watched call has policies, so it has a record.
    if (this.state) (this.state.wouldBlocks ??= []).push(wouldBlock);
    this.settings.logger.warn({ callId, ...this.logPrincipal(), tool: this.method, policy, stage, ...(reason ? { reason: redactKeyMaterial(reason) } : {}) }, REPORTED_BLOCK_MESSAGE);
    this.settings.reported?.(this.method, wouldBlock);
  }

  /** For whom the call ran, beside its ID on each of its log lines (`principal: { userId, sessionId, tenantId }`), or nothing. */
  logPrincipal(): { principal?: Principal } {
    const principal = principalOf(this.context);
    return principal ? { principal } : {};
  }

  /** The call ID for a log line: an unwatched call gets one only when something is logged about it. */
  logId(): string {
    return this.callId || (this.callId = nextCallId());
  }
}

function lockRaw(event: PreEvent, call: ToolCall): void {
  lockRawParams(event);
  call.reachedRaw = event.rawParams; // what the policies judge, hooks' enrichments included
}

function lockNormalised(event: NormalisedEvent, call: ToolCall): void {
  call.approved = lockNormalisedParams(event);
}

/**
 * A call that asks to be scheduled, of a tool that never opted into scheduling: sending its
 * transaction at once would do what the caller did not ask, so it fails before anything is sent.
 */
function notSchedulable(method: string): AgentHooksError {
  return new AgentHooksError(
    ErrorCode.CONFIG,
    `${method} was asked to schedule its transaction (schedulingParams.isScheduled), but the tool does not declare \`schedulable = true\`, so this kit would send it at once; nothing was submitted. Its author adds \`override readonly schedulable = true;\` to the tool.`,
  );
}

/**
 * A call a policy sent for approval by the ledger (a scheduled transaction the approvers sign), of a
 * tool that cannot schedule its transaction: sending it at once would skip the approval, so nothing is sent.
 */
function notSchedulableForLedgerApproval(method: string): AgentHooksError {
  return new AgentHooksError(
    ErrorCode.CONFIG,
    `${method} needs an approval by the ledger (ApprovalPolicy via: 'schedule'), which sends the call as a scheduled transaction, but the tool does not declare \`schedulable = true\`; nothing was submitted. Use a tool that takes schedulingParams, or an ApprovalPolicy without via: 'schedule' for this tool.`,
  );
}
