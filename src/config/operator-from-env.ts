import { AccountId, PrivateKey } from '@hiero-ledger/sdk';

/** The operator account and key, read from the environment only. */
export interface Operator {
  accountId: AccountId;
  privateKey: PrivateKey;
}

/**
 * Reads `HEDERA_OPERATOR_ID` and `HEDERA_OPERATOR_KEY`: DER-encoded hex, `0x`-prefixed hex (ECDSA,
 * the form EVM tools and the Hedera portal give those keys in), or raw hex with
 * `HEDERA_OPERATOR_KEY_TYPE` `ed25519` | `ecdsa`. The CLI, createKitFromConfig and createKitFromEnv
 * all read the operator here. Returns the problems instead of throwing, so a config check can list
 * them with the rest; a problem never repeats the key's value.
 *
 * @example
 * const { operator, problems } = operatorFromEnv(process.env, 'network "testnet", chosen by HEDERA_NETWORK,');
 */
export function operatorFromEnv(env: NodeJS.ProcessEnv, neededBy?: string): { operator?: Operator; problems: string[] } {
  const problems: string[] = [];
  // Says who needs the variable, so a missing one reads as what to set, not as a broken file.
  const why = neededBy ? ` (${neededBy} signs as an operator)` : '';
  const id = env.HEDERA_OPERATOR_ID?.trim();
  const key = env.HEDERA_OPERATOR_KEY?.trim();
  let accountId: AccountId | undefined;
  let privateKey: PrivateKey | undefined;
  if (!id) problems.push(`HEDERA_OPERATOR_ID: not set${why}; set it to the operator's account ID, e.g. 0.0.1234`);
  else if (!/^\d+\.\d+\.\d+$/.test(id)) problems.push(`HEDERA_OPERATOR_ID: "${id}" is not an account ID like 0.0.1234`);
  else accountId = AccountId.fromString(id);
  const type = env.HEDERA_OPERATOR_KEY_TYPE?.trim().toLowerCase() || undefined;
  if (!key) problems.push(`HEDERA_OPERATOR_KEY: not set${why}; set it to the operator's private key: ${ACCEPTED_KEYS}`);
  else if (type !== undefined && type !== 'ed25519' && type !== 'ecdsa') {
    problems.push(`HEDERA_OPERATOR_KEY_TYPE: "${env.HEDERA_OPERATOR_KEY_TYPE!.trim()}" is not a key type; use ed25519 or ecdsa (or leave it unset for a DER key)`);
  } else if (!type && RAW_KEY.test(key)) {
    // The SDK's DER parser takes 32 raw bytes as ED25519 without a word; a raw ECDSA key would then
    // sign as the wrong key and every transaction fail with INVALID_SIGNATURE.
    problems.push('HEDERA_OPERATOR_KEY: raw hex does not say its curve; set HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa, prefix an ECDSA key with 0x, or give the DER encoding');
  } else {
    privateKey = parseKey(key, type ?? (key.startsWith('0x') ? 'ecdsa' : undefined));
    if (!privateKey) problems.push(`HEDERA_OPERATOR_KEY: not a private key; expected ${ACCEPTED_KEYS}`);
  }
  return accountId && privateKey ? { operator: { accountId, privateKey }, problems } : { problems };
}

const ACCEPTED_KEYS = 'DER-encoded hex, 0x-prefixed ECDSA hex, or raw hex with HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa';

/** 32 bytes of hex without a prefix: a raw key, not a DER encoding, of either curve. */
const RAW_KEY = /^[0-9a-f]{64}$/i;

function parseKey(key: string, type: 'ed25519' | 'ecdsa' | undefined): PrivateKey | undefined {
  const text = key.startsWith('0x') ? key.slice(2) : key;
  try {
    if (type === 'ecdsa') return PrivateKey.fromStringECDSA(text);
    if (type === 'ed25519') return PrivateKey.fromStringED25519(text);
    return PrivateKey.fromStringDer(text);
  } catch {
    return undefined;
  }
}
