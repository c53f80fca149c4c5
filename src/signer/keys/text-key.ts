import { createPrivateKey, type KeyObject } from 'node:crypto';
import { statSync, readFileSync } from 'node:fs';
import { PrivateKey } from '@hiero-ledger/sdk';
import { invalidArgument } from '../../errors/index.js';
import type { SigningKey, SigningKeyType } from './signing-key.js';

/** How a key written as text says its curve: DER and PEM say it themselves; raw hex needs to be told. */
export type KeyTextType = 'ed25519' | 'ecdsa';

const ACCEPTED = 'DER-encoded hex, a PEM (PKCS#8 or SEC1, ED25519 or secp256k1), 0x-prefixed ECDSA hex, or raw hex with the key type given (ed25519 or ecdsa)';
const RAW_KEY = /^(0x)?[0-9a-f]{64}$/i;

/**
 * The key in the environment variable `name`. The variable is read once; `where` in every error
 * is the variable's name, never its value.
 */
export async function keyFromEnv(env: NodeJS.ProcessEnv, name: string, type?: KeyTextType): Promise<SigningKey> {
  const text = env[name]?.trim();
  if (!text) throw invalidArgument(`signer key: the environment variable ${name} is not set or empty; set it to the private key (${ACCEPTED}).`);
  return keyFromText(text, `environment variable ${name}`, type);
}

/**
 * The key in the file at `path`, which only its owner may read: a key file that the group or
 * anyone else can read is refused, because whoever can read it can sign without the signer.
 */
export async function keyFromFile(path: string, type?: KeyTextType): Promise<SigningKey> {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    throw invalidArgument(`signer key: cannot read the key file ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}); give the path of a file that holds the private key.`);
  }
  if ((mode & 0o077) !== 0) {
    throw invalidArgument(
      `signer key: the key file ${path} can be read or written by others than its owner (mode ${(mode & 0o777).toString(8).padStart(3, '0')}); ` +
        `whoever reads it can sign without the signer. Run chmod 600 ${path} (owner read/write only), or keep the key in a PKCS#11 token.`,
    );
  }
  return keyFromText(readFileSync(path, 'utf8').trim(), `key file ${path}`, type);
}

async function keyFromText(text: string, where: string, type: KeyTextType | undefined): Promise<SigningKey> {
  const key = await parse(text, type);
  if (!key) throw invalidArgument(`signer key: the ${where} does not hold a private key this signer reads; expected ${ACCEPTED}.`);
  return privateKeySigner(key, where);
}

async function parse(text: string, type: KeyTextType | undefined): Promise<PrivateKey | undefined> {
  try {
    if (text.startsWith('-----BEGIN')) return await pemKey(text);
    const hex = text.startsWith('0x') ? text.slice(2) : text;
    if (type === 'ecdsa' || (type === undefined && text.startsWith('0x'))) return PrivateKey.fromStringECDSA(hex);
    if (type === 'ed25519') return PrivateKey.fromStringED25519(hex);
    // The SDK's DER parser takes 32 raw bytes as ED25519 without a word: a raw key must say its curve.
    if (RAW_KEY.test(text)) return undefined;
    return PrivateKey.fromStringDer(hex);
  } catch {
    return undefined;
  }
}

/**
 * A PEM key as OpenSSL, Node and cloud key services write it (PKCS#8 or SEC1), read by Node's own
 * parser: the SDK's fromPem reads no secp256k1 PKCS#8 key. A curve no Hedera account uses is no
 * key. Else the SDK's own PEM, whose ECDSA DER OpenSSL does not read.
 */
async function pemKey(text: string): Promise<PrivateKey | undefined> {
  let key: KeyObject | undefined;
  try {
    key = createPrivateKey(text);
  } catch {
    key = undefined;
  }
  if (key) {
    const jwk = key.export({ format: 'jwk' });
    const secret = Buffer.from(jwk.d ?? '', 'base64url');
    if (key.asymmetricKeyType === 'ed25519') return PrivateKey.fromBytesED25519(secret);
    if (key.asymmetricKeyType === 'ec' && jwk.crv === 'secp256k1') return PrivateKey.fromBytesECDSA(secret);
    return undefined;
  }
  try {
    return await PrivateKey.fromPem(text);
  } catch {
    return PrivateKey.fromStringDer(Buffer.from(text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64').toString('hex'));
  }
}

/** A key held in this process's memory, signing as the SDK does (ECDSA over keccak-256, low S). */
export function privateKeySigner(key: PrivateKey, description: string): SigningKey {
  let held: PrivateKey | undefined = key;
  const type: SigningKeyType = key.type === 'secp256k1' ? 'ECDSA_SECP256K1' : 'ED25519';
  return {
    type,
    publicKey: key.publicKey,
    description,
    sign: async (bodyBytes) => {
      if (!held) throw new Error(`the key (${description}) was closed`);
      return held.sign(bodyBytes);
    },
    close: async () => {
      held = undefined;
    },
  };
}
