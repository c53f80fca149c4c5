import { Transaction, type Client } from '@hiero-ledger/sdk';
import { strategyForMode } from '../modes/strategy-for-mode.js';
import { lockApproved } from './approved-values.js';
import type { BaseTool } from './base-tool.js';
import type { Context } from './context.js';
import { AgentHooksError, InvalidParamsError, PolicyBlockedError, asError, messageOf } from './errors.js';
import { blockedAfterExecutionMessage, blockedMessage, failedMessage, invalidParamsMessage } from './human-messages.js';
import type { ListenerIndex } from './listener-index.js';
import type { Logger } from './logger.js';
import { parseParams } from './parse-params.js';
import { isThenable, judge } from './policy-judge.js';
import { copyRawParams } from './raw-params.js';
import type { StageBus } from './stage-bus.js';
import type { StageListener } from './stage-listener.js';
import type { HookStage, LifecycleStep } from './stages.js';
import type { BlockedBy, ToolResult } from './tool-result.js';

export interface ToolRunnerOptions {
  /** Default time budget of an asynchronous policy verdict, in ms. */
  policyTimeoutMs: number;
  logger: Logger;
}

type MutableEvent = Record<string, unknown> & { method: string };

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

  async run(tool: BaseTool, input: unknown, context: Context, client: Client): Promise<ToolResult> {
    const method = tool.method;
    const plan = this.index.plan(method);
    const event: MutableEvent = { method, context, rawParams: undefined, client };
    let step: LifecycleStep = 'preToolExecution';
    try {
      event.rawParams = copyRawParams(method, input);
      if (plan.preToolExecution) await this.runStage(plan.preToolExecution, event, 'preToolExecution');
      const rawParams = lockApproved<Record<string, unknown>>(event, 'rawParams');
      this.publish('preToolExecution', event);

      step = 'normalizeParams';
      const parsed = parseParams(method, tool.parameters, rawParams);
      event.normalisedParams = await tool.normalizeParams(parsed, context, client);
      step = 'postParamsNormalization';
      if (plan.postParamsNormalization) await this.runStage(plan.postParamsNormalization, event, 'postParamsNormalization');
      const normalised = lockApproved<unknown>(event, 'normalisedParams');
      this.publish('postParamsNormalization', event);

      step = 'coreAction';
      let core: unknown = await tool.coreAction(normalised, context, client);
      const secondary = tool.shouldSecondaryAction(core, context);
      // Fix payer, transaction ID and body before the policies look, so they judge the exact bytes.
      if (secondary && core instanceof Transaction) core = await strategyForMode(context).prepare(core, client, context);
      event.coreActionResult = core;
      step = 'postCoreAction';
      if (plan.postCoreAction) await this.runStage(plan.postCoreAction, event, 'postCoreAction');
      core = lockApproved<unknown>(event, 'coreActionResult');
      this.publish('postCoreAction', event);

      step = 'secondaryAction';
      const result = secondary ? await tool.secondaryAction(core, client, context, normalised) : tool.formatResult(core, normalised);
      event.toolResult = result;
      step = 'postToolExecution';
      await this.afterExecution(plan.postToolExecution, plan.toolError, event, result);
      return result;
    } catch (error) {
      return this.fail(tool, plan.toolError, event, step, error);
    }
  }

  /** Runs a pre-execution stage: hooks, then policies; a block or a hook error stops the call. */
  private async runStage(listeners: readonly StageListener[], event: MutableEvent, stage: HookStage): Promise<void> {
    for (const listener of listeners) {
      if (listener.kind === 'hook') {
        const done = listener.invoke(event);
        if (isThenable(done)) await done;
        continue;
      }
      let blocked = judge(listener, stage, event, this.options.policyTimeoutMs);
      if (isThenable(blocked)) blocked = await blocked;
      if (blocked) throw new PolicyBlockedError(event.method, blocked);
    }
  }

  /**
   * The stage after submission. Nothing here may turn the result into an error: a failing hook
   * becomes a warning, a blocking policy is reported alongside the unchanged status.
   */
  private async afterExecution(
    listeners: readonly StageListener[] | null,
    errorListeners: readonly StageListener[] | null,
    event: MutableEvent,
    result: ToolResult,
  ): Promise<void> {
    let blockedBy: BlockedBy | undefined;
    for (const listener of listeners ?? []) {
      if (listener.kind === 'policy') {
        if (blockedBy) continue;
        const verdict = judge(listener, 'postToolExecution', event, this.options.policyTimeoutMs);
        blockedBy = isThenable(verdict) ? await verdict : verdict;
        continue;
      }
      try {
        const done = listener.invoke(event);
        if (isThenable(done)) await done;
      } catch (error) {
        this.warn(result, `hook "${listener.name}" failed after the action ran: ${messageOf(error)}`);
      }
    }
    try {
      this.bus.emit('postToolExecution', event as never);
    } catch (error) {
      this.warn(result, `a postToolExecution observer failed: ${messageOf(error)}`);
    }
    if (!blockedBy) return;
    result.raw.blockedBy = blockedBy;
    this.warn(result, `policy "${blockedBy.policy}" objected after the action ran; it was not undone`);
    result.humanMessage = blockedAfterExecutionMessage(result.humanMessage, blockedBy);
    const error = new PolicyBlockedError(event.method, blockedBy);
    await this.publishError(errorListeners, { ...event, stage: 'postToolExecution', error, blockedBy }, result);
  }

  private async fail(
    tool: BaseTool,
    errorListeners: readonly StageListener[] | null,
    event: MutableEvent,
    step: LifecycleStep,
    thrown: unknown,
  ): Promise<ToolResult> {
    const error = asError(thrown);
    const result = failureResult(tool, step, error);
    this.options.logger.debug({ tool: tool.method, stage: step, code: result.raw.errorCode }, 'tool call did not complete');
    await this.publishError(errorListeners, { ...event, stage: step, error, blockedBy: result.raw.blockedBy }, result);
    return result;
  }

  private async publishError(listeners: readonly StageListener[] | null, event: MutableEvent, result: ToolResult): Promise<void> {
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

  /** Observers see approved values; one that throws before submission fails the call like a hook. */
  private publish(stage: Exclude<HookStage, 'postToolExecution'>, event: MutableEvent): void {
    this.bus.emit(stage, event as never);
  }

  private warn(result: ToolResult, warning: string): void {
    (result.raw.warnings ??= []).push(warning);
    this.options.logger.warn({ tool: result.raw.tool }, warning);
  }
}

function failureResult(tool: BaseTool, step: LifecycleStep, error: Error): ToolResult {
  if (error instanceof PolicyBlockedError) {
    return {
      raw: { status: 'ERROR', errorCode: error.code, error: error.message, blockedBy: error.blockedBy },
      humanMessage: blockedMessage(tool.method, error.blockedBy),
    };
  }
  if (error instanceof InvalidParamsError) {
    return {
      raw: { status: 'ERROR', errorCode: error.code, error: error.message, issues: [...error.issues], stage: step },
      humanMessage: invalidParamsMessage(error),
    };
  }
  const errorCode = error instanceof AgentHooksError ? error.code : statusNameOf(error);
  const humanMessage =
    step === 'secondaryAction'
      ? `The ${tool.method} call failed while being submitted: ${error.message}. Check the account's recent transactions before retrying.`
      : failedMessage(tool.method, step, error.message);
  return { raw: { status: 'ERROR', errorCode, error: error.message, stage: step }, humanMessage };
}

/** SDK status errors carry the Hedera status (e.g. INSUFFICIENT_PAYER_BALANCE). */
function statusNameOf(error: Error): string {
  const status = (error as { status?: { toString(): string } }).status;
  return status ? status.toString() : 'E_TOOL_FAILED';
}
