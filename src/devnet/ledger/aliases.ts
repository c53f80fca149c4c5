import { proto } from '@hiero-ledger/proto';
import { PublicKey } from '@hiero-ledger/sdk';
import { toBig } from './numbers.js';

/**
 * Account aliases as Hedera knows them: a 20-byte EVM address, or a serialized protobuf `Key` holding one
 * ED25519 or ECDSA(secp256k1) public key. An `AccountID` names an account by alias when its `alias`
 * is set and its `accountNum` is not.
 */

export const EVM_ADDRESS_BYTES = 20;

export function isEvmAddressAlias(alias: Uint8Array | null | undefined): boolean {
  return alias?.length === EVM_ADDRESS_BYTES;
}

/** The key a key alias stands for; undefined when the bytes are not one serialized simple key. */
export function keyOfAlias(alias: Uint8Array): proto.IKey | undefined {
  if (isEvmAddressAlias(alias) || !alias.length) return undefined;
  let key: proto.Key;
  try {
    key = proto.Key.decode(alias);
  } catch {
    return undefined;
  }
  if (key.ed25519?.length === 32 && key.key === 'ed25519') return { ed25519: key.ed25519 };
  if (key.ECDSASecp256k1?.length === 33 && key.key === 'ECDSASecp256k1') return { ECDSASecp256k1: key.ECDSASecp256k1 };
  return undefined;
}

/** The EVM address of an ECDSA(secp256k1) key (keccak-256 of the uncompressed point, last 20 bytes). */
export function evmAddressOfKey(key: proto.IKey | null | undefined): Uint8Array | undefined {
  if (key?.ECDSASecp256k1?.length !== 33) return undefined;
  try {
    return Buffer.from(PublicKey.fromBytesECDSA(key.ECDSASecp256k1).toEvmAddress(), 'hex');
  } catch {
    return undefined; // not a point on the curve: no address
  }
}

/** Derived addresses by alias object: mirror lookups ask for every account's address, and the curve arithmetic is slow. */
const derivedAddresses = new WeakMap<Uint8Array, Uint8Array | null>();

/** The EVM address an alias gives its account: the alias itself, or the address of an ECDSA key alias. */
export function evmAddressOfAlias(alias: Uint8Array | null | undefined): Uint8Array | undefined {
  if (!alias?.length) return undefined;
  if (isEvmAddressAlias(alias)) return alias;
  let derived = derivedAddresses.get(alias);
  if (derived === undefined) derivedAddresses.set(alias, (derived = evmAddressOfKey(keyOfAlias(alias)) ?? null));
  return derived ?? undefined;
}

/** Whether the `AccountID` names its account by alias rather than by number. */
export function isAliasId(id: proto.IAccountID | null | undefined): id is proto.IAccountID & { alias: Uint8Array } {
  return !!id?.alias?.length && toBig(id.accountNum) === 0n;
}

/** The account number a long-zero EVM address (twelve zero bytes, then the number) stands for. */
export function longZeroNum(address: Uint8Array): number | undefined {
  if (!isEvmAddressAlias(address) || address.subarray(0, 12).some((b) => b !== 0)) return undefined;
  const num = Buffer.from(address.subarray(12)).readBigUInt64BE();
  return num > 0n && num <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(num) : undefined;
}

/** A string that is equal for equal account references, by number or by alias (for repeat checks). */
export function accountRef(id: proto.IAccountID | null | undefined): string {
  if (isAliasId(id)) return `alias:${Buffer.from(id.alias).toString('hex')}`;
  return `num:${toBig(id?.accountNum)}`;
}

export const aliasHex = (alias: Uint8Array): string => Buffer.from(alias).toString('hex');
