import type * as Otel from '@opentelemetry/api';
import type { CallTrace, ObservedStep } from '../lifecycle/call-observer.js';
import { isPolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import { LIFECYCLE_STEPS, type LifecycleStep } from '../lifecycle/stages.js';
import type { ToolResult } from '../lifecycle/tool-result.js';
import { ATTR } from './attribute-names.js';
import { callOutcome, type CallOutcomeName } from './call-outcome-name.js';

type Api = typeof Otel;

/** How the spans of a call cut key material out and whether they may carry values. */
export interface SpanPrivacy {
  readonly recordParams: boolean;
  redact(text: string): string;
}

/**
 * The spans of one call: the call's own (`execute_tool <tool>`), and one child per step it entered,
 * so a trace shows where the time went and where the call stopped. Policy spans hang under the step
 * that asked them (see kit-telemetry.ts).
 */
export class CallSpan implements CallTrace {
  /** The active context while the call runs: its span inside the caller's. */
  readonly context: Otel.Context;
  private step: Otel.Span | undefined;
  /** Made when a policy first asks for it (see `current`): most steps have no policy. */
  private stepContext: Otel.Context | undefined;
  private entries: string[] | undefined;
  private failure: { step: LifecycleStep; error: Error } | undefined;

  constructor(
    readonly callId: string,
    readonly span: Otel.Span,
    parent: Otel.Context,
    private readonly api: Api,
    private readonly tracer: Otel.Tracer,
    private readonly privacy: SpanPrivacy,
  ) {
    this.context = api.trace.setSpan(parent, span);
  }

  /** Where a policy's span goes: under the step that asks it. */
  get current(): Otel.Context {
    if (!this.step) return this.context;
    return (this.stepContext ??= this.api.trace.setSpan(this.context, this.step));
  }

  enter(step: ObservedStep): void {
    this.step?.end();
    this.stepContext = undefined;
    this.step = this.tracer.startSpan(STEP_NAMES[step], STEP_OPTIONS[step], this.context);
  }

  pass(): void {
    this.step?.end();
    this.step = this.stepContext = undefined;
  }

  failed(step: LifecycleStep, error: Error): void {
    this.failure = { step, error };
    // A block is a verdict, not a fault: the step span says who blocked, the call span says how it ended.
    if (isPolicyBlockedError(error) || !this.step) return;
    this.recordFailure(this.step, step, error);
  }

  auditEntry(entryId: string): void {
    (this.entries ??= []).push(entryId);
  }

  /** Ends the step and the call spans with what the result says happened. */
  end(result: ToolResult): CallOutcomeName {
    this.step?.end();
    this.step = this.stepContext = undefined;
    const raw = result.raw;
    const outcome = callOutcome(raw);
    const span = this.span;
    // One call into the SDK for all of them: each setAttribute checks the span and the value anew.
    const attributes: Otel.Attributes = { [ATTR.outcome]: outcome, [ATTR.resultStatus]: raw.status };
    if (typeof raw.transactionId === 'string') {
      attributes[ATTR.transactionId] = raw.transactionId;
      attributes[ATTR.transactionStatus] = transactionStatusOf(raw);
    }
    if (raw.blockedBy) {
      attributes[ATTR.blockedPolicy] = raw.blockedBy.policy;
      attributes[ATTR.blockedStage] = raw.blockedBy.stage;
      if (this.privacy.recordParams && raw.blockedBy.reason) attributes[ATTR.blockedReason] = this.privacy.redact(raw.blockedBy.reason);
    }
    const heldBy = raw.heldBy as { policy?: unknown; stage?: unknown } | undefined;
    if (outcome === 'held' && heldBy) {
      if (typeof heldBy.policy === 'string') attributes[ATTR.heldPolicy] = heldBy.policy;
      if (typeof heldBy.stage === 'string') attributes[ATTR.heldStage] = heldBy.stage;
    }
    if (typeof raw.approvalRequestId === 'string') attributes[ATTR.approvalRequestId] = raw.approvalRequestId;
    if (raw.warnings?.length) attributes[ATTR.warnings] = raw.warnings.length;
    const entries = this.entries;
    if (entries?.length === 1) attributes[ATTR.auditEntryId] = entries[0]!;
    else if (entries && entries.length > 1) attributes[ATTR.auditEntryId] = [...entries];
    const failed = outcome === 'failed' || outcome === 'unknown';
    const code = typeof raw.errorCode === 'string' ? raw.errorCode : raw.status;
    if (failed) attributes[ATTR.errorType] = code;
    span.setAttributes(attributes);
    if (failed) {
      const failure = this.failure;
      if (failure && !isPolicyBlockedError(failure.error)) this.recordFailure(span, failure.step, failure.error);
      else span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: outcome === 'unknown' ? 'the outcome on the ledger is not known' : code });
    }
    span.end();
    return outcome;
  }

  /** An error on a span: its code and name always, its message and stack only when values may be shown. */
  private recordFailure(span: Otel.Span, step: LifecycleStep, error: Error): void {
    const code = (error as { code?: unknown }).code;
    const message = this.privacy.recordParams ? this.privacy.redact(error.message) : `${error.name} at ${step} (message withheld: telemetry.recordParams is off)`;
    span.recordException({
      name: error.name,
      message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(this.privacy.recordParams && error.stack ? { stack: this.privacy.redact(error.stack) } : {}),
    });
    span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: typeof code === 'string' ? code : error.name });
  }
}

/** Each step's span name and options, made once: a call starts up to eight step spans. */
const STEP_NAMES = {} as Record<ObservedStep, string>;
const STEP_OPTIONS = {} as Record<ObservedStep, Otel.SpanOptions>;
for (const step of [...LIFECYCLE_STEPS, 'toolError'] as ObservedStep[]) {
  STEP_NAMES[step] = `stage ${step}`;
  STEP_OPTIONS[step] = Object.freeze({ attributes: Object.freeze({ [ATTR.stage]: step }) });
}

/** The ledger's word on a submitted transaction: its receipt status, else the error code, else the result's status. */
function transactionStatusOf(raw: ToolResult['raw']): string {
  if (typeof raw.receiptStatus === 'string') return raw.receiptStatus;
  if (raw.status !== 'SUCCESS' && typeof raw.errorCode === 'string') return raw.errorCode;
  return raw.status;
}
