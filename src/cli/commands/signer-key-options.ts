import path from 'node:path';
import { keyFromPkcs11 } from '../../signer/keys/pkcs11-key.js';
import type { SigningKey } from '../../signer/keys/signing-key.js';
import { keyFromEnv, keyFromFile, type KeyTextType } from '../../signer/keys/text-key.js';
import { UsageError } from '../usage-error.js';

/** The user PIN of a PKCS#11 token: an environment variable, never an argument others can list. */
export const PKCS11_PIN_ENV = 'AGENT_HOOKS_PKCS11_PIN';

export interface SignerKeyOptions {
  keyEnv?: string;
  keyFile?: string;
  keyType?: KeyTextType;
  pkcs11Module?: string;
  pkcs11Token?: string;
  pkcs11Key?: string;
}

/** The one key source the options name; none or two is a usage error naming the choices. */
export async function signerKeyFrom(options: SignerKeyOptions, env: NodeJS.ProcessEnv, cwd: string): Promise<SigningKey> {
  const pkcs11 = options.pkcs11Module !== undefined || options.pkcs11Token !== undefined || options.pkcs11Key !== undefined;
  const given = [options.keyEnv !== undefined, options.keyFile !== undefined, pkcs11].filter(Boolean).length;
  if (given !== 1) {
    throw new UsageError(`the signer needs exactly one key source${given ? `; ${given} were given` : ''}: --key-env <variable>, --key-file <path> (chmod 600), or --pkcs11-module <library> --pkcs11-token <label> --pkcs11-key <label> (PIN in ${PKCS11_PIN_ENV}).`);
  }
  if (options.keyEnv !== undefined) {
    const key = await keyFromEnv(env, options.keyEnv, options.keyType);
    // Read once, then gone from this process's environment: nothing it starts inherits the key.
    delete env[options.keyEnv];
    return key;
  }
  if (options.keyFile !== undefined) return keyFromFile(path.resolve(cwd, options.keyFile), options.keyType);
  if (options.pkcs11Module === undefined || options.pkcs11Token === undefined || options.pkcs11Key === undefined) {
    throw new UsageError('a PKCS#11 key needs --pkcs11-module <library>, --pkcs11-token <token label> and --pkcs11-key <key label>.');
  }
  const pin = env[PKCS11_PIN_ENV];
  if (!pin) throw new UsageError(`a PKCS#11 key needs the token's user PIN in ${PKCS11_PIN_ENV}.`);
  delete env[PKCS11_PIN_ENV];
  return keyFromPkcs11({ module: options.pkcs11Module, token: options.pkcs11Token, label: options.pkcs11Key, pin });
}
