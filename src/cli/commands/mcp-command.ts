import type { Command } from 'commander';
import { loadWithPeer } from '../../lifecycle/optional-peer.js';
import { ExitCode } from '../exit-codes.js';
import type { RunAction } from '../program.js';

/** `agent-hooks mcp`: the configured tools over stdio for any MCP client. */
export function registerMcpCommand(program: Command, run: RunAction): void {
  program
    .command('mcp')
    .description('serve the configured tools to an MCP client over stdio; hooks and policies apply to every call')
    .action((_options, command: Command) =>
      run(command, async (ctx) => {
        // Loaded on demand: the MCP SDK is an optional peer dependency, and the other commands run without it.
        const { serveMcpOverStdio } = await loadWithPeer(() => import('../../adapters/mcp/mcp-server.js'), '@modelcontextprotocol/sdk', 'agent-hooks mcp');
        const configured = await ctx.openKit();
        const stop = new AbortController();
        const onSignal = (): void => stop.abort();
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        // stdout carries the protocol: everything for people goes to stderr.
        ctx.io.stderr(`agent-hooks mcp: serving ${configured.kit.listTools().length} tools on network "${configured.network}" over stdio\n`);
        try {
          await serveMcpOverStdio(configured.kit, { signal: stop.signal });
        } finally {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          await configured.close();
        }
        return ExitCode.OK;
      }),
    );
}
