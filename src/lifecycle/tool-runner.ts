import type { Client, Transaction } from '@hiero-ledger/sdk';
import { isSdkTransaction, looksLikeTransaction, statusNameOf as sdkStatusNameOf } from '../compat/sdk-values.js';
import { leavesOutcomeOpen } from '../modes/open-outcome.js';
import { strategyForMode } from '../modes/strategy-for-mode.js';
import { scheduledIfAsked } from '../modes/scheduled-transaction.js';
import { ApprovalLock } from './approval-lock.js';
import { assertSealed, sealTransaction } from './approval-seal.js';
import { outcomeOf, type CallOutcome } from './call-outcome.js';
import { noteJudge, settleJudges } from './call-settlement.js';
import { CoreActionEvent, ExecutedEvent, NormalisedEvent } from './call-events.js';
import { nextCallId } from './call-ids.js';
import { CallMovements, type MovementsReader } from './call-movements.js';
import { deepFreezePlain } from './approved-values.js';
import { isDefaultHandleError } from './default-error-result.js';
import type { DrivableTool } from './drivable-tool.js';
import type { Context } from './context.js';
import { AgentHooksError, ErrorCode, describeValue, PolicyBlockedError, asError, isAgentHooksError, isInvalidParamsError, isPolicyBlockedError, messageOf, provesNothingSent } from './errors.js';
import { blockedAfterExecutionMessage, blockedMessage, failedMessage, invalidParamsMessage, sentTransactionFailedMessage, unreportedTransactionMessage, unsentFailureMessage, unsentTransactionMessage } from './human-messages.js';
import type { ListenerIndex } from './listener-index.js';
import type { Logger } from './logger.js';
import { parseParams } from './parse-params.js';
import { asToolResult, isResultEnvelope } from './result-shape.js';
import { sentTransactionOf } from './sent-transaction.js';
import type { ToolType } from './tool-intent.js';
import { isThenable, judge } from './policy-judge.js';
import { copyRawParams } from './raw-params.js';
import { redactKeyMaterial } from './secret-text.js';
import type { StageBus } from './stage-bus.js';
import type { StageListener } from './stage-listener.js';
import type { HookStage, LifecycleStep } from './stages.js';
import type { BlockedBy, RawToolResult, ToolResult } from './tool-result.js';

export interface ToolRunnerOptions {
  /** Default time budget of an asynchronous policy verdict, in ms. */
  policyTimeoutMs: number;
  logger: Logger;
  /**
   * Refuses input before the schema sees it by throwing an InvalidParamsError: the kit refuses its
   * own private keys here (src/secrets/input-screen.ts). Kept apart so the runner knows no keys.
   */
  screenInput?: (method: string, rawParams: unknown, client: Client) => void;
  /**
   * What a call moves, for `event.movements` from postParamsNormalization on (the tool's view, else
   * the built-in one: src/policies/movements.ts). Kept apart so the runner knows no tool shapes.
   */
  movementsOf?: MovementsReader;
  /**
   * What every result goes through on its way out (the kit redacts key material here). Applied
   * inside the call rather than by a `.then` around it, which cost a promise and a turn per call.
   */
  finishResult?: (result: ToolResult) => ToolResult;
  /** Told when a call starts and when it has returned or thrown (the kit drains these on close). */
  calls?: { start(): void; end(): void };
}

const asIs = (result: ToolResult): ToolResult => result;

type MutableEvent = Record<string, unknown> & { method: string; toolType?: ToolType; callId?: string };

/**
 * Drives one tool call through the seven steps, publishing the four hook stages and `toolError`.
 * The invariants live here: vetoes stop the call before the step they guard, approved values are
 * locked, and nothing after submission turns an executed transaction into an error.
 */
export class ToolRunner {
  constructor(
    private readonly index: ListenerIndex,
    private readonly bus: StageBus,
    private readonly options: ToolRunnerOptions,
  ) {}

  async run(tool: DrivableTool, input: unknown, context: Context, client: Client): Promise<ToolResult> {
    const finish = this.options.finishResult ?? asIs;
    const calls = this.options.calls;
    calls?.start();
    // An async function's finally runs when its body completes, awaits included: the call counts
    // as in flight until its result has been finished or it has thrown.
    try {
      const method = tool.method;
      // Every event says what kind of tool runs, as the Hedera Agent Kit's params do (policies key on it).
      const toolType: ToolType = tool.toolType ?? 'other';
      const judges: StageListener[] = [];
      const plan = this.index.plan(method);
      const observed = this.bus.observed;
      // Freezing and publishing protect and inform listeners; a call nobody listens to skips them.
      const watched = plan.watched || observed;
      // One ID on every event of this call; settle tells the policies that judged it how it ended.
      // Nobody sees the events of an unwatched call, so it needs none.
      const callId = watched ? nextCallId() : '';
      // A plain Tool object offers only execute(): it has no postParamsNormalization or postCoreAction.
      const inner = tool.offersInnerStages !== false;
      // Who sees what, so that what nobody sees gets no event, no lock and no freeze: a stage's
      // listeners see its event, later stages' listeners, toolError's and observers see its values.
      const failureSeen = plan.toolError !== null;
      const normEvent = inner && (plan.postParamsNormalization !== null || observed);
      const coreEvent = inner && (plan.postCoreAction !== null || observed);
      const postEvent = plan.postToolExecution !== null || observed;
      // Freezing and locking keep listeners from changing what others judge or what executes. When
      // every listener is one of the kit's own policies that never write, and nobody observes, there
      // is nobody to guard against (see src/policies/read-only-policies.ts).
      const guarded = !plan.onlyReaders || observed;
      const coreSeen = inner && (coreEvent || postEvent || failureSeen);
      const normalisedSeen = normEvent || coreSeen || postEvent || failureSeen;
      // What the call has reached; the toolError event is built from it (only when one is needed).
      let reachedRaw: unknown, reachedNormalised: unknown, reachedCore: unknown;
      // event.movements: computed on first read, once per call (see CallMovements).
      const movementsOf = this.options.movementsOf;
      const movements = movementsOf && (normEvent || coreEvent || postEvent) ? new CallMovements(movementsOf, tool, context, client, !guarded) : undefined;
      let step: LifecycleStep = 'preToolExecution';
      try {
        // Each stage somebody sees gets a fresh event. Hooks at the first two stages may enrich the
        // params before that stage's policies judge them; once judged, the runner reads its own
        // approved copy and later stages get new events, frozen when guarded, so no later listener
        // can change what executes.
        const pre: MutableEvent = { method, callId, toolType, context, rawParams: copyRawParams(method, input), client };
        // A call blocked at this stage is audited with what the agent sent, not with no params at all.
        reachedRaw = pre.rawParams;
        const preListeners = plan.preToolExecution;
        let locked = false;
        if (preListeners) for (let at = 0; at < preListeners.length; at++) {
          const listener = preListeners[at]!;
          // Hooks come first and may enrich; from the first policy on the event is locked, so no
          // policy can change what the others judge (raw params are plain data: freezing suffices).
          if (guarded && !locked && listener.kind === 'policy') {
            lockEvent(pre, 'rawParams');
            locked = true;
            reachedRaw = pre.rawParams; // what the policies judge, hooks' enrichments included
          }
          const pending = this.react(listener, pre, 'preToolExecution', judges);
          if (pending) await pending;
        }
        if (guarded && watched && !locked) lockEvent(pre, 'rawParams');
        const rawParams = (reachedRaw = pre.rawParams);
        this.publish('preToolExecution', pre);

        step = 'normalizeParams';
        this.options.screenInput?.(method, rawParams, client);
        const parsed = parseParams(method, tool.parameters, rawParams);
        // Steps may answer synchronously; awaiting only promises saves a microtask per step.
        let normalised: unknown = tool.normalizeParams(parsed, context, client);
        if (isThenable(normalised)) normalised = await normalised;
        reachedNormalised = normalised;
        step = 'postParamsNormalization';
        // The normalised params as the policies get them, locked (see ApprovalLock): the core action
        // only builds from them if nothing changed them since.
        let approved: ApprovalLock | undefined;
        if (normEvent) {
          const norm = new NormalisedEvent(movements, method, callId, toolType, context, rawParams, client, normalised);
          const normListeners = plan.postParamsNormalization;
          if (normListeners) for (let at = 0; at < normListeners.length; at++) {
            const listener = normListeners[at]!;
            if (guarded && listener.kind === 'policy' && approved === undefined) approved = lockNormalised(norm);
            const pending = this.react(listener, norm, 'postParamsNormalization', judges);
            if (pending) await pending;
          }
          if (guarded && approved === undefined) approved = lockNormalised(norm);
          normalised = reachedNormalised = norm.normalisedParams;
          this.publish('postParamsNormalization', norm);
        } else if (guarded && normalisedSeen) {
          approved = ApprovalLock.of(normalised);
        }
        const normalisedParams = normalised;

        step = 'coreAction';
        approved?.assertUnchanged(method, 'postParamsNormalization');
        let coreActionResult: unknown = tool.coreAction(normalisedParams, context, client);
        if (isThenable(coreActionResult)) coreActionResult = await coreActionResult;
        // schedulingParams.isScheduled: the built transaction goes out inside a ScheduleCreate. The
        // policies so far judged the inner transaction's params; postCoreAction sees the wrapper.
        coreActionResult = scheduledIfAsked(coreActionResult, normalisedParams);
        let answer: unknown = tool.shouldSecondaryAction(coreActionResult, context);
        // An async answer is the answer it resolves to, not a promise that counts as "yes".
        if (isThenable(answer)) answer = await answer;
        const secondary = Boolean(answer);
        // Fix payer, transaction ID and body before the policies look, so they judge the exact bytes.
        if (checkedCoreResult(tool, coreActionResult) && secondary) {
          coreActionResult = await strategyForMode(context).prepare(coreActionResult, client, context);
        }
        step = 'postCoreAction';
        // Sealed before any listener sees it: the bytes that go out are the bytes approved here.
        const sealed = guarded && coreSeen && secondary && isSdkTransaction(coreActionResult);
        if (guarded && coreSeen) {
          coreActionResult = deepFreezePlain(coreActionResult);
          if (sealed) sealTransaction(coreActionResult as Transaction);
        }
        reachedCore = coreActionResult;
        if (coreEvent) {
          const core = new CoreActionEvent(movements, method, callId, toolType, context, rawParams, client, normalisedParams, coreActionResult);
          if (guarded) Object.freeze(core);
          const coreListeners = plan.postCoreAction;
          if (coreListeners) for (let at = 0; at < coreListeners.length; at++) {
            const listener = coreListeners[at]!;
            const pending = this.react(listener, core, 'postCoreAction', judges);
            if (pending) await pending;
          }
          this.publish('postCoreAction', core);
        }

        step = 'secondaryAction';
        // Checked again: the result and the audit trail describe the call from these params.
        approved?.assertUnchanged(method, 'postParamsNormalization');
        if (sealed) assertSealed(coreActionResult as Transaction, method);
        const toolResult = secondary
          ? secondaryResult(tool, coreActionResult, await tool.secondaryAction(coreActionResult, client, context, normalisedParams))
          : isSdkTransaction(coreActionResult)
            ? unsentResult(tool, coreActionResult)
            : tool.formatResult(coreActionResult, normalisedParams);
        step = 'postToolExecution';
        if (!postEvent) {
          if (judges.length) await this.settle(judges, outcomeOf(callId, method, toolResult), toolResult);
          return finish(toolResult);
        }
        // After submission nothing may turn the result into an error: a failing hook becomes a
        // warning, and a policy that objects is reported beside the unchanged status.
        const post = new ExecutedEvent(movements, method, callId, toolType, context, rawParams, client, normalisedParams, inner ? coreActionResult : undefined, toolResult);
        if (guarded) Object.freeze(post);
        let objection: BlockedBy | undefined;
        const postListeners = plan.postToolExecution;
        if (postListeners) for (let at = 0; at < postListeners.length; at++) {
          const listener = postListeners[at]!;
          if (listener.kind === 'policy') {
            if (objection) continue;
            if (listener.settle) noteJudge(judges, listener);
            const verdict = judge(listener, 'postToolExecution', post, this.options.policyTimeoutMs);
            objection = isThenable(verdict) ? await verdict : verdict;
            continue;
          }
          try {
            const done = listener.invoke(post);
            if (isThenable(done)) await done;
          } catch (error) {
            this.warn(toolResult, `hook "${listener.name}" failed after the action ran: ${messageOf(error)}`);
          }
        }
        this.publishExecuted(post, toolResult);
        if (objection) await this.objectedAfterExecution(plan.toolError, post, toolResult, objection);
        if (judges.length) await this.settle(judges, outcomeOf(callId, method, toolResult), toolResult);
        return finish(toolResult);
      } catch (error) {
        const reached: MutableEvent = { method, callId, toolType, context, client, rawParams: reachedRaw, normalisedParams: reachedNormalised, coreActionResult: reachedCore };
        const result = await this.fail(tool, plan.toolError, reached, step, error);
        if (judges.length) await this.settle(judges, outcomeOf(callId, method, result, step), result);
        return finish(result);
      }

    } finally {
      calls?.end();
    }
  }

  /** Tells the policies that judged the call how it ended; their failures are warnings. */
  private settle(judges: readonly StageListener[], outcome: CallOutcome, result: ToolResult): Promise<void> {
    return settleJudges(judges, outcome, this.options.policyTimeoutMs, (text) => this.warn(result, text));
  }

  /**
   * One listener's reaction at a stage before submission: a hook's error or a policy's block
   * stops the call. Returns a promise only when the listener answered asynchronously, so the
   * caller awaits exactly what needs awaiting (the loop is inlined in `run` for the same reason).
   */
  private react(listener: StageListener, event: object, stage: HookStage, judges: StageListener[]): PromiseLike<unknown> | undefined {
    if (listener.kind === 'hook') {
      const done = listener.invoke(event);
      return isThenable(done) ? done : undefined;
    }
    // Noted before it is asked: a policy that throws or runs over time may have reserved already.
    if (listener.settle) noteJudge(judges, listener);
    const method = (event as MutableEvent).method;
    const blocked = judge(listener, stage, event, this.options.policyTimeoutMs);
    if (!isThenable(blocked)) {
      if (blocked) throw new PolicyBlockedError(method, blocked, listener.description);
      return undefined;
    }
    return blocked.then((verdict) => {
      if (verdict) throw new PolicyBlockedError(method, verdict, listener.description);
    });
  }

  /** A policy objected after submission: say so on the result, which keeps its status, and publish toolError. */
  private async objectedAfterExecution(
    errorListeners: readonly StageListener[] | null,
    event: ExecutedEvent,
    result: ToolResult,
    blockedBy: BlockedBy,
  ): Promise<void> {
    result.raw.blockedBy = blockedBy;
    this.warn(result, `policy "${blockedBy.policy}" objected after the action ran; it was not undone`);
    result.humanMessage = blockedAfterExecutionMessage(result.humanMessage, blockedBy);
    const error = new PolicyBlockedError(event.method, blockedBy);
    await this.publishError(errorListeners, Object.freeze({ ...event, stage: 'postToolExecution', error, blockedBy }), result);
  }

  private async fail(
    tool: DrivableTool,
    errorListeners: readonly StageListener[] | null,
    event: MutableEvent,
    step: LifecycleStep,
    thrown: unknown,
  ): Promise<ToolResult> {
    const error = asError(thrown);
    let result = failureResult(tool, step, error);
    // A tool's own handleError words its failures, as in the Hedera Agent Kit. Blocks and invalid
    // input stay the kit's (they carry blockedBy and issues), and so does a failure while submitting,
    // whose message must warn that the transaction may have gone out. BaseTool's default handleError
    // says less than the kit's own result, so only an override is asked.
    const handleError = tool.handleError;
    if (typeof handleError === 'function' && !isDefaultHandleError(handleError) && step !== 'secondaryAction' && !isPolicyBlockedError(error) && !isInvalidParamsError(error)) {
      result = await this.ownFailureResult(tool, thrown, event.context as Context, step, result);
    }
    this.options.logger.debug({ tool: tool.method, stage: step, code: result.raw.errorCode }, 'tool call did not complete');
    await this.publishError(errorListeners, Object.freeze({ ...event, stage: step, error, blockedBy: result.raw.blockedBy }), result);
    return result;
  }

  /** The tool's handleError result, checked and redacted; the kit's own result if it has no usable one. */
  private async ownFailureResult(tool: DrivableTool, thrown: unknown, context: Context, step: LifecycleStep, fallback: ToolResult): Promise<ToolResult> {
    let own: unknown;
    try {
      own = await tool.handleError!(thrown, context);
    } catch (error) {
      this.warn(fallback, `${tool.method}: its handleError failed: ${messageOf(error)}`);
      return fallback;
    }
    const envelope = own as { raw?: unknown; humanMessage?: unknown } | null;
    if (!envelope || typeof envelope.raw !== 'object' || envelope.raw === null) {
      this.warn(fallback, `${tool.method}: its handleError returned ${describeValue(own)}, not { raw, humanMessage }`);
      return fallback;
    }
    const raw: RawToolResult = { ...(envelope.raw as RawToolResult) };
    raw.status = typeof raw.status === 'string' ? raw.status : 'ERROR';
    raw.errorCode ??= fallback.raw.errorCode;
    raw.stage ??= step;
    // A transaction the error shows was sent keeps its ID and what became of it, whatever the tool says.
    if (fallback.raw.transactionId !== undefined) {
      raw.transactionId ??= fallback.raw.transactionId;
      if (fallback.raw.submitted !== undefined) raw.submitted ??= fallback.raw.submitted;
      if (fallback.raw.status === 'UNKNOWN') raw.status = 'UNKNOWN';
    }
    if (typeof raw.error === 'string') raw.error = redactKeyMaterial(raw.error);
    const humanMessage = typeof envelope.humanMessage === 'string' ? redactKeyMaterial(envelope.humanMessage) : fallback.humanMessage;
    return { raw, humanMessage };
  }

  private async publishError(listeners: readonly StageListener[] | null, event: Readonly<MutableEvent>, result: ToolResult): Promise<void> {
    for (const listener of listeners ?? []) {
      try {
        const done = listener.invoke(event);
        if (isThenable(done)) await done;
      } catch (error) {
        this.warn(result, `toolError hook "${listener.name}" failed: ${messageOf(error)}`);
      }
    }
    try {
      this.bus.emit('toolError', event as never);
    } catch (error) {
      this.warn(result, `a toolError observer failed: ${messageOf(error)}`);
    }
  }

  /** After execution an observer's failure is a warning, like a hook's. */
  private publishExecuted(event: object, result: ToolResult): void {
    if (!this.bus.observed) return;
    try {
      this.bus.emit('postToolExecution', event as never);
    } catch (error) {
      this.warn(result, `a postToolExecution observer failed: ${messageOf(error)}`);
    }
  }

  /** Observers see approved values; one that throws before submission fails the call like a hook. */
  private publish(stage: Exclude<HookStage, 'postToolExecution'>, event: object): void {
    if (this.bus.observed) this.bus.emit(stage, event as never);
  }

  private warn(result: ToolResult, text: string): void {
    const warning = redactKeyMaterial(text);
    (result.raw.warnings ??= []).push(warning);
    this.options.logger.warn({ warning }, 'tool call warning');
  }
}

/**
 * Whether the core action's result is a transaction, refusing results the kit cannot identify: a
 * value with the marks of unsent work (execute, freezeWith) that this kit cannot drive would
 * otherwise be wrapped as a SUCCESS that never reached the ledger. (A result meant for submission
 * that is no transaction at all is refused by BaseTool.secondaryAction.)
 */
function checkedCoreResult(tool: DrivableTool, result: unknown): result is Transaction {
  if (isSdkTransaction(result)) return true;
  if (looksLikeTransaction(result)) {
    throw new AgentHooksError(
      ErrorCode.TOOL_RESULT,
      `${tool.method}: the core action returned ${describeValue(result)}, which looks like an unsent transaction or query but is not one this kit can sign and submit; nothing was sent. Build it with @hiero-ledger/sdk (2.x) or return a plain result.`,
    );
  }
  return false;
}

/** Freezes an event and the raw params (plain data) in it before policies judge it. */
function lockEvent(event: MutableEvent, field: 'rawParams'): void {
  deepFreezePlain(event[field]);
  Object.freeze(event);
}

/** Locks the normalised params, SDK values included, and the event that carries them. */
function lockNormalised(event: NormalisedEvent): ApprovalLock {
  const lock = ApprovalLock.of(event.normalisedParams);
  Object.freeze(event);
  return lock;
}

/**
 * What a secondaryAction returned, as a result (see `asToolResult`). One that handed a transaction
 * to a secondaryAction and got no `{ raw, … }` back cannot tell whether it was sent: that is UNKNOWN,
 * with the transaction's ID, never a SUCCESS.
 */
function secondaryResult(tool: DrivableTool, coreActionResult: unknown, value: unknown): ToolResult {
  if (isResultEnvelope(value) || !isSdkTransaction(coreActionResult)) return asToolResult(tool.name, value);
  const transactionId = coreActionResult.transactionId?.toString();
  const raw: RawToolResult = {
    status: 'UNKNOWN',
    error: `${tool.method}: its secondaryAction returned ${describeValue(value)}, not { raw, humanMessage }, so whether the transaction was submitted is not known`,
    data: value,
  };
  if (transactionId) raw.transactionId = transactionId;
  return { raw, humanMessage: unreportedTransactionMessage(tool.name, transactionId) };
}

/**
 * A transaction the tool built but asked not to submit: the Hedera Agent Kit hands it back as is; here
 * it comes back too, under a status that cannot be mistaken for an executed (or prepared) one.
 */
function unsentResult(tool: DrivableTool, transaction: Transaction): ToolResult {
  return {
    raw: { status: 'NOT_SUBMITTED', submitted: false, transactionType: transaction.constructor?.name ?? 'Transaction', transaction },
    humanMessage: unsentTransactionMessage(tool.name),
  };
}

/**
 * The error result, with any key material the failure text echoes cut out: messages often quote the
 * offending input, and an LLM that pasted a private key into the wrong field must not get it back.
 */
function failureResult(tool: DrivableTool, step: LifecycleStep, error: Error): ToolResult {
  const result = describeFailure(tool, step, error);
  const raw = result.raw;
  if (typeof raw.error === 'string') raw.error = redactKeyMaterial(raw.error);
  if (Array.isArray(raw.issues)) raw.issues = raw.issues.map((issue) => redactKeyMaterial(String(issue)));
  if (raw.blockedBy?.reason) raw.blockedBy = { ...raw.blockedBy, reason: redactKeyMaterial(raw.blockedBy.reason) };
  return { raw, humanMessage: redactKeyMaterial(result.humanMessage) };
}

function describeFailure(tool: DrivableTool, step: LifecycleStep, error: Error): ToolResult {
  if (isPolicyBlockedError(error)) {
    return {
      raw: { status: 'ERROR', errorCode: error.code, error: error.message, blockedBy: error.blockedBy },
      humanMessage: blockedMessage(tool.method, error.blockedBy),
    };
  }
  if (isInvalidParamsError(error)) {
    return {
      raw: { status: 'ERROR', errorCode: error.code, error: error.message, issues: [...error.issues], stage: step },
      humanMessage: invalidParamsMessage(error),
    };
  }
  // A status error names a transaction the network has seen (the tool's secondaryAction, or its
  // coreAction, sent it itself): the result says so, with its ID and what became of it.
  const sent = sentTransactionOf(error, leavesOutcomeOpen(error));
  if (sent) {
    const raw: RawToolResult = { status: sent.outcome === 'open' ? 'UNKNOWN' : 'ERROR', errorCode: sent.status, transactionId: sent.transactionId, error: error.message, stage: step };
    if (sent.outcome !== 'unknown') raw.submitted = sent.outcome !== 'refused';
    return { raw, humanMessage: sentTransactionFailedMessage(tool.method, step, sent) };
  }
  const errorCode = isAgentHooksError(error) ? error.code : statusNameOf(error);
  if (provesNothingSent(error)) {
    // Failed while submitting, yet provably unsent: say so, since "check before retrying" would make an agent wait for nothing.
    return { raw: { status: 'ERROR', errorCode, error: error.message, stage: step, submitted: false }, humanMessage: unsentFailureMessage(tool.method, error.message) };
  }
  const humanMessage =
    step === 'secondaryAction' && errorCode !== ErrorCode.TOOL_RESULT
      ? `The ${tool.method} call failed while being submitted: ${error.message}. Check the account's recent transactions before retrying.`
      : failedMessage(tool.method, step, error.message);
  return { raw: { status: 'ERROR', errorCode, error: error.message, stage: step }, humanMessage };
}

/** SDK status errors carry the Hedera status (e.g. INSUFFICIENT_PAYER_BALANCE). */
function statusNameOf(error: Error): string {
  return sdkStatusNameOf(error) ?? ErrorCode.TOOL_FAILED;
}
