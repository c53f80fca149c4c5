import { PublicKey } from '@hiero-ledger/sdk';
import { AgentHooksError, ErrorCode, invalidArgument, messageOf } from '../../errors/index.js';
import { compressedPoint, lowS, unwrapOctetString } from './ec-points.js';
import type { SigningKey, SigningKeyType } from './signing-key.js';

/** Where a key lives in a PKCS#11 token. */
export interface Pkcs11KeyOptions {
  /** The vendor's PKCS#11 library, e.g. /usr/lib/softhsm/libsofthsm2.so. */
  module: string;
  /** The token's label (as `softhsm2-util --show-slots` or `pkcs11-tool -L` list it). */
  token: string;
  /** The key's CKA_LABEL: the private key and its public key carry the same label. */
  label: string;
  /** The user PIN: read from an environment variable by the CLI, never from a command line. */
  pin: string;
}

// Constants of PKCS#11 v3 that pkcs11js 2.x does not name.
const CKK_EC_EDWARDS = 0x40;
const CKM_EDDSA = 0x1057;

/* The subset of pkcs11js this file calls, typed here so the package compiles without the optional peer. */
interface Pkcs11Module {
  load(path: string): void;
  C_Initialize(): void;
  C_Finalize(): void;
  C_GetSlotList(tokenPresent: boolean): Buffer[];
  C_GetTokenInfo(slot: Buffer): { label: string };
  C_OpenSession(slot: Buffer, flags: number): Buffer;
  C_CloseSession(session: Buffer): void;
  C_Login(session: Buffer, userType: number, pin: string): void;
  C_Logout(session: Buffer): void;
  C_FindObjectsInit(session: Buffer, template: { type: number; value?: unknown }[]): void;
  C_FindObjects(session: Buffer, max: number): Buffer[];
  C_FindObjectsFinal(session: Buffer): void;
  C_GetAttributeValue(session: Buffer, object: Buffer, template: { type: number }[]): { type: number; value?: Buffer }[];
  C_SignInit(session: Buffer, mechanism: { mechanism: number; parameter?: Buffer | null }, key: Buffer): void;
  C_Sign(session: Buffer, data: Buffer, out: Buffer): Buffer;
}
interface Pkcs11Binding {
  PKCS11: new () => Pkcs11Module;
  CKF_SERIAL_SESSION: number;
  CKU_USER: number;
  CKA_CLASS: number;
  CKA_LABEL: number;
  CKA_KEY_TYPE: number;
  CKA_EC_POINT: number;
  CKO_PRIVATE_KEY: number;
  CKO_PUBLIC_KEY: number;
  CKK_EC: number;
  CKM_ECDSA: number;
}

async function loadBinding(): Promise<Pkcs11Binding> {
  try {
    const loaded = (await import('pkcs11js')) as unknown as Pkcs11Binding & { default?: Pkcs11Binding };
    // A CommonJS addon imported from an ES module arrives as its default export.
    return loaded.default?.PKCS11 ? loaded.default : loaded;
  } catch (error) {
    throw new AgentHooksError(ErrorCode.MISSING_PEER, 'signer key: a PKCS#11 key needs pkcs11js, an optional peer dependency of hedera-agent-hooks that is not installed: run npm install pkcs11js.', { cause: error });
  }
}

/**
 * The key labelled `label` in a PKCS#11 token: the private key never leaves the token, which signs
 * each body (Ed25519 with CKM_EDDSA over the bytes; secp256k1 with CKM_ECDSA over their keccak-256,
 * S made low). The public key is read back from the token (CKA_EC_POINT, raw or DER-wrapped).
 * One session, logged in as the user; signatures are made one at a time on it.
 */
export async function keyFromPkcs11(options: Pkcs11KeyOptions): Promise<SigningKey> {
  const pk = await loadBinding();
  const where = `PKCS#11 token "${options.token}", key "${options.label}"`;
  const module = new pk.PKCS11();
  try {
    module.load(options.module);
  } catch (error) {
    throw invalidArgument(`signer key: cannot load the PKCS#11 library ${options.module} (${messageOf(error)}); give the path of your HSM's PKCS#11 module, e.g. /usr/lib/softhsm/libsofthsm2.so.`);
  }
  module.C_Initialize();
  let session: Buffer | undefined;
  try {
    const slot = module.C_GetSlotList(true).find((candidate) => module.C_GetTokenInfo(candidate).label.trim() === options.token);
    if (!slot) throw invalidArgument(`signer key: no PKCS#11 token is labelled "${options.token}" in ${options.module}; list them with pkcs11-tool --module ${options.module} -L.`);
    session = module.C_OpenSession(slot, pk.CKF_SERIAL_SESSION);
    try {
      module.C_Login(session, pk.CKU_USER, options.pin);
    } catch (error) {
      // The PIN is never quoted; the token's own code (CKR_PIN_INCORRECT, …) says enough.
      throw invalidArgument(`signer key: logging in to the ${where} failed (${messageOf(error).split(':')[0]}); check the user PIN.`);
    }
    const privateKey = findOne(module, pk, session, pk.CKO_PRIVATE_KEY, options.label, where, 'private key');
    const publicObject = findOne(module, pk, session, pk.CKO_PUBLIC_KEY, options.label, where, 'public key');
    const keyType = readUlong(module.C_GetAttributeValue(session, privateKey, [{ type: pk.CKA_KEY_TYPE }])[0]?.value);
    const point = module.C_GetAttributeValue(session, publicObject, [{ type: pk.CKA_EC_POINT }])[0]?.value;
    if (!point) throw invalidArgument(`signer key: the ${where} has no CKA_EC_POINT on its public key; only Ed25519 and secp256k1 keys can sign for Hedera.`);
    const type: SigningKeyType = keyType === CKK_EC_EDWARDS ? 'ED25519' : keyType === pk.CKK_EC ? 'ECDSA_SECP256K1' : fail(`signer key: the ${where} is of key type ${keyType}; Hedera accounts take Ed25519 (CKK_EC_EDWARDS) or secp256k1 (CKK_EC) keys.`);
    const publicKey =
      type === 'ED25519'
        ? PublicKey.fromBytesED25519(unwrapOctetString(new Uint8Array(point), [32]))
        : PublicKey.fromBytesECDSA(compressedPoint(unwrapOctetString(new Uint8Array(point), [33, 65])));
    // Loaded for an ECDSA key only: the package entry exports the signer, and an app that never
    // signs through PKCS#11 should not load a hash library the devnet also uses.
    const keccak256 = type === 'ECDSA_SECP256K1' ? (await import('@noble/hashes/sha3.js')).keccak_256 : undefined;
    const open = session;
    let queue: Promise<unknown> = Promise.resolve();
    let closed = false;
    const signOnce = (bodyBytes: Uint8Array): Uint8Array => {
      if (closed) throw new Error(`the key (${where}) was closed`);
      if (type === 'ED25519') {
        module.C_SignInit(open, { mechanism: CKM_EDDSA, parameter: null }, privateKey);
        return new Uint8Array(module.C_Sign(open, Buffer.from(bodyBytes), Buffer.alloc(64)));
      }
      module.C_SignInit(open, { mechanism: pk.CKM_ECDSA }, privateKey);
      return lowS(new Uint8Array(module.C_Sign(open, Buffer.from(keccak256!(bodyBytes)), Buffer.alloc(64))));
    };
    return {
      type,
      publicKey,
      description: where,
      // One operation at a time on the session: PKCS#11 sessions are not for concurrent use.
      sign: (bodyBytes) => {
        const signed = queue.then(() => signOnce(bodyBytes));
        queue = signed.catch(() => undefined);
        return signed;
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await queue;
        try {
          module.C_Logout(open);
          module.C_CloseSession(open);
        } finally {
          module.C_Finalize();
        }
      },
    };
  } catch (error) {
    if (session) {
      try {
        module.C_CloseSession(session);
      } catch {
        // Already failing: the first error is the one to report.
      }
    }
    module.C_Finalize();
    throw error;
  }
}

function findOne(module: Pkcs11Module, pk: Pkcs11Binding, session: Buffer, objectClass: number, label: string, where: string, what: string): Buffer {
  module.C_FindObjectsInit(session, [
    { type: pk.CKA_CLASS, value: objectClass },
    { type: pk.CKA_LABEL, value: label },
  ]);
  const found = module.C_FindObjects(session, 2);
  module.C_FindObjectsFinal(session);
  if (found.length === 0) throw invalidArgument(`signer key: the ${where} has no ${what} with that label; list the token's objects with pkcs11-tool --list-objects --login.`);
  if (found.length > 1) throw invalidArgument(`signer key: the ${where} has more than one ${what} with that label; give each key a label of its own.`);
  return found[0]!;
}

function readUlong(value: Buffer | undefined): number {
  if (!value || value.length === 0) return -1;
  return value.length >= 8 ? Number(value.readBigUInt64LE(0)) : value.readUInt32LE(0);
}

function fail(message: string): never {
  throw invalidArgument(message);
}
