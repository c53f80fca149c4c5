import { proto } from '@hiero-ledger/proto';

/**
 * Helpers for protobuf `Key` values as the ledger stores them (accounts, topics and tokens keep the
 * decoded proto Key so they can be echoed back in queries without conversion loss).
 */

/** True when the key has no usable content (absent, or an empty key list meaning "immutable"). */
export function isEmptyKey(key: proto.IKey | null | undefined): boolean {
  if (!key) return true;
  if (key.ed25519?.length || key.ECDSASecp256k1?.length) return false;
  if (key.keyList) return !(key.keyList.keys ?? []).length;
  if (key.thresholdKey) return !(key.thresholdKey.keys?.keys ?? []).length;
  return !(key.contractID || key.delegatableContractId);
}

/** Whether a key could ever sign: a simple key, or a key list / threshold key made of valid keys. */
export function isValidKey(key: proto.IKey | null | undefined): boolean {
  if (!key) return false;
  if (key.ed25519) return key.ed25519.length === 32;
  if (key.ECDSASecp256k1) return key.ECDSASecp256k1.length === 33;
  if (key.keyList) return (key.keyList.keys ?? []).every(isValidKey);
  if (key.thresholdKey) {
    const keys = key.thresholdKey.keys?.keys ?? [];
    const threshold = key.thresholdKey.threshold ?? 0;
    return threshold > 0 && threshold <= keys.length && keys.every(isValidKey);
  }
  return false;
}

/**
 * Whether a key is satisfied, given a verdict for each simple key: a key list needs every member (and
 * at least one), a threshold key `threshold` of its members.
 */
export function isKeySatisfied(key: proto.IKey | null | undefined, simpleKeySigned: (key: proto.IKey) => boolean): boolean {
  if (!key) return false;
  if (key.keyList) {
    const keys = key.keyList.keys ?? [];
    return keys.length > 0 && keys.every((k) => isKeySatisfied(k, simpleKeySigned));
  }
  if (key.thresholdKey) {
    const keys = key.thresholdKey.keys?.keys ?? [];
    const threshold = key.thresholdKey.threshold ?? 0;
    return threshold > 0 && keys.filter((k) => isKeySatisfied(k, simpleKeySigned)).length >= threshold;
  }
  return simpleKeySigned(key);
}

/** Raw bytes of a simple key (what the SDK puts in `pubKeyPrefix`). */
export function simpleKeyBytes(key: proto.IKey): Uint8Array | undefined {
  return key.ed25519 ?? key.ECDSASecp256k1 ?? undefined;
}

/** Mirror REST representation `{_type, key}` (raw hex for simple keys, protobuf hex otherwise). */
export function mirrorKey(key: proto.IKey | null | undefined): { _type: string; key: string } | null {
  if (!key || isEmptyKey(key)) return null;
  if (key.ed25519?.length) return { _type: 'ED25519', key: Buffer.from(key.ed25519).toString('hex') };
  if (key.ECDSASecp256k1?.length) return { _type: 'ECDSA_SECP256K1', key: Buffer.from(key.ECDSASecp256k1).toString('hex') };
  return { _type: 'ProtobufEncoded', key: Buffer.from(proto.Key.encode(key).finish()).toString('hex') };
}

/** A stable string for comparing keys (protobuf encoding in hex). */
export function keyFingerprint(key: proto.IKey | null | undefined): string {
  return key ? Buffer.from(proto.Key.encode(key).finish()).toString('hex') : '';
}
