import { isEntityId, textOfLong } from '../values/sdk-values.js';

/** The `to` of a new account's initial balance: its ID exists only once the call executed. */
export const NEW_ACCOUNT = 'new-account';
/** The `from` of a treasury change: the token's current treasury, which the params do not name. */
export const CURRENT_TREASURY = 'current-treasury';

/** `shard.realm.num` with an optional checksum (`0.0.5-vfmkw`); leading zeros are the same number. */
const ID_TEXT = /^(\d+)\.(\d+)\.(\d{1,19})(?:-[a-z]{5})?$/;
/** `shard.realm.<hex>`: an alias (a public key) or, with 40 hex digits, an EVM address. */
const ALIAS_TEXT = /^(\d+)\.(\d+)\.((?:0x)?[0-9a-fA-F]{20,})$/;
const EVM_TEXT = /^(?:0x)?([0-9a-fA-F]{40})$/;
/** A long-zero EVM address: 12 zero bytes, then the account number. */
const LONG_ZERO = /^0{24}([0-9a-fA-F]{16})$/;

/**
 * The one spelling of an account the value policies compare: `0.0.5`, `0.0.000005`, `0.0.5-vfmkw`,
 * `AccountId.fromString('0.0.5')` and the long-zero EVM address `0x…0005` are all `'0.0.5'`.
 * An alias key or an EVM address that is not long-zero names an account only the network can look
 * up, so it is refused (a policy that throws blocks the call), unless the AccountId already carries
 * the account number it was resolved to (as `AccountId.populateAccountNum` leaves it).
 *
 * @example
 * canonicalAccountId(' 0.0.000005-vfmkw ', 'transfers[0].accountId'); // '0.0.5'
 * canonicalAccountId('0x00000000000000000000000000000000000004d2', 'to'); // '0.0.1234'
 */
export function canonicalAccountId(value: unknown, field: string): string {
  if (typeof value === 'string') return fromText(value.trim(), field, value);
  if (isEntityId(value)) {
    const shard = textOfLong(value.shard);
    const realm = textOfLong(value.realm);
    const num = textOfLong(value.num);
    const { aliasKey, evmAddress } = value as { aliasKey?: unknown; evmAddress?: unknown };
    const aliased = (aliasKey !== null && aliasKey !== undefined) || (evmAddress !== null && evmAddress !== undefined);
    if (!aliased || num !== '0') return `${shard}.${realm}.${num}`;
    if (evmAddress !== null && evmAddress !== undefined) return fromEvm(String(evmAddress), shard, realm, field, `${shard}.${realm}.${String(evmAddress)}`);
    throw unresolved(field, `the alias ${shard}.${realm}.${shortly(String(aliasKey))}`);
  }
  throw new Error(`${field}: ${describe(value)} is not an account ID; expected shard.realm.num such as 0.0.1234`);
}

/**
 * The one spelling of a token: `'0.0.1234'` for `0.0.1234`, `0.0.001234`, a checksummed form or a
 * TokenId.
 */
export function canonicalTokenId(value: unknown, field: string): string {
  if (isEntityId(value)) return `${textOfLong(value.shard)}.${textOfLong(value.realm)}.${textOfLong(value.num)}`;
  const match = typeof value === 'string' ? ID_TEXT.exec(value.trim()) : null;
  if (!match) throw new Error(`${field}: ${describe(value)} is not a token ID; expected shard.realm.num such as 0.0.1234`);
  return `${BigInt(match[1]!)}.${BigInt(match[2]!)}.${BigInt(match[3]!)}`;
}

function fromText(text: string, field: string, original: string): string {
  const id = ID_TEXT.exec(text);
  if (id) return `${BigInt(id[1]!)}.${BigInt(id[2]!)}.${BigInt(id[3]!)}`;
  const evm = EVM_TEXT.exec(text);
  if (evm) return fromEvm(evm[1]!, '0', '0', field, original);
  const alias = ALIAS_TEXT.exec(text);
  if (alias) {
    const hex = alias[3]!.replace(/^0x/, '');
    // The SDK reads 40 hex digits after shard.realm as an EVM address, anything else as a key.
    if (hex.length === 40) return fromEvm(hex, alias[1]!, alias[2]!, field, original);
    throw unresolved(field, `the alias ${shortly(original)}`);
  }
  throw new Error(`${field}: ${describe(original)} is not an account ID; expected shard.realm.num such as 0.0.1234`);
}

function fromEvm(address: string, shard: string, realm: string, field: string, original: string): string {
  const hex = address.replace(/^0x/, '');
  const longZero = LONG_ZERO.exec(hex);
  if (longZero) return `${BigInt(shard)}.${BigInt(realm)}.${BigInt(`0x${longZero[1]}`)}`;
  throw unresolved(field, `the EVM address ${shortly(original)}`);
}

function unresolved(field: string, what: string): Error {
  return new Error(
    `${field}: ${what} names an account only the network can look up, so the value policies cannot tell which account it is; ` +
      'the call is refused. Use the account ID (shard.realm.num) instead.',
  );
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(shortly(value));
  if (value === null || value === undefined) return String(value);
  return typeof value === 'object' ? `an object (${(value as object).constructor?.name ?? 'Object'})` : `${typeof value} ${String(value)}`;
}

function shortly(text: string): string {
  return text.length > 50 ? `${text.slice(0, 50)}…` : text;
}
