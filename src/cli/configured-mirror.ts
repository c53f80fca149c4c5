import type { LoadedConfig } from '../config/load-config.js';
import { chooseNetwork } from '../config/network-choice.js';
import { PUBLIC_MIRROR_URLS } from '../mirror/mirror-client.js';
import type { CommandContext } from './command-context.js';
import { UsageError } from './usage-error.js';

/**
 * The mirror of the network chosen as for every other command (config file, HEDERA_NETWORK,
 * HEDERA_MIRROR_NODE_URL), for commands that read an existing topic; reading needs no operator.
 * `command` names the command in the error when no mirror can be told (the embedded devnet starts empty).
 */
export function configuredMirror(ctx: CommandContext, loaded: LoadedConfig, command: string): string {
  const url = configuredMirrorOf(ctx, loaded);
  if (url) return url;
  throw new UsageError(noMirrorMessage(command));
}

/** Why a command that reads an existing topic has no mirror to read it from. */
export function noMirrorMessage(command: string): string {
  return `${command} reads an existing topic, and the embedded devnet starts empty; pass --mirror <url>, or configure network "local" (e.g. agent-hooks devnet), "testnet" or "mainnet"`;
}

/** The same mirror, or nothing on the embedded devnet (which starts empty, with a mirror of its own no other process reads). */
export function configuredMirrorOf(ctx: CommandContext, loaded: LoadedConfig): string | undefined {
  const choice = chooseNetwork({ env: ctx.io.env, config: loaded.config, source: loaded.source, operator: 'optional' });
  for (const warning of choice.warnings) ctx.logger.warn({}, warning);
  if (choice.mirrorNodeUrl) return choice.mirrorNodeUrl;
  if (choice.local) return choice.local.mirrorUrl;
  if (choice.network !== 'devnet' && choice.network !== 'local') return PUBLIC_MIRROR_URLS[choice.network];
  return undefined;
}
