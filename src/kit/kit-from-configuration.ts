import type { Client } from '@hiero-ledger/sdk';
import { container as rootContainer } from 'tsyringe';
import { isSdkClient } from '../values/sdk-values.js';
import type { Context } from '../lifecycle/context.js';
import { describeValue, invalidArgument } from '../errors/index.js';
import { silentLogger } from '../lifecycle/logger.js';
import { AgentMode, isAgentMode } from '../values/agent-mode.js';
import type { Plugin } from '../plugins/plugin-contract.js';
import { pluginLabel, validatePlugin, type LoadedPlugin } from '../plugins/plugin-loader.js';
import type { AgentKit } from './agent-kit.js';
import { assembleKit } from './assemble-kit.js';
import { closestNames } from './closest-names.js';
import { DEFAULT_POLICY_TIMEOUT_MS } from './create-agent-kit.js';
import { buildPluginTools, type PluginTool } from './plugin-tools.js';

/** The Hedera Agent Kit's `configuration`: the plugins to offer tools from, which tools, the agent's context. */
export interface KitConfiguration {
  /** The only plugins the kit loads; no plugins folder is read. */
  plugins?: readonly Plugin[];
  /** Expose only these tools; empty or omitted exposes every tool of the plugins, as in the Hedera Agent Kit. */
  tools?: readonly string[];
  /** The agent's context; its `hooks` become the kit's hooks and policies. */
  context?: Context;
}

/** What the Hedera Agent Kit's toolkits are constructed with. */
export interface KitFromConfigurationOptions {
  client: Client;
  configuration: KitConfiguration;
}

const PREFIX = 'Cannot build an agent kit from { client, configuration }:';

/**
 * Builds an agent kit synchronously from the Hedera Agent Kit's `{ client, configuration }`, so a
 * toolkit constructor written for that kit can build one. Only the given plugins are loaded; hooks
 * and policies come from `configuration.context.hooks`, then from each plugin's `hooks` and
 * `policies`. A bad field is refused with an error naming it.
 *
 * @example
 * const kit = agentKitFromConfiguration({
 *   client,
 *   configuration: { plugins: [coreAccountPlugin], tools: ['transfer_hbar_tool'], context: { hooks: [new MaxRecipientsPolicy(5)] } },
 * });
 * await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.5', amount: 1 }] });
 */
export function agentKitFromConfiguration(options: KitFromConfigurationOptions): AgentKit {
  const { client, configuration } = checkOptions(options);
  const given = configuration.context ?? {};
  const context: Context = { ...given, mode: given.mode ?? AgentMode.AUTONOMOUS };

  const plugins: LoadedPlugin[] = (configuration.plugins ?? []).map((plugin, at) => ({
    plugin: validatePlugin(plugin, `configuration.plugins[${at}]${pluginLabel(plugin)}`),
    source: `configuration.plugins[${at}]`,
  }));
  const tools = buildPluginTools(plugins, context);
  const onlyTools = configuration.tools?.length ? configuration.tools : undefined;
  if (onlyTools) checkToolNames(onlyTools, tools);

  const listeners = [
    ...(context.hooks ?? []).map((source, at) => ({ source, origin: `configuration.context.hooks[${at}]` })),
    ...plugins.flatMap(({ plugin }) => [
      ...(plugin.hooks ?? []).map((source, at) => ({ source, origin: `plugin "${plugin.name}" hooks[${at}]` })),
      ...(plugin.policies ?? []).map((source, at) => ({ source, origin: `plugin "${plugin.name}" policies[${at}]` })),
    ]),
  ];
  return assembleKit({
    client,
    context,
    parentContainer: rootContainer,
    tools,
    listeners,
    onlyTools,
    policyTimeoutMs: DEFAULT_POLICY_TIMEOUT_MS,
    logger: silentLogger,
  });
}

function checkOptions(options: unknown): KitFromConfigurationOptions {
  if (!isRecord(options)) throw invalidArgument(`${PREFIX} expected an object { client, configuration }, got ${describeValue(options)}.`);
  if (!isSdkClient(options.client)) {
    throw invalidArgument(`${PREFIX} client must be a Hedera SDK Client (e.g. Client.forTestnet().setOperator(id, key)), got ${describeValue(options.client)}.`);
  }
  const configuration = options.configuration;
  if (!isRecord(configuration)) throw invalidArgument(`${PREFIX} configuration must be an object { plugins, tools, context }, got ${describeValue(configuration)}.`);
  if (configuration.plugins !== undefined && !Array.isArray(configuration.plugins)) {
    throw invalidArgument(`${PREFIX} configuration.plugins must be an array of plugins, got ${describeValue(configuration.plugins)}.`);
  }
  const tools = configuration.tools;
  if (tools !== undefined) {
    if (!Array.isArray(tools)) throw invalidArgument(`${PREFIX} configuration.tools must be an array of tool names, got ${describeValue(tools)}.`);
    const bad = tools.findIndex((name) => typeof name !== 'string' || name === '');
    if (bad >= 0) throw invalidArgument(`${PREFIX} configuration.tools[${bad}] must be a tool name, got ${describeValue(tools[bad])}.`);
  }
  const context = configuration.context;
  if (context !== undefined) {
    if (!isRecord(context)) throw invalidArgument(`${PREFIX} configuration.context must be an object, got ${describeValue(context)}.`);
    if (context.hooks !== undefined && !Array.isArray(context.hooks)) {
      throw invalidArgument(`${PREFIX} configuration.context.hooks must be an array of hooks and policies, got ${describeValue(context.hooks)}.`);
    }
    if (context.mode !== undefined && !isAgentMode(context.mode)) {
      throw invalidArgument(`${PREFIX} configuration.context.mode "${String(context.mode)}" is not a mode; expected one of ${Object.values(AgentMode).join(', ')}.`);
    }
  }
  return options as unknown as KitFromConfigurationOptions;
}

/** Refused here rather than by the registry, so the message names the field the name came from. */
function checkToolNames(wanted: readonly string[], tools: readonly PluginTool[]): void {
  const known = tools.map(({ tool }) => (tool as { method?: unknown }).method).filter((method): method is string => typeof method === 'string');
  const unknown = wanted.filter((name) => !known.includes(name));
  if (!unknown.length) return;
  const hints = unknown.map((name) => {
    const close = closestNames(name, known);
    return close.length ? `"${name}" (closest: ${close.join(', ')})` : `"${name}"`;
  });
  throw invalidArgument(`${PREFIX} configuration.tools names tool(s) no plugin given defines: ${hints.join(', ')}. The plugins define: ${known.join(', ') || '(no tools)'}.`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
