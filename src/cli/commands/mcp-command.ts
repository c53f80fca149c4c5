import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { ConfiguredKit } from '../../config/create-kit-from-config.js';
import type { LoadedConfig } from '../../config/load-config.js';
import { loadWithPeer } from '../../lifecycle/optional-peer.js';
import type { CliIo } from '../cli-io.js';
import type { CommandContext } from '../command-context.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../run-action.js';
import { UsageError } from '../usage-error.js';
import { METRICS_TOKEN_VARIABLE, startMcpMetrics } from './mcp-metrics.js';
import { MCP_TOKENS_ENV, mcpTokenMap, stdioPrincipal } from './mcp-principal.js';

interface McpOptions {
  http?: number;
  host?: string;
  metrics?: number;
  metricsHost?: string;
  tokensFile?: string;
  user?: string;
  tenant?: string;
  session?: string;
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
    .option('--tokens-file <file>', `with --http: one bearer token per user, a JSON file {"alice": "<token>", "bob": {"token": "<token>", "tenantId": "acme"}} readable by its owner only (chmod 600); or the same JSON in ${MCP_TOKENS_ENV}`)
    .option('--user <id>', 'over stdio: the user every call runs for (context.userId)')
    .option('--tenant <id>', 'over stdio: the tenant every call runs for (context.tenantId)')
    .option('--session <id>', 'over stdio: the session every call runs in (context.sessionId)')
    .addHelpText(
      'after',
      `\nWho calls: over HTTP, --tokens-file (or ${MCP_TOKENS_ENV}, or the configuration's mcp.tokensFile) names each user's token; every request must then carry one (Authorization: Bearer <token>), a missing or unknown token gets 401, and each call runs for the token's user in the client's MCP session, so per-user budgets hold. Over stdio the one client is who --user, --tenant and --session (or the configuration's mcp.principal) say; the flags and the environment win over the configuration. Tokens are never read from the command line, where every user of the machine can list them.`,
    )
    .action((options: McpOptions, command: Command) =>
      run(command, async (ctx) => {
        if (options.host !== undefined && options.http === undefined) throw new UsageError('--host applies to --http <port>; over stdio there is nothing to bind.');
        // Before the kit opens: a missing MCP SDK fails at once, with no devnet started for nothing.
        if (options.metricsHost !== undefined && options.metrics === undefined) throw new UsageError('--metrics-host applies to --metrics <port>.');
        // The configuration's mcp section is read before anything starts, for the same checks as the flags.
        const loaded = await ctx.loadConfig();
        const { clients, tokens, principal } = mcpClients(options, loaded, ctx.io);
        if (options.http === undefined && tokens !== undefined) throw new UsageError(`${clients.tokens} to --http <port>: over stdio the one client is who --user, --tenant and --session (or mcp.principal) say.`);
        if (options.http !== undefined && principal) throw new UsageError(`${clients.principal} over stdio; over --http each client is the user its token names (--tokens-file or mcp.tokensFile).`);
        const serve = options.http === undefined ? await stdioServe(principal) : await httpServe(options.http, options.host, tokens);
        const metrics = options.metrics === undefined ? undefined : await startMcpMetrics(options.metrics, options.metricsHost, ctx.io.env);
        let configured: ConfiguredKit;
        try {
          configured = await ctx.openKit({ loaded, ...(metrics ? { telemetry: { meterProvider: metrics.meterProvider } } : {}) });
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

/**
 * Who the clients are: the token map and the stdio principal, each from the flags (or the
 * environment) when given, else from the configuration's `mcp` section; `clients` names where each
 * came from, for a usage error that points at the right place.
 */
function mcpClients(options: McpOptions, loaded: LoadedConfig, io: CliIo): { clients: { tokens: string; principal: string }; tokens: unknown; principal: Record<string, string> | undefined } {
  const fromFile = loaded.config.mcp;
  const tokensFlag = options.tokensFile !== undefined || Boolean(io.env[MCP_TOKENS_ENV]);
  const principalFlag = options.user !== undefined || options.tenant !== undefined || options.session !== undefined;
  const configuredTokens = fromFile?.tokensFile === undefined ? undefined : { file: path.resolve(loaded.baseDir, fromFile.tokensFile), source: loaded.source };
  return {
    clients: {
      tokens: tokensFlag ? `--tokens-file and ${MCP_TOKENS_ENV} apply` : `mcp.tokensFile (in ${loaded.source}) applies`,
      principal: principalFlag ? '--user, --tenant and --session apply' : `mcp.principal (in ${loaded.source}) applies`,
    },
    tokens: mcpTokenMap(options.tokensFile === undefined ? undefined : path.resolve(io.cwd, options.tokensFile), io.env[MCP_TOKENS_ENV], configuredTokens),
    principal: stdioPrincipal(options, fromFile?.principal),
  };
}

// Loaded on demand: the MCP SDK is an optional peer dependency, and the other commands run without it.
const withMcpSdk = <T>(load: () => Promise<T>): Promise<T> => loadWithPeer(load, '@modelcontextprotocol/sdk', 'agent-hooks mcp');

async function stdioServe(principal: Record<string, string> | undefined): Promise<Serve> {
  const { serveMcpOverStdio } = await withMcpSdk(() => import('../../adapters/mcp/mcp-server.js'));
  return async (configured, ctx, signal) => {
    // stdout carries the protocol: everything for people goes to stderr.
    ctx.io.stderr(`agent-hooks mcp: serving ${configured.kit.listTools().length} tools on network "${configured.network}" over stdio\n`);
    await serveMcpOverStdio(configured.kit, { signal, ...(principal ? { context: principal } : {}) });
  };
}

async function httpServe(port: number, host: string | undefined, tokens: unknown): Promise<Serve> {
  const { startMcpHttpServer } = await withMcpSdk(() => import('../../adapters/mcp/mcp-http-server.js'));
  return async (configured, ctx, signal) => {
    // The map is checked here, before anything listens: a bad entry is named, its token never shown.
    const server = await startMcpHttpServer(configured.kit, { port, host, ...(tokens === undefined ? {} : { tokens: tokens as never }) });
    ctx.io.stderr(`agent-hooks mcp: serving ${configured.kit.listTools().length} tools on network "${configured.network}" at ${server.url} (Streamable HTTP${server.authenticated ? ', bearer tokens required' : ''})\n`);
    if (!server.loopback && !server.authenticated) {
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
