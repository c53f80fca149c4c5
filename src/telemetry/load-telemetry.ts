import type * as Otel from '@opentelemetry/api';
import { loadWithPeer } from '../lifecycle/optional-peer.js';
import { KitTelemetry, type TelemetryScope } from './kit-telemetry.js';
import type { TelemetrySettings } from './telemetry-options.js';

/** Makes one kit's telemetry from the loaded API. */
export type TelemetryFactory = (scope: TelemetryScope) => KitTelemetry;

/**
 * Loads `@opentelemetry/api`, an optional peer, the first time a kit asks for telemetry; a kit
 * without the `telemetry` option never reaches this, so the API is not even required then.
 * Missing, it is E_MISSING_PEER naming the package to install.
 */
export async function loadTelemetry(settings: TelemetrySettings, load: () => Promise<unknown> = () => import('@opentelemetry/api')): Promise<TelemetryFactory> {
  const loaded = (await loadWithPeer(load, '@opentelemetry/api', 'createAgentKit({ telemetry })')) as typeof Otel & { default?: typeof Otel };
  // import() of the CommonJS build gives the exports under `default` where the names were not detected.
  const api = typeof loaded.trace?.getTracerProvider === 'function' ? loaded : loaded.default!;
  return (scope) => new KitTelemetry(api, settings, scope);
}
