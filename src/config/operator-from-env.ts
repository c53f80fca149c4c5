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
  if (!key) problems.push('HEDERA_OPERATOR_KEY: not set; the operator private key (DER-encoded hex)');
  else {
    privateKey = parseKey(key, env.HEDERA_OPERATOR_KEY_TYPE);
    if (!privateKey) problems.push('HEDERA_OPERATOR_KEY: not a private key; expected DER-encoded hex, or raw hex with HEDERA_OPERATOR_KEY_TYPE=ed25519|ecdsa');
  }
  return accountId && privateKey ? { operator: { accountId, privateKey }, problems } : { problems };
}

function parseKey(text: string, type: string | undefined): PrivateKey | undefined {
  try {
    const kind = type?.trim().toLowerCase();
    if (kind === 'ecdsa') return PrivateKey.fromStringECDSA(text);
    if (kind === 'ed25519') return PrivateKey.fromStringED25519(text);
    return PrivateKey.fromStringDer(text);
  } catch {
    return undefined;
  }
}
