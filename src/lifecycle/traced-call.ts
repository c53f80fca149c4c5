import type { Client } from '@hiero-ledger/sdk';
import type { CallFacts } from './call-options.js';
import type { CallTrace } from './call-observer.js';
import type { CallPlan } from './call-plan.js';
import type { Context } from './context.js';
import type { DrivableTool } from './drivable-tool.js';
import { ToolCall, type CallSettings } from './tool-call.js';

/**
 * A ToolCall that tells its trace each step it enters. A subclass, made only by a kit with an
 * observer, so the steps of an unobserved call carry no check at all (the dispatch bench's case).
 * A listener stage the plan gives no event (nobody listens) is passed, not entered: it does
 * nothing worth a span.
 */
export class TracedToolCall extends ToolCall {
  constructor(tool: DrivableTool, context: Context, client: Client, plan: CallPlan, settings: CallSettings, trace: CallTrace, facts?: CallFacts) {
    super(tool, context, client, plan, settings, trace.callId, facts);
    this.trace = trace;
  }

  override preToolExecution(input: unknown): PromiseLike<unknown> | undefined {
    if (this.plan.listeners.preToolExecution !== null || this.plan.observed) this.trace!.enter('preToolExecution');
    else this.trace!.pass();
    return super.preToolExecution(input);
  }

  override normalizeParams(): unknown {
    this.trace!.enter('normalizeParams');
    return super.normalizeParams();
  }

  override postParamsNormalization(normalised: unknown): PromiseLike<unknown> | undefined {
    if (this.plan.normalisedEvent) this.trace!.enter('postParamsNormalization');
    else this.trace!.pass();
    return super.postParamsNormalization(normalised);
  }

  override coreAction(): unknown {
    this.trace!.enter('coreAction');
    return super.coreAction();
  }

  override postCoreAction(): PromiseLike<unknown> | undefined {
    if (this.plan.coreEvent) this.trace!.enter('postCoreAction');
    else this.trace!.pass();
    return super.postCoreAction();
  }

  override secondaryAction(): unknown {
    this.trace!.enter('secondaryAction');
    return super.secondaryAction();
  }

  override postToolExecution(returned: unknown): PromiseLike<unknown> | undefined {
    if (this.plan.executedEvent) this.trace!.enter('postToolExecution');
    else this.trace!.pass();
    return super.postToolExecution(returned);
  }
}
