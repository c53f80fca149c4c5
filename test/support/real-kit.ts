import { createRequire } from 'node:module';
import { allCorePlugins } from '@hashgraph/hedera-agent-kit/plugins';

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
