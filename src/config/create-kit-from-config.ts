import path from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import type { Devnet } from '../devnet/index.js';
import type { Context } from '../lifecycle/context.js';
import { messageOf, UnknownToolError } from '../errors/index.js';
import { silentLogger, type Logger } from '../lifecycle/logger.js';
import type { AgentKit } from '../kit/agent-kit.js';
import type { TelemetryOptions } from '../telemetry/index.js';
import { createAgentKit } from '../kit/create-agent-kit.js';
import { refuseUnknownOptions } from '../kit/option-keys.js';
import { useStateFile } from '../kit/default-state-file.js';
import { configuredStateFile } from './default-policy-store.js';
import { PUBLIC_MIRROR_URLS } from '../mirror/mirror-client.js';
import { AgentMode } from '../values/agent-mode.js';
import { loadPlugins } from '../plugins/plugin-loader.js';
import type { Plugin } from '../plugins/plugin-contract.js';
import type { AgentHooksConfig, NetworkName } from './config-schema.js';
import { ConfigError } from './config-error.js';
import type { LoadedConfig } from './load-config.js';
import { chooseNetwork, type NetworkChoice } from './network-choice.js';
import { openNetwork } from './open-network.js';
import { signerFromConfig } from './signer-from-config.js';

/** A kit built from a configuration, with what it runs on. */
export interface ConfiguredKit {
  kit: AgentKit;
  /** The network it runs on, as chooseNetwork decided (config file, HEDERA_NETWORK, or the devnet). */
  network: NetworkName;
  /** What chose the network: the config file, HEDERA_NETWORK, or neither (the default devnet). */
  chosenBy: NetworkChoice['chosenBy'];
  /** The operator client the kit signs with (built `offline`: no nodes and no operator). */
  client: Client;
  /** The embedded devnet when `network` is `devnet`. */
  devnet?: Devnet;
  mirrorNodeUrl?: string;
  /** Settings given but not used (e.g. operator variables on a devnet); also logged as warnings. */
  warnings: readonly string[];
  /** Closes the kit (flushing its hooks), then the client or the embedded devnet. */
  close(): Promise<void>;
}

export interface ConfiguredKitOptions {
  /** Where HEDERA_NETWORK, HEDERA_OPERATOR_ID, HEDERA_OPERATOR_KEY(_TYPE) and HEDERA_MIRROR_NODE_URL are read (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Receives the kit's log lines and the warnings about unused settings. */
  logger?: Logger;
  /**
   * Build the kit without reaching any network, for listing tools: no devnet is started, no node
   * probed, no operator needed (one given is still checked, not used), and the configured hooks and
   * policies are built (so the file is validated) but not attached, so an audit hook does not start
   * delivering an earlier run's journal.
   */
  offline?: boolean;
  /**
   * Telemetry settings given in code, such as providers (a JSON file cannot hold them): merged over
   * the file's `telemetry` key by key, so `{ meterProvider }` with `"telemetry": { "traces": false }`
   * is metrics only, through that provider. Given while the file leaves the key out, they turn
   * telemetry on with what they say (the defaults for the rest).
   */
  telemetry?: TelemetryOptions;
}

const OPTION_KEYS = Object.keys({ env: true, logger: true, offline: true, telemetry: true } satisfies Record<keyof ConfiguredKitOptions, true>);

/**
 * Builds the client, context and kit a configuration describes. The network and operator are
 * decided by chooseNetwork, as for createKitFromEnv: the file's `network`, else HEDERA_NETWORK,
 * else a fresh embedded devnet (its own operator); every other network takes the operator from
 * HEDERA_OPERATOR_ID / HEDERA_OPERATOR_KEY.
 *
 * @example
 * const loaded = await loadConfig();
 * const { kit, close } = await createKitFromConfig(loaded);
 * try { console.log(kit.listTools().map((t) => t.method)); } finally { await close(); }
 */
export async function createKitFromConfig(loaded: LoadedConfig, options: ConfiguredKitOptions = {}): Promise<ConfiguredKit> {
  refuseUnknownOptions('createKitFromConfig', options, OPTION_KEYS);
  const { config } = loaded;
  const logger = options.logger ?? silentLogger;
  // With a signer the key lives in the signer's process: no operator key is read here.
  const signing = config.signer !== undefined && !options.offline;
  const choice = chooseNetwork({ env: options.env ?? process.env, config, source: loaded.source, operator: options.offline || signing ? 'optional' : 'required' });
  if (signing && choice.network === 'devnet') throw new ConfigError(loaded.source, ['signer: a signer holds the key of an account on a network of its own; set "network" (e.g. "local" with the node\'s addresses, or "testnet"), not the embedded devnet']);
  for (const warning of choice.warnings) logger.warn({}, warning);
  const telemetry = telemetryOption(config.telemetry, options.telemetry, loaded.source);
  const plugins = await loadPluginFolders(loaded);
  const opened = await openNetwork(choice, { offline: options.offline, source: loaded.source });
  const { client } = opened;
  if (signing) {
    try {
      await signerFromConfig(config.signer!, client, options.env ?? process.env, loaded);
    } catch (error) {
      await opened.close();
      throw error;
    }
  }
  const mirrorNodeUrl = opened.mirrorNodeUrl ?? (choice.network in PUBLIC_MIRROR_URLS ? PUBLIC_MIRROR_URLS[choice.network as keyof typeof PUBLIC_MIRROR_URLS] : undefined);

  const context: Context = {
    accountId: config.accountId ?? client.operatorAccountId?.toString() ?? choice.operator?.accountId.toString(),
    accountPublicKey: client.operatorPublicKey?.toStringDer(),
    mode: config.mode as AgentMode,
    ...(config.sessionId ? { sessionId: config.sessionId } : {}),
  };
  // Policies a JavaScript configuration built without a store keep their state beside the journal too.
  useStateFile(loaded.listeners, undefined, configuredStateFile(config, loaded.baseDir));
  let kit: AgentKit;
  try {
    kit = await createAgentKit({
      client,
      context,
      pluginsDir: config.corePlugins ? undefined : null,
      plugins,
      hooks: options.offline ? [] : loaded.listeners,
      mirrorNodeUrl,
      tools: config.tools,
      ...(config.unloadedPolicyTools ? { unloadedPolicyTools: config.unloadedPolicyTools } : {}),
      policyTimeoutMs: config.policyTimeoutMs,
      logger: options.logger,
      secretKeys: opened.operatorKey && !signing ? [opened.operatorKey] : [],
      // Offline (listing tools) nothing is watched: the switch would only start polling its store.
      ...(config.killSwitch && !options.offline ? { killSwitch: config.killSwitch } : {}),
      ...telemetry,
    });
  } catch (error) {
    await opened.close();
    // A tool name in the config that no plugin defines is a config problem: name the field.
    if (error instanceof UnknownToolError) throw new ConfigError(loaded.source, [`tools: ${error.message}`]);
    throw error;
  }
  return {
    kit,
    network: choice.network,
    chosenBy: choice.chosenBy,
    client,
    ...(opened.devnet ? { devnet: opened.devnet } : {}),
    mirrorNodeUrl,
    warnings: choice.warnings,
    async close() {
      try {
        await kit.close();
      } finally {
        await opened.close();
      }
    },
  };
}

/**
 * The file's `telemetry` with the code's settings over it; nothing when neither asks for telemetry.
 * With the key left out, code that gives providers turns on what they serve (a meterProvider alone
 * is metrics only); a provider the file's settings would leave unused is refused, not ignored.
 */
function telemetryOption(file: AgentHooksConfig['telemetry'], code: TelemetryOptions | undefined, source: string): { telemetry?: boolean | TelemetryOptions } {
  if (code === undefined) return file === undefined ? {} : { telemetry: file };
  const given = Object.keys(code).join(', ');
  if (file === false) throw new ConfigError(source, [`telemetry: false here, but the program building the kit gives telemetry settings (${given}); set it to true or an object, or leave it out`]);
  const provided = code.tracerProvider !== undefined || code.meterProvider !== undefined;
  const fromFile = typeof file === 'object' ? file : file === undefined && provided ? { traces: code.tracerProvider !== undefined, metrics: code.meterProvider !== undefined } : {};
  const merged: TelemetryOptions = { ...fromFile, ...code };
  if (merged.metrics === false && code.meterProvider) throw new ConfigError(source, ['telemetry.metrics: false here, but the program building the kit gives a meterProvider, which would serve nothing; remove "metrics": false']);
  if (merged.traces === false && code.tracerProvider) throw new ConfigError(source, ['telemetry.traces: false here, but the program building the kit gives a tracerProvider, which would get no spans; remove "traces": false']);
  return { telemetry: merged };
}

/** The plugins of the configuration's `plugins` folders; a folder that fails to load is a configuration problem naming it. */
export async function loadPluginFolders(loaded: LoadedConfig): Promise<Plugin[]> {
  const plugins: Plugin[] = [];
  for (const [at, folder] of loaded.config.plugins.entries()) {
    try {
      const loadedPlugins = await loadPlugins(path.resolve(loaded.baseDir, folder));
      plugins.push(...loadedPlugins.map(({ plugin }) => plugin));
    } catch (error) {
      throw new ConfigError(loaded.source, [`plugins[${at}]: ${messageOf(error)}`]);
    }
  }
  return plugins;
}
