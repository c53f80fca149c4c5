import type { Client, PrivateKey } from '@hiero-ledger/sdk';
import { chooseNetwork } from './network-choice.js';
import { openNetwork, type OpenedNetwork } from './open-network.js';
import type { Devnet, DevnetOptions } from '../devnet/index.js';
import type { Context } from '../lifecycle/context.js';
import { silentLogger } from '../lifecycle/logger.js';
import type { AgentKit } from '../kit/agent-kit.js';
import { createAgentKit, refuseUnknownKitOptions, type AgentKitOptions } from '../kit/create-agent-kit.js';
import { refuseUnknownOptions } from '../kit/option-keys.js';

/** What {@link createKitFromEnv} accepts; everything is optional. */
export interface EnvKitOptions {
  /** Where to read the variables from (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Passed on to createAgentKit (client and mirror URL are filled in here). */
  kit?: Omit<AgentKitOptions, 'client'>;
  /** Options of the devnet started when no network is configured. */
  devnet?: DevnetOptions;
}

/** A kit ready to use, with what it was built from. */
export interface EnvKit {
  kit: AgentKit;
  client: Client;
  /** Set when a devnet was started because no network was configured. */
  devnet?: Devnet;
  /** Variables that were set but are not used (e.g. an operator on the devnet); also logged as warnings through `kit.logger`. */
  warnings: readonly string[];
  /** Closes the kit and the client, and stops the devnet if one was started. */
  close(): Promise<void>;
}

const OPTION_KEYS = Object.keys({ env: true, kit: true, devnet: true } satisfies Record<keyof EnvKitOptions, true>);
/** createAgentKit's options, which belong under `kit`, and the context's fields under `kit.context`. */
const ELSEWHERE: Readonly<Record<string, string>> = {
  ...Object.fromEntries(['context', 'plugins', 'pluginsDir', 'hooks', 'container', 'mirrorNodeUrl', 'tools', 'policyTimeoutMs', 'drainTimeoutMs', 'logger', 'secretKeys'].map((key) => [key, `kit.${key}`])),
  ...Object.fromEntries(['mode', 'accountId', 'accountPublicKey', 'strategy', 'transactionStrategy', 'sessionId'].map((key) => [key, `kit.context.${key}`])),
  // createKitFromEnv builds its client from the environment; one of your own goes to createAgentKit.
  client: 'createAgentKit({ client })',
};

/**
 * The easy start: builds a client and kit from `HEDERA_NETWORK` (testnet, mainnet, previewnet,
 * devnet), `HEDERA_OPERATOR_ID` and `HEDERA_OPERATOR_KEY` (DER, `0x`-prefixed ECDSA hex, or raw hex
 * with `HEDERA_OPERATOR_KEY_TYPE`), with optional `HEDERA_MIRROR_NODE_URL`. With none of them set
 * (or `HEDERA_NETWORK=devnet`) it starts a fresh embedded devnet and uses its operator. The same
 * rules as the `agent-hooks` command's (see chooseNetwork): an operator with no network chosen is
 * refused rather than silently dropped for a devnet, a missing or unreadable variable is named,
 * and an operator on an explicit devnet is reported in `warnings` as unused.
 *
 * @example
 * const { kit, close } = await createKitFromEnv();
 * const result = await kit.execute('get_hbar_balance_query_tool', {});
 * await close();
 */
export async function createKitFromEnv(options: EnvKitOptions = {}): Promise<EnvKit> {
  refuseUnknownOptions('createKitFromEnv', options, OPTION_KEYS, ELSEWHERE);
  // Checked here too, not only by createAgentKit: a `kit.client` would otherwise be silently replaced.
  if (options.kit !== undefined) refuseUnknownKitOptions(options.kit, 'createKitFromEnv', 'kit.', ['client']);
  const choice = chooseNetwork({ env: options.env ?? process.env, source: 'environment' });
  const logger = options.kit?.logger ?? silentLogger;
  for (const warning of choice.warnings) logger.warn({}, warning);
  const opened = await openNetwork(choice, { devnet: options.devnet });
  try {
    const operatorId = opened.client.operatorAccountId!.toString();
    const kit = await createAgentKit({
      ...options.kit,
      client: opened.client,
      mirrorNodeUrl: options.kit?.mirrorNodeUrl ?? opened.mirrorNodeUrl,
      context: contextFor(options.kit?.context, operatorId),
      secretKeys: withKey(options.kit?.secretKeys, opened.operatorKey),
    });
    return { kit, client: opened.client, ...(opened.devnet ? { devnet: opened.devnet } : {}), warnings: choice.warnings, close: closer(kit, opened) };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

/** The key the client was built with is known here, so the kit guards pieces of it too. */
function withKey(secretKeys: AgentKitOptions['secretKeys'], operatorKey: PrivateKey | undefined): NonNullable<AgentKitOptions['secretKeys']> {
  return [...(secretKeys ?? []), ...(operatorKey ? [operatorKey] : [])];
}

/** The agent acts for the operator unless the caller's context says otherwise. */
function contextFor(context: Context | undefined, operatorId: string): Context {
  return { ...context, accountId: context?.accountId ?? operatorId };
}

function closer(kit: AgentKit, opened: OpenedNetwork): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      try {
        await kit.close();
      } finally {
        await opened.close();
      }
    })());
}
