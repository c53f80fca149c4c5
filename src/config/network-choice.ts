import { ConfigError, ENVIRONMENT } from './config-error.js';
import { NETWORKS, type LocalNetwork, type NetworkName } from './config-schema.js';
import { operatorFromEnv, type Operator } from './operator-from-env.js';

/** What the choice is made from: the environment, and the config file's settings if there is one. */
export interface NetworkInput {
  env: Readonly<Record<string, string | undefined>>;
  config?: { network?: NetworkName; local?: LocalNetwork; mirrorNodeUrl?: string };
  /** Names the configuration in problems: the config file's path, or `environment`. */
  source: string;
  /**
   * `required` (the default) for a kit that may sign; `optional` for listing tools or reading a
   * mirror, where an operator given is still checked but none is needed.
   */
  operator?: 'required' | 'optional';
}

/** The network a kit runs on, who operates it, and what was set but is not used. */
export interface NetworkChoice {
  network: NetworkName;
  /** `config` (the file's `network`), `HEDERA_NETWORK`, or `default` (neither: the embedded devnet). */
  chosenBy: 'config' | 'HEDERA_NETWORK' | 'default';
  /** From HEDERA_OPERATOR_ID / HEDERA_OPERATOR_KEY; never on the devnet, which has its own. */
  operator?: Operator;
  /** The config's `local` block, with `network: "local"`. */
  local?: LocalNetwork;
  /** Given explicitly: the config's `mirrorNodeUrl`, else HEDERA_MIRROR_NODE_URL. */
  mirrorNodeUrl?: string;
  /** Settings that were given but are not used, one sentence each, for a warning line or log. */
  warnings: string[];
}

/** The networks HEDERA_NETWORK may name; `local` needs its node's addresses, which only a config file gives. */
const ENV_NETWORKS: readonly NetworkName[] = NETWORKS.filter((network) => network !== 'local');
const OPERATOR_VARIABLES = ['HEDERA_OPERATOR_ID', 'HEDERA_OPERATOR_KEY'] as const;

/**
 * The one place that decides which network a kit runs on and with which operator, for the
 * `agent-hooks` command, createKitFromConfig and createKitFromEnv alike:
 *
 * - the network is the config file's `network`, else `HEDERA_NETWORK`, else the embedded devnet;
 *   when both are set and disagree, nothing is guessed: that is a problem to fix;
 * - on any network but the devnet the operator comes from HEDERA_OPERATOR_ID and
 *   HEDERA_OPERATOR_KEY (see operatorFromEnv), never from a file;
 * - operator variables with no network chosen anywhere are refused rather than dropped for a
 *   devnet: whoever set them means a real account (with `operator: 'optional'`, a warning instead);
 * - operator variables on a devnet chosen explicitly are unused, and a warning says so.
 *
 * Every problem is collected and thrown at once as a ConfigError; no message repeats a key.
 *
 * @example
 * const choice = chooseNetwork({ env: process.env, config: loaded.config, source: loaded.source });
 * for (const warning of choice.warnings) logger.warn({}, warning);
 */
export function chooseNetwork(input: NetworkInput): NetworkChoice {
  const { env, config = {}, source } = input;
  const problems: string[] = [];
  /** Problems that involve the file's settings; without any, the environment alone is at fault. */
  let fileProblems = 0;
  const warnings: string[] = [];
  const fromEnv = envNetwork(env, problems);
  if (config.network && fromEnv && config.network !== fromEnv) {
    fileProblems++;
    problems.push(`network: ${source} says "${config.network}" but HEDERA_NETWORK says "${fromEnv}"; remove one of them or make them agree (nothing is guessed between networks)`);
  }
  const network: NetworkName = config.network ?? fromEnv ?? 'devnet';
  const chosenBy: NetworkChoice['chosenBy'] = config.network ? 'config' : fromEnv ? 'HEDERA_NETWORK' : 'default';
  const before = problems.length;
  const mirrorNodeUrl = chooseMirror(env, config.mirrorNodeUrl, source, problems);
  if (config.mirrorNodeUrl && problems.length > before) fileProblems++;
  const given = OPERATOR_VARIABLES.filter((name) => nonEmpty(env[name]));
  let operator: Operator | undefined;

  if (network === 'devnet') {
    const names = given.join(' and ');
    if (given.length && chosenBy === 'default') {
      const choose = `set HEDERA_NETWORK (testnet, mainnet, previewnet) or "network" in the config file to act as that operator, or HEDERA_NETWORK=devnet to use the embedded devnet and its own operator`;
      if (input.operator === 'optional') warnings.push(`${names} ${given.length > 1 ? 'are' : 'is'} set but not used: no network is chosen, so this is the embedded devnet; ${choose}.`);
      else problems.push(`${names} ${given.length > 1 ? 'are' : 'is'} set but no network is chosen; ${choose}`);
    } else if (given.length) {
      warnings.push(`${names} ${given.length > 1 ? 'are' : 'is'} set but not used: network "devnet" (from ${chosenBy === 'config' ? source : 'HEDERA_NETWORK'}) is an embedded devnet with its own operator.`);
    }
  } else if (input.operator !== 'optional' || given.length) {
    const read = operatorFromEnv(env, `network "${network}", chosen by ${chosenBy === 'config' ? source : 'HEDERA_NETWORK'},`);
    operator = read.operator;
    problems.push(...read.problems);
  }
  if (problems.length) throw new ConfigError(fileProblems ? source : ENVIRONMENT, problems);
  return {
    network,
    chosenBy,
    ...(operator ? { operator } : {}),
    ...(network === 'local' && config.local ? { local: config.local } : {}),
    ...(mirrorNodeUrl ? { mirrorNodeUrl } : {}),
    warnings,
  };
}

function envNetwork(env: NetworkInput['env'], problems: string[]): NetworkName | undefined {
  const raw = env.HEDERA_NETWORK?.trim();
  if (!raw) return undefined;
  const network = raw.toLowerCase() as NetworkName;
  if (ENV_NETWORKS.includes(network)) return network;
  problems.push(
    network === 'local'
      ? 'HEDERA_NETWORK: "local" needs the node\'s addresses; set "network": "local" and its "local" block in the config file instead'
      : `HEDERA_NETWORK: "${raw}" is not a network; use one of ${ENV_NETWORKS.join(', ')}`,
  );
  return undefined;
}

function chooseMirror(env: NetworkInput['env'], fromConfig: string | undefined, source: string, problems: string[]): string | undefined {
  const raw = env.HEDERA_MIRROR_NODE_URL?.trim();
  if (!raw) return fromConfig;
  if (!/^https?:\/\/[^\s/]+/.test(raw)) {
    problems.push(`HEDERA_MIRROR_NODE_URL: "${raw}" is not an http(s) URL, e.g. http://127.0.0.1:5551`);
    return fromConfig;
  }
  if (fromConfig && fromConfig.replace(/\/+$/, '') !== raw.replace(/\/+$/, '')) {
    problems.push(`mirrorNodeUrl: ${source} says "${fromConfig}" but HEDERA_MIRROR_NODE_URL says "${raw}"; remove one of them or make them agree`);
  }
  return fromConfig ?? raw;
}

function nonEmpty(value: string | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
