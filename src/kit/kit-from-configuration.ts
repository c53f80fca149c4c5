import type { Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { container as rootContainer } from 'tsyringe';
import type { Context } from '../lifecycle/context.js';
import { invalidArgument, parseOptions } from '../errors/index.js';
import { silentLogger } from '../lifecycle/logger.js';
import { AgentMode } from '../values/agent-mode.js';
import { sdkClientSchema } from '../values/value-schemas.js';
import type { Plugin } from '../plugins/plugin-contract.js';
import { pluginLabel, validatePlugin, type LoadedPlugin } from '../plugins/plugin-loader.js';
import type { AgentKit } from './agent-kit.js';
import { assembleKit } from './assemble-kit.js';
import { closestNames } from './closest-names.js';
import { DEFAULT_POLICY_TIMEOUT_MS } from './create-agent-kit.js';
import { contextSchema } from './kit-options-schema.js';
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

const OWNER = 'Cannot build an agent kit from { client, configuration }';
const PREFIX = `${OWNER}:`;

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

/** `{ client, configuration }`, as the Hedera Agent Kit's toolkits take it. */
const fromConfigurationSchema = z.object(
  {
    client: sdkClientSchema('a Hedera SDK Client (e.g. Client.forTestnet().setOperator(id, key))'),
    configuration: z.object(
      {
        plugins: z.array(z.unknown(), { error: 'an array of plugins' }).optional(),
        tools: z.array(z.string({ error: 'a tool name' }).min(1, { error: 'a tool name' }), { error: 'an array of tool names' }).optional(),
        context: contextSchema.optional(),
      },
      { error: 'an object { plugins, tools, context }' },
    ),
  },
  { error: 'an object { client, configuration }' },
);

function checkOptions(options: unknown): KitFromConfigurationOptions {
  parseOptions(OWNER, fromConfigurationSchema, options);
  return options as KitFromConfigurationOptions;
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
