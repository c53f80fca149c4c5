import type { Context } from '../lifecycle/context.js';
import { AgentHooksError, ErrorCode, messageOf } from '../errors/index.js';
import type { LoadedPlugin } from '../plugins/plugin-loader.js';

/** One tool a plugin built, with the plugin's name, as `assembleKit` registers it. */
export interface PluginTool {
  tool: unknown;
  plugin: string;
}

/**
 * Builds every plugin's tools for one kit's context, in plugin order. A plugin whose `tools`
 * throws or returns something other than an array stops the kit, naming the plugin and its source;
 * the tools themselves are checked when they are registered.
 */
export function buildPluginTools(plugins: readonly LoadedPlugin[], context: Context): PluginTool[] {
  const tools: PluginTool[] = [];
  for (const { plugin, source } of plugins) {
    let built: unknown;
    try {
      built = plugin.tools(context);
    } catch (error) {
      throw new AgentHooksError(ErrorCode.PLUGIN_LOAD, `Plugin "${plugin.name}" (${source}) failed to build its tools: ${messageOf(error)}`, { cause: error });
    }
    if (!Array.isArray(built)) {
      throw new AgentHooksError(ErrorCode.PLUGIN_INVALID, `Plugin "${plugin.name}" (${source}): tools(context) must return an array of tools.`);
    }
    for (const tool of built) tools.push({ tool, plugin: plugin.name });
  }
  return tools;
}
