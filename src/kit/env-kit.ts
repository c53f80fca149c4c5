import { AccountId, Client, PrivateKey } from '@hiero-ledger/sdk';
import type { Devnet, DevnetOptions } from '../devnet/index.js';
import type { Context } from '../lifecycle/context.js';
import { invalidArgument } from '../lifecycle/errors.js';
import type { AgentKit } from './agent-kit.js';
import { createAgentKit, type AgentKitOptions } from './create-agent-kit.js';

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
  /** Closes the kit and the client, and stops the devnet if one was started. */
  close(): Promise<void>;
}

const VARIABLES = ['HEDERA_NETWORK', 'HEDERA_OPERATOR_ID', 'HEDERA_OPERATOR_KEY'] as const;
const NETWORKS = ['testnet', 'mainnet', 'previewnet', 'devnet'] as const;

/**
 * The easy start: builds a client and kit from `HEDERA_NETWORK` (testnet, mainnet, previewnet),
 * `HEDERA_OPERATOR_ID` and `HEDERA_OPERATOR_KEY` (DER or hex; `0x…` hex is read as ECDSA), with
 * optional `HEDERA_MIRROR_NODE_URL`. With none of them set (or `HEDERA_NETWORK=devnet`) it starts a
 * fresh embedded devnet and uses its operator. A partial configuration is refused, naming what is
 * missing, rather than silently falling back to a devnet.
 *
 * @example
 * const { kit, close } = await createKitFromEnv();
 * const result = await kit.execute('get_hbar_balance_query_tool', {});
 * await close();
 */
export async function createKitFromEnv(options: EnvKitOptions = {}): Promise<EnvKit> {
  const env = options.env ?? process.env;
  const given = VARIABLES.filter((name) => nonEmpty(env[name]));
  const network = env.HEDERA_NETWORK?.trim().toLowerCase();
  if (given.length === 0 || (network === 'devnet' && given.length === 1)) return kitOnDevnet(options, env);

  const missing = VARIABLES.filter((name) => !nonEmpty(env[name]));
  if (missing.length) {
    throw invalidArgument(`createKitFromEnv: ${missing.join(' and ')} must be set along with ${given.join(', ')} (or unset all of ${VARIABLES.join(', ')} to use a local devnet).`);
  }
  if (!NETWORKS.includes(network as (typeof NETWORKS)[number]) || network === 'devnet') {
    throw invalidArgument(`createKitFromEnv: HEDERA_NETWORK "${String(env.HEDERA_NETWORK)}" is not supported with an operator; expected testnet, mainnet or previewnet (or unset everything for a devnet).`);
  }
  const operatorId = parseOperatorId(env.HEDERA_OPERATOR_ID!);
  const operatorKey = parseOperatorKey(env.HEDERA_OPERATOR_KEY!);
  const client = Client.forName(network!).setOperator(operatorId, operatorKey);
  try {
    const mirrorNodeUrl = options.kit?.mirrorNodeUrl ?? (nonEmpty(env.HEDERA_MIRROR_NODE_URL) ? env.HEDERA_MIRROR_NODE_URL : undefined);
    const kit = await createAgentKit({ ...options.kit, client, mirrorNodeUrl, context: contextFor(options.kit?.context, operatorId.toString()), secretKeys: withKey(options.kit?.secretKeys, operatorKey) });
    return { kit, client, close: closer(kit, client) };
  } catch (error) {
    client.close();
    throw error;
  }
}

async function kitOnDevnet(options: EnvKitOptions, env: Readonly<Record<string, string | undefined>>): Promise<EnvKit> {
  // Loaded on demand: applications that configure a real network never load the devnet's servers.
  const { startDevnet } = await import('../devnet/index.js');
  const devnet = await startDevnet(options.devnet);
  try {
    const client = devnet.client();
    const mirrorNodeUrl = options.kit?.mirrorNodeUrl ?? (nonEmpty(env.HEDERA_MIRROR_NODE_URL) ? env.HEDERA_MIRROR_NODE_URL : devnet.mirrorUrl);
    const kit = await createAgentKit({ ...options.kit, client, mirrorNodeUrl, context: contextFor(options.kit?.context, devnet.operatorId), secretKeys: withKey(options.kit?.secretKeys, devnet.operatorKey) });
    return { kit, client, devnet, close: closer(kit, client, devnet) };
  } catch (error) {
    await devnet.stop();
    throw error;
  }
}

/** The key the client was built with is known here, so the kit guards pieces of it too. */
function withKey(secretKeys: AgentKitOptions['secretKeys'], operatorKey: PrivateKey): NonNullable<AgentKitOptions['secretKeys']> {
  return [...(secretKeys ?? []), operatorKey];
}

/** The agent acts for the operator unless the caller's context says otherwise. */
function contextFor(context: Context | undefined, operatorId: string): Context {
  return { ...context, accountId: context?.accountId ?? operatorId };
}

function closer(kit: AgentKit, client: Client, devnet?: Devnet): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      try {
        await kit.close();
      } finally {
        client.close();
        if (devnet) await devnet.stop();
      }
    })());
}

function parseOperatorId(text: string): AccountId {
  try {
    if (!/^\d+\.\d+\.\d+$/.test(text.trim())) throw new Error('format');
    return AccountId.fromString(text.trim());
  } catch {
    throw invalidArgument(`createKitFromEnv: HEDERA_OPERATOR_ID "${text}" is not an account ID; expected shard.realm.num, e.g. 0.0.1234.`);
  }
}

/** Never echoes the key: an error names the variable and the accepted forms only. */
function parseOperatorKey(text: string): PrivateKey {
  const key = text.trim();
  try {
    return key.startsWith('0x') ? PrivateKey.fromStringECDSA(key.slice(2)) : PrivateKey.fromString(key);
  } catch {
    throw invalidArgument('createKitFromEnv: HEDERA_OPERATOR_KEY is not a readable private key; expected DER hex, raw ED25519 hex, or 0x-prefixed ECDSA hex.');
  }
}

function nonEmpty(value: string | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
