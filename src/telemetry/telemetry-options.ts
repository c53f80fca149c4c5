import type { MeterProvider, TracerProvider } from '@opentelemetry/api';
import { z } from 'zod';
import { parseOptions } from '../errors/index.js';

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
  /**
   * Puts for whom each call ran on its span: `user.id`, `session.id` and `hedera_agent_hooks.tenant.id`
   * from the call's context (`kit.execute(…, { context: { userId, sessionId, tenantId } })`), as
   * OpenTelemetry's conventions name them. Default false: they are personal data, so a span carries
   * them only when you say so.
   */
  recordPrincipal?: boolean;
  /**
   * How old, at most, the approval stores' count in the approvals-pending gauge may be, in ms
   * (default 10 000): a collection reads the stores (pending deferred requests, schedules awaiting
   * signatures) only when the last read is older, never per call.
   */
  approvalsRefreshMs?: number;
}

export interface TelemetrySettings {
  readonly traces: boolean;
  readonly metrics: boolean;
  readonly tracerProvider: TracerProvider | undefined;
  readonly meterProvider: MeterProvider | undefined;
  readonly recordParams: boolean;
  readonly recordPrincipal: boolean;
  readonly approvalsRefreshMs: number;
}

export const DEFAULT_APPROVALS_REFRESH_MS = 10_000;

/** Recognised by shape, not instanceof: the SDK may be another copy than the one this package sees. */
const providerSchema = (method: string, what: string) =>
  z.custom<object>((value) => value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>)[method] === 'function', { error: `${what}, an object with ${method}()` });

const flag = z.boolean({ error: 'true or false' });

/** `createAgentKit({ telemetry })`, as createAgentKit's options schema checks it. */
export const telemetryOptionSchema = z.union(
  [
    z.boolean(),
    z.strictObject({
      traces: flag.optional(),
      metrics: flag.optional(),
      tracerProvider: providerSchema('getTracer', 'a TracerProvider (e.g. BasicTracerProvider of @opentelemetry/sdk-trace)').optional(),
      meterProvider: providerSchema('getMeter', 'a MeterProvider (e.g. MeterProvider of @opentelemetry/sdk-metrics)').optional(),
      recordParams: flag.optional(),
      recordPrincipal: flag.optional(),
      approvalsRefreshMs: z.number({ error: 'a number of milliseconds' }).int({ error: 'a whole number of milliseconds' }).min(0, { error: 'at least 0 ms' }).max(86_400_000, { error: 'at most 86400000 ms (a day)' }).optional(),
    }),
  ],
  { error: 'true, false or an object { traces?, metrics?, tracerProvider?, meterProvider?, recordParams?, recordPrincipal?, approvalsRefreshMs? }' },
);

/** The settings of a `telemetry` option, or `undefined` when telemetry is off (`false` or left out). */
export function telemetrySettings(option: unknown): TelemetrySettings | undefined {
  if (option === undefined || option === false) return undefined;
  const given = parseOptions('createAgentKit', z.object({ telemetry: telemetryOptionSchema }), { telemetry: option });
  const options = given.telemetry === true ? {} : (given.telemetry as TelemetryOptions);
  return Object.freeze({
    traces: options.traces ?? true,
    metrics: options.metrics ?? true,
    tracerProvider: options.tracerProvider,
    meterProvider: options.meterProvider,
    recordParams: options.recordParams ?? false,
    recordPrincipal: options.recordPrincipal ?? false,
    approvalsRefreshMs: options.approvalsRefreshMs ?? DEFAULT_APPROVALS_REFRESH_MS,
  });
}
