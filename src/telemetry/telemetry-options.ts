import type { MeterProvider, TracerProvider } from '@opentelemetry/api';
import { describeValue, invalidArgument } from '../lifecycle/errors.js';
import { refuseUnknownKeys } from '../lifecycle/unknown-keys.js';

/**
 * `createAgentKit({ telemetry })`. `true` is `{}`: spans and metrics through the providers
 * registered with `@opentelemetry/api` (trace.setGlobalTracerProvider, metrics.setGlobalMeterProvider,
 * which the OpenTelemetry Node SDK does for you).
 */
export interface TelemetryOptions {
  /** Spans of every call (default true). */
  traces?: boolean;
  /** Counters, histograms and gauges (default true). */
  metrics?: boolean;
  /** Instead of the global tracer provider. */
  tracerProvider?: TracerProvider;
  /** Instead of the global meter provider. */
  meterProvider?: MeterProvider;
  /**
   * Puts the call's params (`gen_ai.tool.call.arguments`) and block reasons on its span, redacted as
   * the kit's results are (default false: a span names the tool and the outcome, never values).
   */
  recordParams?: boolean;
}

export interface TelemetrySettings {
  readonly traces: boolean;
  readonly metrics: boolean;
  readonly tracerProvider: TracerProvider | undefined;
  readonly meterProvider: MeterProvider | undefined;
  readonly recordParams: boolean;
}

const KEYS = ['traces', 'metrics', 'tracerProvider', 'meterProvider', 'recordParams'] as const satisfies readonly (keyof TelemetryOptions)[];
const OWNER = 'createAgentKit: telemetry';

/** The settings of a `telemetry` option, or `undefined` when telemetry is off (`false` or left out). */
export function telemetrySettings(option: unknown): TelemetrySettings | undefined {
  if (option === undefined || option === false) return undefined;
  if (option === true) option = {};
  if (option === null || typeof option !== 'object' || Array.isArray(option)) {
    throw invalidArgument(`${OWNER} must be true, false or an object { traces?, metrics?, tracerProvider?, meterProvider?, recordParams? }; got ${describeValue(option)}.`);
  }
  refuseUnknownKeys(OWNER, option, KEYS);
  const given = option as Record<string, unknown>;
  return Object.freeze({
    traces: flag(given, 'traces', true),
    metrics: flag(given, 'metrics', true),
    tracerProvider: provider(given, 'tracerProvider', 'getTracer', 'a TracerProvider (e.g. BasicTracerProvider of @opentelemetry/sdk-trace)') as TracerProvider | undefined,
    meterProvider: provider(given, 'meterProvider', 'getMeter', 'a MeterProvider (e.g. MeterProvider of @opentelemetry/sdk-metrics)') as MeterProvider | undefined,
    recordParams: flag(given, 'recordParams', false),
  });
}

function flag(given: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = given[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalidArgument(`${OWNER}.${key} must be true or false; got ${describeValue(value)}.`);
  return value;
}

// Recognised by shape, not instanceof: the SDK may be another copy than the one this package sees.
function provider(given: Record<string, unknown>, key: string, method: string, what: string): unknown {
  const value = given[key];
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || typeof (value as Record<string, unknown>)[method] !== 'function') {
    throw invalidArgument(`${OWNER}.${key} must be ${what}, an object with ${method}(); got ${describeValue(value)}.`);
  }
  return value;
}
