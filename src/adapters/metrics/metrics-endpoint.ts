import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { z } from 'zod';
import { invalidArgument, parseOptions } from '../../errors/index.js';
import { loadWithPeer } from '../../lifecycle/optional-peer.js';
import { isLoopback, loopbackRefusal, urlHost } from '../shared/loopback.js';
import { bearerMatches, checkedToken } from '../shared/bearer-token.js';
import { checkedHost, checkedPort, listen } from '../shared/http-listen.js';

const OWNER = 'serveMetrics';
export const METRICS_PATH = '/metrics';
/** The Prometheus exporter's customary port. */
export const DEFAULT_METRICS_PORT = 9464;

export interface MetricsEndpointOptions {
  /** Default 9464; 0 takes any free port. */
  port?: number;
  /** Default 127.0.0.1. Any other address needs `token`. */
  host?: string;
  /** Required off loopback: scrapers send `Authorization: Bearer <token>`. */
  token?: string;
}

/** The option keys; each value is checked by the server's own port, host and token rules below. */
const metricsEndpointOptions = z.strictObject(
  { port: z.unknown().optional(), host: z.unknown().optional(), token: z.unknown().optional() } satisfies Record<keyof MetricsEndpointOptions, z.ZodType>,
  { error: 'options { port?, host?, token? }' },
);

export interface MetricsEndpoint {
  /** Add it to your MeterProvider (`new MeterProvider({ readers: [endpoint.reader] })`): what it collects is what the endpoint serves. */
  readonly reader: PrometheusExporter;
  /** Where Prometheus scrapes, e.g. `http://127.0.0.1:9464/metrics`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the metrics a MeterProvider collects in the Prometheus text format at `/metrics`, on
 * loopback unless given a host and a token. Uses `@opentelemetry/exporter-prometheus` (an optional
 * peer) as the reader; the server is this package's, so the loopback and token checks apply.
 *
 * @example
 * const endpoint = await serveMetrics({ port: 9464 });
 * metrics.setGlobalMeterProvider(new MeterProvider({ readers: [endpoint.reader] }));
 * const kit = await createAgentKit({ client, telemetry: true });
 */
export async function serveMetrics(options: MetricsEndpointOptions = {}, load: () => Promise<unknown> = () => import('@opentelemetry/exporter-prometheus')): Promise<MetricsEndpoint> {
  parseOptions(OWNER, metricsEndpointOptions, options);
  const port = checkedPort(options.port ?? DEFAULT_METRICS_PORT, OWNER);
  const host = checkedHost(options.host ?? '127.0.0.1', OWNER);
  const loopback = isLoopback(host);
  const token = checkedToken(options.token, loopback, OWNER, 'scrapers send');
  const module = (await loadWithPeer(load, '@opentelemetry/exporter-prometheus', OWNER)) as { PrometheusExporter?: PrometheusExporterClass; default?: { PrometheusExporter: PrometheusExporterClass } };
  const Exporter = module.PrometheusExporter ?? module.default!.PrometheusExporter;
  const exporter = new Exporter({ preventServerStart: true });

  const http = createServer((req, res) => handle(req, res));
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const refusal = loopback ? loopbackRefusal(req, host) : undefined;
    if (refusal) return plain(res, 403, refusal);
    if (token && !bearerMatches(req.headers.authorization, token)) return plain(res, 401, 'Unauthorized: send Authorization: Bearer <token>, the token this endpoint was started with', { 'www-authenticate': 'Bearer' });
    if (new URL(req.url ?? '/', 'http://host').pathname !== METRICS_PATH) return plain(res, 404, `Not Found: the metrics are at ${METRICS_PATH}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method Not Allowed: use GET', { allow: 'GET, HEAD' });
    exporter.getMetricsRequestHandler(req, res);
  };
  await listen(http, port, host, OWNER);
  const bound = (http.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    reader: exporter,
    url: `http://${urlHost(host)}:${bound}${METRICS_PATH}`,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        http.closeAllConnections();
        await stopped;
      })()),
  };
}

type PrometheusExporterClass = new (config: { preventServerStart: boolean }) => PrometheusExporter;

function plain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(`${message}\n`);
}
