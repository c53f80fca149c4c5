import type { Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { Context } from '../lifecycle/context.js';
import { invalidArgument, parseOptions } from '../errors/index.js';
import { silentLogger, type Logger } from '../lifecycle/logger.js';
import { AgentMode } from '../values/agent-mode.js';
import type { Plugin } from '../plugins/plugin-contract.js';
import { kitRedactor } from '../secrets/kit-redactor.js';
import type { SecretKey } from '../secrets/key-redactor.js';
import { coreTools } from '../plugins/core-tools.js';
import { loadPlugins, pluginLabel, validatePlugin } from '../plugins/plugin-loader.js';
import type { AgentKit } from './agent-kit.js';
import { assembleKit, kitStarted } from './assemble-kit.js';
import { kitOptionsSchema, kitOptionsShape } from './kit-options-schema.js';
import { refuseUnknownOptions } from './option-keys.js';
import { buildPluginTools } from './plugin-tools.js';
import { loadTelemetry, telemetrySettings, type TelemetryOptions } from '../telemetry/index.js';
import { killSwitchFrom, type KillSwitch, type KillSwitchOptions } from '../policies/kill-switch.js';
import { useJournalStateFile } from './default-state-file.js';

export interface AgentKitOptions {
  /** The operator client: pays for and signs AUTONOMOUS transactions. */
  client: Client;
  context?: Context;
  /** Plugins added to those found in `pluginsDir`. */
  plugins?: readonly Plugin[];
  /** Folder of plugins to load; defaults to the project's core plugins; `null` loads none. */
  pluginsDir?: string | null;
  /** Decorated classes (resolved in the kit's container) and hook/policy instances. */
  hooks?: unknown[];
  /** Parent of the kit's own child container; register AUDIT_CLIENT and your services here. */
  container?: DependencyContainer;
  /** Mirror node REST base URL for tools that read the ledger. */
  mirrorNodeUrl?: string;
  /** Expose only these tools. */
  tools?: string[];
  /**
   * Tool names the policies may list although this kit does not have them, e.g. a shared policy
   * list covering a plugin this kit does not load. Without it, a policy naming a tool the kit does
   * not have stops the kit at start: it would guard nothing, and a misspelt or disguised name
   * (`delete_account_tool?`, a zero-width joiner) would leave the real tool open. The Hedera Agent
   * Kit's tool names and the tools `tools` leaves out need no entry here.
   */
  unloadedPolicyTools?: readonly string[];
  /** Time budget of an asynchronous policy verdict, in ms (default 5000); over it, the call is blocked. */
  policyTimeoutMs?: number;
  /**
   * How long `kit.close()` waits for calls in flight before closing the hooks anyway, in ms
   * (default 30000, or the longest policy time budget plus 10000 when that is longer, so a pending
   * approval can still be answered). Calls that finish within it return with their audit entries durable.
   */
  drainTimeoutMs?: number;
  /** Receives the kit's log lines, with private keys cut out. */
  logger?: Logger;
  /**
   * Private keys no result, log line, audit entry or ledger text may carry, e.g. the operator key
   * `client` was set up with. Without it the kit still refuses and cuts the operator's whole key in
   * any encoding, recognised by the client's public key; given the key's bytes, it also finds pieces
   * of it (16 hex or 12 base64 characters and more, e.g. a key split across two fields). The SDK
   * Client keeps its private key in a signing closure, so the kit cannot read it from the client.
   */
  secretKeys?: readonly SecretKey[];
  /**
   * OpenTelemetry spans, metrics and log correlation for every call (docs/telemetry.md), through
   * the providers registered with `@opentelemetry/api` (an optional peer) or the ones given here.
   * Off by default: without it the API is not loaded and calls pay nothing for it.
   */
  telemetry?: boolean | TelemetryOptions;
  /**
   * A kill switch every call obeys, checked before any policy (docs/oversight.md): a KillSwitch
   * (several kits may share one) or its options, e.g. `{ store: { redis: 'redis://127.0.0.1:6379' } }`
   * to share it with every process on that Redis, `{}` for this process only. Then `kit.pause(reason)`
   * and `kit.unpause()` turn it on and off, audited. Off by default: without it calls pay nothing for it.
   */
  killSwitch?: KillSwitch | KillSwitchOptions;
}

/** Every option: the schema's keys, checked against the interface both ways at compile time so neither can leave one out. */
const OPTION_KEYS = Object.keys(kitOptionsShape satisfies Record<keyof AgentKitOptions, z.ZodType>);
type SameKeys = [keyof AgentKitOptions] extends [keyof typeof kitOptionsShape] ? ([keyof typeof kitOptionsShape] extends [keyof AgentKitOptions] ? true : never) : never;
const sameKeys: SameKeys = true;
void sameKeys;

/** The context's own fields, which people put next to `context` instead of in it. */
const CONTEXT_FIELDS = ['mode', 'accountId', 'accountPublicKey', 'strategy', 'transactionStrategy', 'sessionId'];

/**
 * Refuses keys createAgentKit does not have, saying where the misplaced ones belong. `at` is where
 * the options sit in the caller's own options (createKitFromEnv passes `kit.`), so the path in the
 * message is the one to write; `without` are options the caller fills in itself.
 */
export function refuseUnknownKitOptions(options: object, owner = 'createAgentKit', at = '', without: readonly string[] = []): void {
  const elsewhere: Record<string, string> = Object.fromEntries(CONTEXT_FIELDS.map((field) => [field, `${at}context.${field}`]));
  // The Hedera Agent Kit's toolkits take { client, configuration: { plugins, tools, context } }.
  elsewhere.configuration = 'agentKitFromConfiguration({ client, configuration })';
  // The caller sets these itself: a value given here would be silently replaced.
  for (const key of without) elsewhere[key] = `createAgentKit({ ${key} })`;
  refuseUnknownOptions(owner, options, OPTION_KEYS.filter((key) => !without.includes(key)), elsewhere);
}

export const DEFAULT_POLICY_TIMEOUT_MS = 5_000;

/** The longest delay setTimeout honours. */
export { MAX_TIMER_MS } from '../values/value-schemas.js';

/**
 * Builds an agent kit: loads plugins, registers their tools, and indexes every hook and policy
 * (from `context.hooks`, `hooks` and the plugins, in that order) by stage and tool.
 *
 * @example
 * const kit = await createAgentKit({
 *   client,
 *   context: { accountId: '0.0.1234', hooks: [new RejectToolPolicy(['delete_account_tool'])] },
 *   hooks: [TransferLogger],
 * });
 * const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.5', amount: 1 }] });
 */
export async function createAgentKit(options: AgentKitOptions): Promise<AgentKit> {
  checkOptions(options);
  const secrets = kitRedactor([options.client], options.secretKeys, 'createAgentKit: secretKeys');
  const telemetrySetting = telemetrySettings(options.telemetry);
  const telemetry = telemetrySetting && (await loadTelemetry(telemetrySetting));
  const context: Context = { ...options.context, mode: options.context?.mode ?? AgentMode.AUTONOMOUS };
  if (options.mirrorNodeUrl) context.mirrorNodeUrl = options.mirrorNodeUrl;

  // The core plugins' tools are registered from their manifest and imported on first use.
  const deferredTools = options.pluginsDir === undefined ? await coreTools() : [];
  const plugins = await collectPlugins(options);
  const tools = buildPluginTools(plugins, context);

  const listeners = [
    ...(context.hooks ?? []).map((source, at) => ({ source, origin: `context.hooks[${at}]` })),
    ...(options.hooks ?? []).map((source, at) => ({ source, origin: `hooks[${at}]` })),
    ...plugins.flatMap(({ plugin }) => [
      ...(plugin.hooks ?? []).map((source, at) => ({ source, origin: `plugin "${plugin.name}" hooks[${at}]` })),
      ...(plugin.policies ?? []).map((source, at) => ({ source, origin: `plugin "${plugin.name}" policies[${at}]` })),
    ]),
  ];
  const killSwitch = options.killSwitch ? killSwitchFrom(options.killSwitch) : undefined;
  // A kit that journals keeps its policies' default state beside the journal, so it survives a restart.
  useJournalStateFile(listeners.map(({ source }) => source), killSwitch);
  const kit = assembleKit({
    client: options.client,
    context,
    parentContainer: options.container ?? rootContainer,
    tools,
    deferredTools,
    listeners,
    onlyTools: options.tools,
    ...(options.unloadedPolicyTools ? { unloadedPolicyTools: options.unloadedPolicyTools } : {}),
    policyTimeoutMs: options.policyTimeoutMs ?? DEFAULT_POLICY_TIMEOUT_MS,
    logger: options.logger ?? silentLogger,
    ...(options.drainTimeoutMs !== undefined ? { drainTimeoutMs: options.drainTimeoutMs } : {}),
    secrets,
    ...(telemetry ? { telemetry } : {}),
    ...(killSwitch ? { killSwitch } : {}),
  });
  try {
    await kitStarted(kit);
  } catch (error) {
    // Nothing half-started stays behind: journals opened by the other hooks are closed, their locks released.
    await kit.close().catch(() => undefined);
    throw error;
  }
  return kit;
}

async function collectPlugins(options: AgentKitOptions): Promise<{ plugin: Plugin; source: string }[]> {
  const fromDir = typeof options.pluginsDir === 'string' ? await loadPlugins(options.pluginsDir) : [];
  const given = (options.plugins ?? []).map((plugin, at) => ({
    plugin: validatePlugin(plugin, `plugins[${at}]${pluginLabel(plugin)}`),
    source: `plugins[${at}]`,
  }));
  return [...fromDir, ...given];
}

function checkOptions(options: AgentKitOptions): void {
  if (!options || typeof options !== 'object' || Array.isArray(options)) throw invalidArgument('createAgentKit needs an options object with at least { client }.');
  // First, for its hints: `mode` belongs in `context.mode`, `policyTimeoutMS` is `policyTimeoutMs`.
  refuseUnknownKitOptions(options);
  parseOptions('createAgentKit', kitOptionsSchema, options);
}
