/** The Prometheus endpoint: the OpenTelemetry metrics a MeterProvider collects, in Prometheus's text format over HTTP. */
export { DEFAULT_METRICS_PORT, METRICS_PATH, serveMetrics, type MetricsEndpoint, type MetricsEndpointOptions } from './metrics-endpoint.js';
