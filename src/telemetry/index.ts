/** OpenTelemetry for the kit's calls: spans, metrics and log correlation, loaded only when a kit asks for them. */
export { ATTR, METRIC, SCOPE } from './attribute-names.js';
export { callOutcome, type CallOutcomeName } from './call-outcome-name.js';
export type { KitTelemetry, TelemetryScope } from './kit-telemetry.js';
export { loadTelemetry, type TelemetryFactory } from './load-telemetry.js';
export { telemetryOptionSchema, telemetrySettings, type TelemetryOptions, type TelemetrySettings } from './telemetry-options.js';
