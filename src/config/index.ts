/** `hedera-agent-hooks/config`: the configuration file, validated, and the kit it describes. */
// The kit resolves hooks through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
export { agentHooksConfigSchema, CONFIG_FILE_NAMES, NETWORKS } from './config-schema.js';
export type { AgentHooksConfig, AgentHooksConfigInput, LocalNetwork, NamedListener, NetworkName } from './config-schema.js';
export { defineConfig, type AgentHooksConfigFile, type ConfigListener, type ConfigMode, type NamedListenerEntry } from './define-config.js';
export { ConfigError } from './config-error.js';
export { loadConfig, parseConfig, type LoadConfigOptions, type LoadedConfig } from './load-config.js';
export { createKitFromConfig, type ConfiguredKit, type ConfiguredKitOptions } from './create-kit-from-config.js';
export { chooseNetwork, type NetworkChoice, type NetworkInput } from './network-choice.js';
export { NodeUnreachableError, reachAnyNode, type UnreachableAddress } from '../modes/node-reachability.js';
export { listenerCatalog, type CatalogEntry } from './listener-catalog.js';
export { operatorFromEnv, type Operator } from './operator-from-env.js';
