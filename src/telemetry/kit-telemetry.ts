import type * as Otel from '@opentelemetry/api';
import { nextCallId } from '../lifecycle/call-ids.js';
import { principalOf, type CallFacts } from '../lifecycle/call-options.js';
import type { CallObserver, CallTrace } from '../lifecycle/call-observer.js';
import type { Context } from '../lifecycle/context.js';
import type { DrivableTool } from '../lifecycle/drivable-tool.js';
import { isPolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import type { Logger } from '../lifecycle/logger.js';
import { readVerdict } from '../lifecycle/policy-judge.js';
import type { StageListener } from '../lifecycle/stage-listener.js';
import { readTelemetryNotes } from '../lifecycle/telemetry-notes.js';
import { isThenable } from '../lifecycle/thenable.js';
import type { ToolResult } from '../lifecycle/tool-result.js';
import type { WouldBlock } from '../lifecycle/would-blocks.js';
import type { KeyRedactor } from '../secrets/key-redactor.js';
import { ATTR, SCOPE } from './attribute-names.js';
import { CallMetrics } from './call-metrics.js';
import { callOutcome } from './call-outcome-name.js';
import { CallSpan, type SpanPrivacy } from './call-span.js';
import type { TelemetrySettings } from './telemetry-options.js';
import { tracedLogger } from './traced-logger.js';

type Api = typeof Otel;

/** The longest model tool-call ID a span carries (providers' are a few dozen characters). */
const MAX_TOOL_CALL_ID = 256;

/** What a kit hands its telemetry: the redactor its results go through, and what it owns (for the gauges). */
export interface TelemetryScope {
  readonly secrets: KeyRedactor;
  readonly owned: () => readonly object[];
}

/**
 * One kit's telemetry: the runner's observer (a span per call, per step, per policy verdict; the
 * call and policy metrics), the logger that stamps trace and span IDs, and the gauges. Put in the
 * kit's `owned`, so `kit.close()` unsubscribes it.
 */
export class KitTelemetry implements CallObserver {
  private readonly tracer: Otel.Tracer | undefined;
  private readonly metrics: CallMetrics | undefined;
  private readonly privacy: SpanPrivacy;
  /** The spans of calls running now, by call ID: a policy's span finds its call's step. */
  private readonly open = new Map<string, CallSpan>();
  private readonly unsubscribe: () => void;

  constructor(private readonly api: Api, private readonly settings: TelemetrySettings, private readonly scope: TelemetryScope) {
    const tracerProvider = settings.tracerProvider ?? api.trace.getTracerProvider();
    this.tracer = settings.traces ? tracerProvider.getTracer(SCOPE) : undefined;
    const meterProvider = settings.meterProvider ?? api.metrics.getMeterProvider();
    this.metrics = settings.metrics ? new CallMetrics(meterProvider.getMeter(SCOPE), scope.owned, settings.approvalsRefreshMs) : undefined;
    this.privacy = { recordParams: settings.recordParams, redact: (text) => scope.secrets.redact(text) };
    this.unsubscribe = readTelemetryNotes({
      auditDelivered: (seconds) => this.metrics?.delivered(seconds),
    });
  }

  /** The kit's logger, its lines about a call stamped with `trace_id` and `span_id` while tracing. */
  logger(logger: Logger): Logger {
    return this.tracer ? tracedLogger(logger, this.api) : logger;
  }

  async observe(tool: DrivableTool, input: unknown, context: Context, run: (trace: CallTrace) => Promise<ToolResult>, facts?: CallFacts): Promise<ToolResult> {
    const callId = nextCallId();
    const started = performance.now();
    const spans = this.tracer ? this.startCall(callId, tool, input, facts, context) : undefined;
    let result: ToolResult;
    try {
      result = spans ? await this.api.context.with(spans.context, run, undefined, spans) : await run(untraced(callId));
    } catch (error) {
      // The runner turns failures into results; what escapes it (a closed kit) still ends the span.
      if (spans) {
        spans.failed('preToolExecution', error as Error);
        spans.span.end();
        this.open.delete(callId);
      }
      throw error;
    }
    const outcome = spans ? spans.end(result) : callOutcome(result.raw);
    if (spans) this.open.delete(callId);
    this.metrics?.called(tool.method, outcome, (performance.now() - started) / 1000, outcome === 'blocked' ? result.raw.blockedBy : undefined);
    return result;
  }

  listener(listener: StageListener): StageListener {
    if (listener.kind !== 'policy') return listener;
    // A child of the listener: every field and method is the original's, only invoke is timed.
    return Object.freeze(Object.create(listener, { invoke: { value: (event: unknown) => this.judge(listener, event) } })) as StageListener;
  }

  /** Counts a would-block of a policy in report mode (kit.wouldBlockCounts counts the same, without telemetry too). */
  wouldHaveBlocked(tool: string, wouldBlock: WouldBlock): void {
    this.metrics?.wouldHaveBlocked(tool, wouldBlock.policy, wouldBlock.stage);
  }

  close(): void {
    this.unsubscribe();
    this.metrics?.close();
  }

  private startCall(callId: string, tool: DrivableTool, input: unknown, facts: CallFacts | undefined, context: Context): CallSpan {
    const api = this.api;
    const parent = api.context.active();
    const attributes: Otel.Attributes = {
      [ATTR.operation]: 'execute_tool',
      [ATTR.toolName]: tool.method,
      [ATTR.callId]: callId,
      [ATTR.toolType]: 'function',
    };
    // The model's ID for the call, when an adapter passed it (`{ toolCallId }`; the kit's own is not the model's).
    // Text from outside: bounded, and redacted as everything else the kit writes.
    const modelCallId = facts?.toolCallId;
    if (modelCallId !== undefined) attributes[ATTR.toolCallId] = this.privacy.redact(modelCallId.slice(0, MAX_TOOL_CALL_ID));
    if (this.settings.recordPrincipal) this.principalAttributes(attributes, context);
    if (tool.description) attributes[ATTR.toolDescription] = tool.description;
    if (this.settings.recordParams) attributes[ATTR.toolArguments] = this.scope.secrets.toJson(input);
    const span = this.tracer!.startSpan(`execute_tool ${tool.method}`, { kind: api.SpanKind.INTERNAL, attributes }, parent);
    const spans = new CallSpan(callId, span, parent, api, this.tracer!, this.privacy);
    this.open.set(callId, spans);
    return spans;
  }

  /** For whom the call ran (opted in: personal data), redacted as every text the kit writes. */
  private principalAttributes(attributes: Otel.Attributes, context: Context): void {
    const principal = principalOf(context);
    if (principal?.userId !== undefined) attributes[ATTR.userId] = this.privacy.redact(principal.userId);
    if (principal?.sessionId !== undefined) attributes[ATTR.sessionId] = this.privacy.redact(principal.sessionId);
    if (principal?.tenantId !== undefined) attributes[ATTR.tenantId] = this.privacy.redact(principal.tenantId);
  }

  /** One verdict, timed and (while tracing) spanned; the verdict itself is handed back untouched. */
  private judge(policy: StageListener, event: unknown): unknown {
    const callId = (event as { callId?: unknown } | null)?.callId;
    const call = typeof callId === 'string' ? this.open.get(callId) : undefined;
    const span = call && this.tracer!.startSpan(`policy ${policy.name}`, { attributes: { [ATTR.policy]: policy.name, [ATTR.stage]: policy.stage } }, call.current);
    const started = performance.now();
    let verdict: unknown;
    try {
      verdict = policy.invoke(event);
    } catch (error) {
      this.judged(policy, span, started, undefined, error);
      throw error;
    }
    if (!isThenable(verdict)) {
      this.judged(policy, span, started, verdict);
      return verdict;
    }
    return verdict.then(
      (value) => {
        this.judged(policy, span, started, value);
        return value;
      },
      (error: unknown) => {
        this.judged(policy, span, started, undefined, error);
        throw error;
      },
    );
  }

  /** A throw counts as a block, as the judge reads it (fail closed); a thrown block is not an error. */
  private judged(policy: StageListener, span: Otel.Span | undefined, started: number, verdict: unknown, error?: unknown): void {
    const blocked = error !== undefined || readVerdict(verdict).block;
    this.metrics?.judged(policy.name, policy.stage, blocked, (performance.now() - started) / 1000);
    if (!span) return;
    span.setAttribute(ATTR.policyBlocked, blocked);
    // Report mode: the verdict is recorded as judged, and the span says the call went on anyway.
    if (policy.reportOnly) span.setAttribute(ATTR.policyReportOnly, true);
    if (error !== undefined && !isPolicyBlockedError(error)) {
      const code = (error as { code?: unknown } | null)?.code;
      const outcome = policy.reportOnly ? 'the policy threw; in report mode the call goes on' : 'the policy threw; the call is blocked';
      span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: typeof code === 'string' ? code : outcome });
    }
    span.end();
  }
}

/** The trace of a call while only metrics are on: it carries the call ID and notes nothing. */
function untraced(callId: string): CallTrace {
  return { callId, enter: noop, pass: noop, failed: noop };
}

const noop = (): void => undefined;
