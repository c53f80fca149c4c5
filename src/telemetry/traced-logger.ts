import type * as Otel from '@opentelemetry/api';
import type { Logger } from '../lifecycle/logger.js';

/**
 * A logger whose lines written inside a call (the call runs in its span's context) carry
 * `trace_id` and `span_id`, the names OpenTelemetry's log correlation uses, so a log backend joins
 * them to the trace. Lines written outside any span are passed on as they are.
 */
export function tracedLogger(logger: Logger, api: typeof Otel): Logger {
  const stamped = (fields: Record<string, unknown>): Record<string, unknown> => {
    const span = api.trace.getSpan(api.context.active());
    if (!span) return fields;
    const { traceId, spanId, traceFlags } = span.spanContext();
    if (!api.isSpanContextValid(span.spanContext())) return fields;
    return { ...fields, trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}`.slice(-2) };
  };
  return {
    debug: (fields, message) => logger.debug(stamped(fields), message),
    warn: (fields, message) => logger.warn(stamped(fields), message),
    error: (fields, message) => logger.error(stamped(fields), message),
  };
}
