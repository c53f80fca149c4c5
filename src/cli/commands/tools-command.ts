import type { Command } from 'commander';
import { toolInputJsonSchema } from '../../adapters/mcp/tool-input-schema.js';
import type { RunAction } from '../run-action.js';
import { ExitCode } from '../exit-codes.js';

/** `agent-hooks tools`: the configured tools, with descriptions (and input schemas with --json). */
export function registerToolsCommand(program: Command, run: RunAction): void {
  program
    .command('tools')
    .description('list the tools the configuration exposes, with their descriptions (no operator or network needed)')
    .action((_options, command: Command) =>
      run(command, async (ctx) => {
        // Listing reaches no network: no devnet is started, no node probed, no operator required.
        const configured = await ctx.openKit({ offline: true });
        try {
          const tools = configured.kit.listTools();
          ctx.output.document(
            tools.map((tool) => ({ method: tool.method, name: tool.name, plugin: tool.plugin, description: tool.description, inputSchema: toolInputJsonSchema(tool.parameters, tool.method) })),
          );
          // Two columns need no table library: the names are short and the descriptions wrap as the terminal wraps them.
          const width = Math.max(0, ...tools.map((tool) => tool.method.length));
          for (const tool of tools) ctx.output.line(`${tool.method.padEnd(width)}  ${tool.description}`);
          ctx.output.note(`${tools.length} tool(s) on network "${configured.network}". Run one with: agent-hooks call <tool> '<json>'`);
          return ExitCode.OK;
        } finally {
          await configured.close();
        }
      }),
    );
}
