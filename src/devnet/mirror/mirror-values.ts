/**
 * Parsers for the value forms the mirror node accepts in paths and query strings. Each returns undefined
 * for a malformed value, so callers can turn that into the mirror's `Invalid parameter: <name>`.
 */

const SHARD_BITS = 10n;
const REALM_BITS = 16n;
const NUM_BITS = 38n;
const MAX_LONG = 9_223_372_036_854_775_807n;

/**
 * An entity ID as the mirror orders them: shard, realm and num packed into one integer (10, 16 and 38
 * bits), so `token.id=gt:0.0.5` compares the same way for every shard and realm.
 */
export type EncodedId = bigint;

export function encodeId(shard: bigint, realm: bigint, num: bigint): EncodedId {
  return (shard << (REALM_BITS + NUM_BITS)) | (realm << NUM_BITS) | num;
}

/** The num of an ID in shard 0, realm 0 (the only ones the devnet creates); undefined for any other. */
export function localNum(id: EncodedId): number | undefined {
  return id >= 0n && id < 1n << NUM_BITS ? Number(id) : undefined;
}

export function formatId(id: EncodedId): string {
  const num = id & ((1n << NUM_BITS) - 1n);
  const realm = (id >> NUM_BITS) & ((1n << REALM_BITS) - 1n);
  const shard = id >> (REALM_BITS + NUM_BITS);
  return `${shard}.${realm}.${num}`;
}

/** `num`, `realm.num` or `shard.realm.num`. */
export function parseEntityId(text: string): EncodedId | undefined {
  const parts = text.split('.');
  if (parts.length > 3 || !parts.every((part) => /^\d{1,10}$/.test(part))) return undefined;
  const [num, realm = 0n, shard = 0n] = parts.map(BigInt).reverse();
  if (shard >= 1n << SHARD_BITS || realm >= 1n << REALM_BITS || num >= 1n << NUM_BITS) return undefined;
  return encodeId(shard, realm, num);
}

/** A 20-byte EVM address, with or without `0x` and an optional `shard.realm.` prefix; lower-case hex. */
export function parseEvmAddress(text: string): string | undefined {
  const match = /^(?:\d{1,10}\.){0,2}(?:0x)?([0-9a-fA-F]{40})$/.exec(text);
  return match ? match[1].toLowerCase() : undefined;
}

/** The entity a long-zero EVM address stands for (4 bytes shard, 8 realm, 8 num), or undefined. */
export function longZeroId(evmHex: string): EncodedId | undefined {
  const shard = BigInt(`0x${evmHex.slice(0, 8)}`);
  const realm = BigInt(`0x${evmHex.slice(8, 24)}`);
  const num = BigInt(`0x${evmHex.slice(24)}`);
  if (shard >= 1n << SHARD_BITS || realm >= 1n << REALM_BITS || num >= 1n << NUM_BITS) return undefined;
  return encodeId(shard, realm, num);
}

/** An entity ID or the long-zero EVM address of one (the mirror's "num alias" for tokens). */
export function parseEntityOrLongZero(text: string): EncodedId | undefined {
  const id = parseEntityId(text);
  if (id !== undefined) return id;
  const evm = parseEvmAddress(text);
  return evm === undefined ? undefined : longZeroId(evm);
}

/** `seconds` or `seconds.nanos` (at most 10 and 9 digits) as nanoseconds. */
export function parseTimestamp(text: string): bigint | undefined {
  const match = /^(\d{1,10})(?:\.(\d{1,9}))?$/.exec(text);
  if (!match) return undefined;
  return BigInt(match[1]) * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

/** A non-negative 64-bit integer (`allowZero`) or a positive one. */
export function parseLong(text: string, allowZero = true): bigint | undefined {
  if (!/^\d{1,19}$/.test(text)) return undefined;
  const value = BigInt(text);
  return value <= MAX_LONG && (allowZero || value > 0n) ? value : undefined;
}

export function parseBoolean(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

const ED25519_DER_PREFIX = '302a300506032b6570032100';

/**
 * A public key as the mirror compares it: raw ED25519 (64 hex), compressed ECDSA (66 hex) or DER
 * ED25519 (88 hex), `0x` optional. Returns the raw key in lower-case hex, the form of `key.key`.
 */
export function parsePublicKey(text: string): string | undefined {
  const match = /^(?:0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{66}|[0-9a-fA-F]{88})$/.exec(text);
  if (!match) return undefined;
  const hex = match[1].toLowerCase();
  if (hex.length !== 88) return hex;
  return hex.startsWith(ED25519_DER_PREFIX) ? hex.slice(ED25519_DER_PREFIX.length) : undefined;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how the mirror prints account aliases. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let buffer = 0;
  let out = '';
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1; // only the bits not yet written; keeps the int32 maths exact
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** A base32 alias with an optional `shard.realm.` prefix, without the prefix; undefined when malformed. */
export function parseAlias(text: string): string | undefined {
  const match = /^(?:\d{1,10}\.){0,2}((?:[A-Z2-7]{8})*(?:[A-Z2-7]{2}|[A-Z2-7]{4,5}|[A-Z2-7]{7,8}))$/.exec(text);
  return match?.[1];
}
