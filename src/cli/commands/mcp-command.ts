import { InvalidArgumentError, type Command } from 'commander';
import type { ConfiguredKit } from '../../config/create-kit-from-config.js';
import { loadWithPeer } from '../../lifecycle/optional-peer.js';
import type { CommandContext } from '../command-context.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../run-action.js';
import { UsageError } from '../usage-error.js';
import { METRICS_TOKEN_VARIABLE, startMcpMetrics } from './mcp-metrics.js';

interface McpOptions {
  http?: number;
  host?: string;
  metrics?: number;
  metricsHost?: string;
}

/** Serves an open kit until the client goes away or `signal` aborts. */
type Serve = (configured: ConfiguredKit, ctx: CommandContext, signal: AbortSignal) => Promise<void>;

/** `agent-hooks mcp`: the configured tools for any MCP client, over stdio or Streamable HTTP. */
export function registerMcpCommand(program: Command, run: RunAction): void {
  program
    .command('mcp')
    .description('serve the configured tools to an MCP client over stdio, or over Streamable HTTP with --http; hooks and policies apply to every call')
    .option('--http <port>', 'serve over Streamable HTTP at http://<host>:<port>/mcp instead of stdio (0: any free port)', parsePort)
    .option('--host <address>', 'the address --http listens on (default 127.0.0.1: this machine only)')
    .option('--metrics <port>', `also serve the kit's metrics for Prometheus at http://<metrics-host>:<port>/metrics (0: any free port)`, parsePort)
    .option('--metrics-host <address>', `the address --metrics listens on (default 127.0.0.1; any other needs ${METRICS_TOKEN_VARIABLE})`)
    .action((options: McpOptions, command: Command) =>
      run(command, async (ctx) => {
        if (options.host !== undefined && options.http === undefined) throw new UsageError('--host applies to --http <port>; over stdio there is nothing to bind.');
        // Before the kit opens: a missing MCP SDK fails at once, with no devnet started for nothing.
        if (options.metricsHost !== undefined && options.metrics === undefined) throw new UsageError('--metrics-host applies to --metrics <port>.');
        const serve = options.http === undefined ? await stdioServe() : await httpServe(options.http, options.host);
        const metrics = options.metrics === undefined ? undefined : await startMcpMetrics(options.metrics, options.metricsHost, ctx.io.env);
        let configured: ConfiguredKit;
        try {
          configured = await ctx.openKit(metrics ? { telemetry: { meterProvider: metrics.meterProvider } } : {});
        } catch (error) {
          await metrics?.close();
          throw error;
        }
        if (metrics) ctx.io.stderr(`agent-hooks mcp: metrics at ${metrics.url} (Prometheus)\n`);
        const stop = new AbortController();
        const onSignal = (): void => stop.abort();
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        try {
          await serve(configured, ctx, stop.signal);
        } finally {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          try {
            await configured.close();
          } finally {
            await metrics?.close();
          }
        }
        return ExitCode.OK;
      }),
    );
}

// Loaded on demand: the MCP SDK is an optional peer dependency, and the other commands run without it.
const withMcpSdk = <T>(load: () => Promise<T>): Promise<T> => loadWithPeer(load, '@modelcontextprotocol/sdk', 'agent-hooks mcp');

async function stdioServe(): Promise<Serve> {
  const { serveMcpOverStdio } = await withMcpSdk(() => import('../../adapters/mcp/mcp-server.js'));
  return async (configured, ctx, signal) => {
    // stdout carries the protocol: everything for people goes to stderr.
    ctx.io.stderr(`agent-hooks mcp: serving ${configured.kit.listTools().length} tools on network "${configured.network}" over stdio\n`);
    await serveMcpOverStdio(configured.kit, { signal });
  };
}

async function httpServe(port: number, host: string | undefined): Promise<Serve> {
  const { startMcpHttpServer } = await withMcpSdk(() => import('../../adapters/mcp/mcp-http-server.js'));
  return async (configured, ctx, signal) => {
    const server = await startMcpHttpServer(configured.kit, { port, host });
    ctx.io.stderr(`agent-hooks mcp: serving ${configured.kit.listTools().length} tools on network "${configured.network}" at ${server.url} (Streamable HTTP)\n`);
    if (!server.loopback) {
      ctx.io.stderr(`warning: listening on ${host}, not only on this machine: anyone who can reach it can call the tools, without authentication.\n`);
    }
    try {
      await new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        else signal.addEventListener('abort', () => resolve(), { once: true });
      });
    } finally {
      await server.close();
    }
  };
}

/** `--http <port>`: a whole number from 0 to 65535, refused by commander (exit 2) otherwise. */
function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(port <= 65535)) throw new InvalidArgumentError(`the port must be a whole number from 0 to 65535 (0 takes any free port), got "${value}".`);
  return port;
}
