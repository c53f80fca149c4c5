import { Long } from '@hiero-ledger/sdk';

/** Anything protobufjs may hand us for an int64 field. */
export type LongLike = Long | number | string | null | undefined;

/** Converts a protobuf int64 (Long, number or string) to a bigint; null/undefined become 0n. */
export function toBig(value: LongLike): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'number') return BigInt(Math.trunc(value));
  if (typeof value === 'string') return BigInt(value);
  // From the two 32-bit halves: Long.toString divides in a loop, and every transaction reads several int64s.
  const high = value.unsigned ? value.high >>> 0 : value.high;
  return (BigInt(high) << 32n) + BigInt(value.low >>> 0);
}

/** Converts a bigint to a Long for protobuf encoding (balances exceed 2^53). */
export function toLong(value: bigint, unsigned = false): Long {
  return Long.fromString(value.toString(), unsigned);
}

/** Nanoseconds since the epoch as a bigint, from a protobuf Timestamp. */
export function timestampToNs(ts: { seconds?: LongLike; nanos?: number | null } | null | undefined): bigint {
  if (!ts) return 0n;
  return toBig(ts.seconds) * 1_000_000_000n + BigInt(ts.nanos ?? 0);
}

/** A protobuf Timestamp from nanoseconds since the epoch. */
export function nsToTimestamp(ns: bigint): { seconds: Long; nanos: number } {
  return { seconds: toLong(ns / 1_000_000_000n), nanos: Number(ns % 1_000_000_000n) };
}

/** Mirror-node timestamp string `"<seconds>.<9-digit nanos>"`. */
export function nsToMirror(ns: bigint): string {
  return `${ns / 1_000_000_000n}.${(ns % 1_000_000_000n).toString().padStart(9, '0')}`;
}

/** Parses a mirror timestamp `"S"` or `"S.N"` to nanoseconds; undefined when malformed. */
export function mirrorToNs(text: string): bigint | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,9}))?$/.exec(text);
  if (!match) return undefined;
  return BigInt(match[1]) * 1_000_000_000n + BigInt((match[2] ?? '0').padEnd(9, '0'));
}
