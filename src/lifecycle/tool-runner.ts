import type { Client } from '@hiero-ledger/sdk';
import { outcomeOf } from './call-outcome.js';
import type { CallObserver, CallTrace } from './call-observer.js';
import type { CallFacts } from './call-options.js';
import { CallPlans } from './call-plan.js';
import { settleJudges } from './call-settlement.js';
import type { MovementsReader } from './call-movements.js';
import type { Context } from './context.js';
import { isDefaultHandleError } from './default-error-result.js';
import type { DrivableTool } from './drivable-tool.js';
import { asError, isInvalidParamsError } from '../errors/index.js';
import { PolicyBlockedError, isPolicyBlockedError } from './policy-blocked-error.js';
import { failureResult, ownFailureResult } from './failure-result.js';
import { blockedAfterExecutionMessage, objectedAfterExecutionWarning } from './human-messages.js';
import type { ListenerIndex } from './listener-index.js';
import type { Logger } from './logger.js';
import type { StageBus } from './stage-bus.js';
import { STAGE_RULES, finishStage, resumeRejected, resumeStage, runStage } from './stage-loop.js';
import { isThenable } from './thenable.js';
import { ToolCall, type CallSettings, type SendCheck } from './tool-call.js';
import { TracedToolCall } from './traced-call.js';
import type { BlockedBy, ToolResult } from './tool-result.js';
import type { WouldBlock } from './would-blocks.js';

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
  /** Watches every call (src/telemetry/); left out when telemetry is off, so calls pay nothing for it. */
  observer?: CallObserver;
  /** Told of each would-block of a policy in report mode (see ToolCall.wouldHaveBlocked). */
  reported?: (tool: string, wouldBlock: WouldBlock) => void;
  /**
   * Asked again right before the tool may send (before coreAction and before secondaryAction); an
   * error it answers refuses the call there. The kit's kill switch answers here, so a pause made while
   * a call waited (for an approval, a mirror or store read) stops that call too (see CallSettings).
   */
  beforeSend?: SendCheck;
}

/**
 * Drives one tool call through the seven steps, publishing the four hook stages and `toolError`.
 * The invariants live here and in the plan: vetoes stop the call before the step they guard,
 * approved values are locked, and nothing after submission turns an executed transaction into an error.
 */
export class ToolRunner {
  private readonly plans: CallPlans;
  private readonly settings: CallSettings;

  constructor(index: ListenerIndex, bus: StageBus, private readonly options: ToolRunnerOptions) {
    this.plans = new CallPlans(index, bus, options.observer);
    const { policyTimeoutMs, logger, screenInput, movementsOf, reported, beforeSend } = options;
    this.settings = { bus, policyTimeoutMs, logger, screenInput, movementsOf, reported, beforeSend };
    // Without telemetry a call goes straight to runCall (its trace left out), so it pays no hop for the seam.
    if (options.observer === undefined) this.run = this.runCall as ToolRunner['run'];
  }

  /**
   * Runs one call with `context` (the kit's, or the call's own laid over it, frozen) and `facts`, the
   * application's per-call options its listeners and telemetry read. With telemetry; without it the
   * constructor put runCall here.
   */
  run(tool: DrivableTool, input: unknown, context: Context, client: Client, facts?: CallFacts): Promise<ToolResult> {
    const observer = this.options.observer!;
    return observer.observe(tool, input, context, (trace) => this.runCall(tool, input, context, client, facts, trace), facts);
  }

  private async runCall(tool: DrivableTool, input: unknown, context: Context, client: Client, facts?: CallFacts, trace?: CallTrace): Promise<ToolResult> {
    this.options.calls?.start();
    // An async function's finally runs when its body completes, awaits included: the call counts
    // as in flight until its result has been finished or it has thrown.
    try {
      const plan = this.plans.for(tool);
      const call = trace === undefined ? new ToolCall(tool, context, client, plan, this.settings, undefined, facts) : new TracedToolCall(tool, context, client, plan, this.settings, trace, facts);
      let result: ToolResult;
      try {
        // Each step may answer synchronously; awaiting only promises saves a microtask per step. A
        // stage returns the promise of the listener it waits for; waiting here, in run's own frame,
        // costs one await per promise, and resuming goes on where the stage stopped (stage-loop.ts).
        // Every await keeps what is live across it, so the steps share one `value` and little else is.
        let pending = call.preToolExecution(input);
        while (pending) try { pending = resumeStage(call, await pending); } catch (error) { pending = resumeRejected(call, error); }
        let value = call.normalizeParams();
        if (isThenable(value)) value = await value;
        pending = call.postParamsNormalization(value);
        while (pending) try { pending = resumeStage(call, await pending); } catch (error) { pending = resumeRejected(call, error); }
        value = call.coreAction();
        if (isThenable(value)) value = await value;
        value = call.shouldSecondaryAction(value);
        if (isThenable(value)) value = await value;
        value = call.prepare(value);
        if (isThenable(value)) await value;
        pending = call.postCoreAction();
        while (pending) try { pending = resumeStage(call, await pending); } catch (error) { pending = resumeRejected(call, error); }
        value = call.secondaryAction();
        if (isThenable(value)) value = await value;
        pending = call.postToolExecution(value);
        while (pending) try { pending = resumeStage(call, await pending); } catch (error) { pending = resumeRejected(call, error); }
        result = call.result!;
        if (call.objection) await this.objectedAfterExecution(call, call.objection);
        if (call.judges.length) await this.settle(call, result);
      } catch (error) {
        result = await this.fail(call, error);
        if (call.judges.length) await this.settle(call, result, call.step);
      }
      // The audit hooks have journaled the call's entries by now; its span names them.
      if (trace !== undefined) for (const entryId of call.state?.auditEntries ?? []) trace.auditEntry?.(entryId);
      const finish = this.options.finishResult;
      return finish ? finish(result) : result;
    } finally {
      this.options.calls?.end();
    }
  }

  /** Tells the policies that judged the call how it ended; their failures are warnings. */
  private settle(call: ToolCall, result: ToolResult, failedAt?: ToolCall['step']): Promise<void> {
    call.result = result;
    return settleJudges(call.judges, outcomeOf(call.callId, call.method, result, failedAt), this.options.policyTimeoutMs, (text) => call.warn(text));
  }

  /** A policy objected after submission: say so on the result, which keeps its status, and publish toolError. */
  private objectedAfterExecution(call: ToolCall, blockedBy: BlockedBy): PromiseLike<void> | undefined {
    const result = call.result!;
    result.raw.blockedBy = blockedBy;
    call.warn(objectedAfterExecutionWarning(blockedBy.policy));
    result.humanMessage = blockedAfterExecutionMessage(result.humanMessage, blockedBy);
    const error = new PolicyBlockedError(call.method, blockedBy);
    const pending = runStage(STAGE_RULES.toolError, call.plan.listeners.toolError, Object.freeze({ ...call.executed, stage: 'postToolExecution', error, blockedBy }), call);
    return pending && finishStage(call, pending);
  }

  private async fail(call: ToolCall, thrown: unknown): Promise<ToolResult> {
    const { tool, step } = call;
    const error = asError(thrown);
    call.trace?.failed(step, error);
    let result = (call.result = failureResult(tool, step, error));
    // A tool's own handleError words its failures, as in the Hedera Agent Kit. Blocks and invalid
    // input stay the kit's (they carry blockedBy and issues), and so does a failure while submitting,
    // whose message must warn that the transaction may have gone out. BaseTool's default handleError
    // says less than the kit's own result, so only an override is asked.
    const handleError = tool.handleError;
    if (typeof handleError === 'function' && !isDefaultHandleError(handleError) && step !== 'secondaryAction' && !isPolicyBlockedError(error) && !isInvalidParamsError(error)) {
      result = call.result = await ownFailureResult(tool, thrown, call.context, step, result, (on, text) => call.warn(text, on));
    }
    this.options.logger.debug({ callId: call.logId(), ...call.logPrincipal(), tool: tool.method, stage: step, code: result.raw.errorCode }, 'tool call did not complete');
    call.trace?.enter('toolError');
    const pending = runStage(STAGE_RULES.toolError, call.plan.listeners.toolError, Object.freeze({ ...call.reached(), stage: step, error, blockedBy: result.raw.blockedBy }), call);
    if (pending) await finishStage(call, pending);
    return result;
  }
}
