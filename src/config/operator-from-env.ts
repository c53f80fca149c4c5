import { AccountId, PrivateKey } from '@hiero-ledger/sdk';

/** The operator account and key, read from the environment only. */
export interface Operator {
  accountId: AccountId;
  privateKey: PrivateKey;
}

/**
 * Reads `HEDERA_OPERATOR_ID` and `HEDERA_OPERATOR_KEY` (DER, or hex with `HEDERA_OPERATOR_KEY_TYPE`
 * `ed25519` | `ecdsa`). Returns the problems instead of throwing, so a config check can list them
 * with the rest; a problem never repeats the key's value.
 *
 * @example
 * const { operator, problems } = operatorFromEnv(process.env);
 */
export function operatorFromEnv(env: NodeJS.ProcessEnv): { operator?: Operator; problems: string[] } {
  const problems: string[] = [];
  const id = env.HEDERA_OPERATOR_ID?.trim();
  const key = env.HEDERA_OPERATOR_KEY?.trim();
  let accountId: AccountId | undefined;
  let privateKey: PrivateKey | undefined;
  if (!id) problems.push('HEDERA_OPERATOR_ID: not set; the operator account ID, e.g. 0.0.1234');
  else if (!/^\d+\.\d+\.\d+$/.test(id)) problems.push(`HEDERA_OPERATOR_ID: "${id}" is not an account ID like 0.0.1234`);
  else accountId = AccountId.fromString(id);
  const type = env.HEDERA_OPERATOR_KEY_TYPE?.trim().toLowerCase() || undefined;
  if (!key) problems.push('HEDERA_OPERATOR_KEY: not set; the operator private key (DER-encoded hex)');
  else if (type !== undefined && type !== 'ed25519' && type !== 'ecdsa') {
    problems.push(`HEDERA_OPERATOR_KEY_TYPE: "${env.HEDERA_OPERATOR_KEY_TYPE!.trim()}" is not a key type; use ed25519 or ecdsa (or leave it unset for a DER key)`);
  } else if (!type && RAW_KEY.test(key)) {
    // The SDK's DER parser takes 32 raw bytes as ED25519 without a word; a raw ECDSA key would then
    // sign as the wrong key and every transaction fail with INVALID_SIGNATURE.
    problems.push('HEDERA_OPERATOR_KEY: raw hex does not say its curve; set HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa, or give the DER encoding');
  } else {
    privateKey = parseKey(key, type);
    if (!privateKey) problems.push('HEDERA_OPERATOR_KEY: not a private key; expected DER-encoded hex, or raw hex with HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa');
  }
  return accountId && privateKey ? { operator: { accountId, privateKey }, problems } : { problems };
}

/** 32 bytes of hex, optionally 0x-prefixed: a raw key, not a DER encoding. */
const RAW_KEY = /^(0x)?[0-9a-f]{64}$/i;

function parseKey(text: string, type: 'ed25519' | 'ecdsa' | undefined): PrivateKey | undefined {
  try {
    if (type === 'ecdsa') return PrivateKey.fromStringECDSA(text);
    if (type === 'ed25519') return PrivateKey.fromStringED25519(text);
    return PrivateKey.fromStringDer(text);
  } catch {
    return undefined;
  }
}
