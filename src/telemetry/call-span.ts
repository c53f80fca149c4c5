import type * as Otel from '@opentelemetry/api';
import type { CallTrace, ObservedStep } from '../lifecycle/call-observer.js';
import { isPolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import type { LifecycleStep } from '../lifecycle/stages.js';
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
  private stepContext: Otel.Context | undefined;
  private readonly entries: string[] = [];
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
    return this.stepContext ?? this.context;
  }

  enter(step: ObservedStep): void {
    this.step?.end();
    this.step = this.tracer.startSpan(`stage ${step}`, { attributes: { [ATTR.stage]: step } }, this.context);
    this.stepContext = this.api.trace.setSpan(this.context, this.step);
  }

  failed(step: LifecycleStep, error: Error): void {
    this.failure = { step, error };
    // A block is a verdict, not a fault: the step span says who blocked, the call span says how it ended.
    if (isPolicyBlockedError(error) || !this.step) return;
    this.recordFailure(this.step, step, error);
  }

  auditEntry(entryId: string): void {
    this.entries.push(entryId);
  }

  /** Ends the step and the call spans with what the result says happened. */
  end(result: ToolResult): CallOutcomeName {
    this.step?.end();
    this.step = this.stepContext = undefined;
    const raw = result.raw;
    const outcome = callOutcome(raw);
    const span = this.span;
    span.setAttribute(ATTR.outcome, outcome);
    span.setAttribute(ATTR.resultStatus, raw.status);
    if (typeof raw.transactionId === 'string') {
      span.setAttribute(ATTR.transactionId, raw.transactionId);
      span.setAttribute(ATTR.transactionStatus, transactionStatusOf(raw));
    }
    if (raw.blockedBy) {
      span.setAttribute(ATTR.blockedPolicy, raw.blockedBy.policy);
      span.setAttribute(ATTR.blockedStage, raw.blockedBy.stage);
      if (this.privacy.recordParams && raw.blockedBy.reason) span.setAttribute(ATTR.blockedReason, this.privacy.redact(raw.blockedBy.reason));
    }
    if (raw.warnings?.length) span.setAttribute(ATTR.warnings, raw.warnings.length);
    if (this.entries.length === 1) span.setAttribute(ATTR.auditEntryId, this.entries[0]!);
    else if (this.entries.length > 1) span.setAttribute(ATTR.auditEntryId, [...this.entries]);
    if (outcome === 'failed' || outcome === 'unknown') {
      const code = typeof raw.errorCode === 'string' ? raw.errorCode : raw.status;
      span.setAttribute(ATTR.errorType, code);
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

/** The ledger's word on a submitted transaction: its receipt status, else the error code, else the result's status. */
function transactionStatusOf(raw: ToolResult['raw']): string {
  if (typeof raw.receiptStatus === 'string') return raw.receiptStatus;
  if (raw.status !== 'SUCCESS' && typeof raw.errorCode === 'string') return raw.errorCode;
  return raw.status;
}
