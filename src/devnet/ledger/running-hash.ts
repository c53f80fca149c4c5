import { createHash } from 'node:crypto';

/** Version written next to every topic running hash (receipts and mirror `running_hash_version`). */
export const RUNNING_HASH_VERSION = 3n;

export interface RunningHashInput {
  previous: Uint8Array;
  payerNum: number;
  topicNum: number;
  consensusNs: bigint;
  sequenceNumber: bigint;
  message: Uint8Array;
}

/**
 * Topic running hash, version 3: SHA-384 over previous hash ‖ version ‖ payer shard/realm/num ‖ topic
 * shard/realm/num ‖ consensus seconds (u64) ‖ nanos (u32) ‖ sequence number ‖ SHA-384(message), all
 * integers big-endian, as described next to `topicRunningHash` in the receipt proto.
 */
export function nextRunningHash(input: RunningHashInput): Uint8Array {
  const fixed = Buffer.alloc(8 + 24 + 24 + 8 + 4 + 8);
  let offset = 0;
  const u64 = (value: bigint) => { fixed.writeBigUInt64BE(value, offset); offset += 8; };
  u64(RUNNING_HASH_VERSION);
  u64(0n); u64(0n); u64(BigInt(input.payerNum));
  u64(0n); u64(0n); u64(BigInt(input.topicNum));
  u64(input.consensusNs / 1_000_000_000n);
  fixed.writeUInt32BE(Number(input.consensusNs % 1_000_000_000n), offset); offset += 4;
  u64(input.sequenceNumber);
  const messageHash = createHash('sha384').update(input.message).digest();
  return createHash('sha384').update(input.previous).update(fixed).update(messageHash).digest();
}
