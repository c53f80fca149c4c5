import { createRequire } from 'node:module';
import type { Client } from '@hiero-ledger/sdk';
import type { Context as KitContext } from '@hashgraph/hedera-agent-kit';
import { allCorePlugins } from '@hashgraph/hedera-agent-kit/plugins';
import sinon from 'sinon';

/**
 * The zod 3 the Hedera Agent Kit writes its tools with: its own nested copy (its package exports
 * do not reach it by path, so it is required from the kit's own folder). Typed as the `zod/v3`
 * this project has, which has the same API.
 */
export const kitZod = createRequire(require.resolve('@hashgraph/hedera-agent-kit'))('zod') as typeof import('zod/v3');

/** A tool of the Hedera Agent Kit (its own `Tool` type, which it does not export by name). */
export type RealKitTool = ReturnType<(typeof allCorePlugins)[number]['tools']>[number];

/** Every tool of the Hedera Agent Kit's core plugins, built with an empty context as its toolkits do. */
export function realKitTools(): { plugin: string; tool: RealKitTool }[] {
  return allCorePlugins.flatMap((plugin) => plugin.tools({}).map((tool) => ({ plugin: plugin.name, tool })));
}

/** One tool of the Hedera Agent Kit's core plugins by method name. */
export function realKitTool(method: string): RealKitTool {
  const found = realKitTools().find(({ tool }) => tool.method === method);
  if (!found) throw new Error(`The Hedera Agent Kit has no tool ${method}.`);
  return found.tool;
}

/** What one of that kit's tools answers: `{ raw, humanMessage }` (RETURN_BYTES answers flat, `{ status, bytes, … }`). */
export type RealKitOutcome = { raw: Record<string, any>; humanMessage: string; [field: string]: any };

/**
 * Runs one of that kit's tools as its toolkits do: input refused by the tool's schema comes back as
 * `{ raw: { status: 'ERROR', refusedBy: 'schema' } }`, else its execute's result. A failing kit tool
 * logs through console.error, which is silenced meanwhile to keep the test output clean.
 */
export async function runRealKitTool(method: string, args: unknown, client: Client, context: KitContext): Promise<RealKitOutcome> {
  const tool = realKitTool(method);
  if (!tool.parameters.safeParse(args).success) return { raw: { status: 'ERROR', refusedBy: 'schema' }, humanMessage: 'refused by its schema' };
  const quiet = sinon.stub(console, 'error');
  try {
    return (await tool.execute(client, context, args)) as RealKitOutcome;
  } finally {
    quiet.restore();
  }
}
