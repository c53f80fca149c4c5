import type { MeterProvider } from '@opentelemetry/api';
import { isLoopback } from '../../adapters/shared/loopback.js';
import { loadWithPeer } from '../../lifecycle/optional-peer.js';
import { UsageError } from '../usage-error.js';

/** The variable `--metrics-host` off loopback reads its token from: a command line shows in `ps`, the environment does not. */
export const METRICS_TOKEN_VARIABLE = 'AGENT_HOOKS_METRICS_TOKEN';

/** The Prometheus endpoint of `agent-hooks mcp --metrics`, and the MeterProvider the server's kit reports to. */
export interface McpMetrics {
  readonly url: string;
  readonly meterProvider: MeterProvider;
  close(): Promise<void>;
}

/**
 * Serves the metrics of the kit the MCP server runs, where Prometheus can scrape them while agents
 * call its tools. Started before the kit opens, so a port in use or a missing exporter fails at once.
 */
export async function startMcpMetrics(port: number, host: string | undefined, env: Readonly<Record<string, string | undefined>>): Promise<McpMetrics> {
  const token = env[METRICS_TOKEN_VARIABLE] || undefined;
  if (host !== undefined && !isLoopback(host) && token === undefined) {
    throw new UsageError(`--metrics-host ${host} lets other machines read the metrics: set ${METRICS_TOKEN_VARIABLE} to a token of at least 16 characters, which scrapers send as Authorization: Bearer <token>; or leave --metrics-host out to listen on 127.0.0.1.`);
  }
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) {
    throw new UsageError(`${METRICS_TOKEN_VARIABLE} must be at least 16 characters without spaces; it has ${token.length} characters.`);
  }
  const feature = 'agent-hooks mcp --metrics';
  const { serveMetrics } = await import('../../adapters/metrics/index.js');
  // Comes with @opentelemetry/exporter-prometheus, which serveMetrics asks for by name.
  const { MeterProvider } = await loadWithPeer(() => import('@opentelemetry/sdk-metrics'), '@opentelemetry/sdk-metrics', feature);
  const endpoint = await serveMetrics({ port, ...(host !== undefined ? { host } : {}), ...(token !== undefined ? { token } : {}) });
  const meterProvider = new MeterProvider({ readers: [endpoint.reader] });
  return {
    url: endpoint.url,
    meterProvider,
    async close() {
      try {
        await meterProvider.shutdown();
      } finally {
        await endpoint.close();
      }
    },
  };
}
