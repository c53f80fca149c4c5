import { canonicalAccountId } from '../policies/account-ids.js';

/**
 * Reading the fields of a decoded protobuf message (`@hiero-ledger/proto`): int64 fields arrive as
 * `Long` objects, numbers or strings depending on the decoder's options, and entity IDs as
 * `{ shardNum, realmNum, accountNum | alias }`. Every reader names the field it failed on, so a
 * refusal says where the body could not be read.
 */

/** A whole number of any protobuf int64 spelling, exactly; absent is 0 (proto3's default). */
export function wholeOf(value: unknown, field: string): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  // A Long from any copy of the `long` package: its own toString gives the exact decimal.
  if (typeof value === 'object' && typeof (value as { low?: unknown }).low === 'number' && typeof (value as { high?: unknown }).high === 'number') {
    return BigInt(String(value));
  }
  throw new Error(`${field}: expected a whole number, got ${typeof value}`);
}

interface EntityFields {
  shardNum?: unknown;
  realmNum?: unknown;
  accountNum?: unknown;
  alias?: unknown;
  evmAddress?: unknown;
  tokenNum?: unknown;
  contractNum?: unknown;
  topicNum?: unknown;
  scheduleNum?: unknown;
  fileNum?: unknown;
}

function numberedId(value: unknown, numberField: keyof EntityFields, field: string, what: string): string {
  if (value === null || value === undefined || typeof value !== 'object') throw new Error(`${field}: the body names no ${what}`);
  const id = value as EntityFields;
  return `${wholeOf(id.shardNum, `${field}.shardNum`)}.${wholeOf(id.realmNum, `${field}.realmNum`)}.${wholeOf(id[numberField], `${field}.${numberField}`)}`;
}

/**
 * An AccountID as `shard.realm.num`. An alias (a public key) or an EVM address names an account only
 * the network can look up; a long-zero EVM address is read as its number, anything else throws.
 */
export function accountOf(value: unknown, field: string): string {
  if (value === null || value === undefined || typeof value !== 'object') throw new Error(`${field}: the body names no account`);
  const id = value as EntityFields;
  const alias = id.alias ?? id.evmAddress;
  if (alias instanceof Uint8Array && alias.length > 0) {
    const shard = wholeOf(id.shardNum, `${field}.shardNum`);
    const realm = wholeOf(id.realmNum, `${field}.realmNum`);
    return canonicalAccountId(`${shard}.${realm}.${Buffer.from(alias).toString('hex')}`, field);
  }
  return numberedId(value, 'accountNum', field, 'account');
}

/** An account when the field is set, else undefined. */
export function optionalAccountOf(value: unknown, field: string): string | undefined {
  return value === null || value === undefined ? undefined : accountOf(value, field);
}

export const tokenOf = (value: unknown, field: string): string => numberedId(value, 'tokenNum', field, 'token');
export const topicOf = (value: unknown, field: string): string => numberedId(value, 'topicNum', field, 'topic');
export const scheduleOf = (value: unknown, field: string): string => numberedId(value, 'scheduleNum', field, 'schedule');
export const fileOf = (value: unknown, field: string): string => numberedId(value, 'fileNum', field, 'file');

/** A ContractID as `shard.realm.num`; one named by EVM address must be long-zero. */
export function contractOf(value: unknown, field: string): string {
  if (value === null || value === undefined || typeof value !== 'object') throw new Error(`${field}: the body names no contract`);
  const id = value as EntityFields;
  if (id.evmAddress instanceof Uint8Array && id.evmAddress.length > 0) {
    return canonicalAccountId(`0x${Buffer.from(id.evmAddress).toString('hex')}`, field);
  }
  return numberedId(value, 'contractNum', field, 'contract');
}

/** `{ seconds, nanos }` as `seconds.nnnnnnnnn`, the SDK's spelling of a timestamp. */
export function timestampText(value: unknown, field: string): string {
  if (value === null || value === undefined || typeof value !== 'object') throw new Error(`${field}: the body has no timestamp here`);
  const { seconds, nanos } = value as { seconds?: unknown; nanos?: unknown };
  const whole = wholeOf(seconds, `${field}.seconds`);
  const fraction = wholeOf(nanos, `${field}.nanos`);
  if (fraction < 0n || fraction > 999_999_999n) throw new Error(`${field}.nanos: ${fraction} is not a number of nanoseconds`);
  return `${whole}.${String(fraction).padStart(9, '0')}`;
}

/** A google.protobuf wrapper's value (`BoolValue`, `StringValue`, …), or undefined when the wrapper is absent. */
export function wrapped<T>(value: unknown): T | undefined {
  if (value === null || value === undefined || typeof value !== 'object') return undefined;
  return (value as { value?: T }).value;
}
