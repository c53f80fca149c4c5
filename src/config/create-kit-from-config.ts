import path from 'node:path';
import { AccountId, Client, type PrivateKey } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../devnet/index.js';
import type { Context } from '../lifecycle/context.js';
import { messageOf, UnknownToolError } from '../lifecycle/errors.js';
import type { Logger } from '../lifecycle/logger.js';
import type { AgentKit } from '../kit/agent-kit.js';
import { createAgentKit } from '../kit/create-agent-kit.js';
import { PUBLIC_MIRROR_URLS } from '../mirror/mirror-client.js';
import { AgentMode } from '../modes/agent-mode.js';
import { loadPlugins } from '../plugins/plugin-loader.js';
import type { Plugin } from '../plugins/plugin-contract.js';
import { ConfigError } from './config-error.js';
import { probeLocalNode } from './local-node-probe.js';
import type { LoadedConfig } from './load-config.js';
import { operatorFromEnv } from './operator-from-env.js';

/** A kit built from a configuration, with what it runs on. */
export interface ConfiguredKit {
  kit: AgentKit;
  network: LoadedConfig['config']['network'];
  /** The embedded devnet when `network` is `devnet`. */
  devnet?: Devnet;
  mirrorNodeUrl?: string;
  /** Closes the kit (flushing its hooks), then the client or the embedded devnet. */
  close(): Promise<void>;
}

/**
 * Builds the client, context and kit a configuration describes. `devnet` starts a fresh embedded
 * network (its own operator; no environment needed); `local`, `testnet` and `mainnet` take the
 * operator from `HEDERA_OPERATOR_ID` / `HEDERA_OPERATOR_KEY`.
 *
 * @example
 * const loaded = await loadConfig();
 * const { kit, close } = await createKitFromConfig(loaded);
 * try { console.log(kit.listTools().map((t) => t.method)); } finally { await close(); }
 */
export async function createKitFromConfig(
  loaded: LoadedConfig,
  options: { env?: NodeJS.ProcessEnv; logger?: Logger } = {},
): Promise<ConfiguredKit> {
  const { config } = loaded;
  const env = options.env ?? process.env;
  const plugins = await loadPluginFolders(loaded);
  let devnet: Devnet | undefined;
  let client: Client;
  // The key the client signs with, so the kit cuts pieces of it too (the client does not expose it).
  let operatorKey: PrivateKey;
  let mirrorNodeUrl = config.mirrorNodeUrl;
  if (config.network === 'devnet') {
    devnet = await startDevnet();
    client = devnet.client();
    operatorKey = devnet.operatorKey;
    mirrorNodeUrl ??= devnet.mirrorUrl;
  } else {
    const { operator, problems } = operatorFromEnv(env);
    if (!operator) throw new ConfigError(`network "${config.network}"`, problems);
    if (config.network === 'local') {
      const local = config.local!;
      await probeLocalNode(local.grpcAddress, loaded.source);
      client = Client.forNetwork({ [local.grpcAddress]: AccountId.fromString(local.nodeAccountId) }, { scheduleNetworkUpdate: false });
      mirrorNodeUrl ??= local.mirrorUrl;
    } else {
      client = config.network === 'testnet' ? Client.forTestnet() : Client.forMainnet();
      mirrorNodeUrl ??= PUBLIC_MIRROR_URLS[config.network];
    }
    client.setOperator(operator.accountId, operator.privateKey);
    operatorKey = operator.privateKey;
  }
  const stopNetwork = async (): Promise<void> => {
    if (devnet) await devnet.stop();
    else client.close();
  };

  const context: Context = {
    accountId: config.accountId ?? client.operatorAccountId?.toString(),
    accountPublicKey: client.operatorPublicKey?.toStringDer(),
    mode: config.mode as AgentMode,
    ...(config.sessionId ? { sessionId: config.sessionId } : {}),
  };
  let kit: AgentKit;
  try {
    kit = await createAgentKit({
      client,
      context,
      pluginsDir: config.corePlugins ? undefined : null,
      plugins,
      hooks: loaded.listeners,
      mirrorNodeUrl,
      tools: config.tools,
      policyTimeoutMs: config.policyTimeoutMs,
      logger: options.logger,
      secretKeys: [operatorKey],
    });
  } catch (error) {
    await stopNetwork();
    // A tool name in the config that no plugin defines is a config problem: name the field.
    if (error instanceof UnknownToolError) throw new ConfigError(loaded.source, [`tools: ${error.message}`]);
    throw error;
  }
  return {
    kit,
    network: config.network,
    devnet,
    mirrorNodeUrl,
    async close() {
      try {
        await kit.close();
      } finally {
        await stopNetwork();
      }
    },
  };
}

async function loadPluginFolders(loaded: LoadedConfig): Promise<Plugin[]> {
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
