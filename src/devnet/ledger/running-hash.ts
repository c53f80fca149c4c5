import { createHash } from 'node:crypto';

/** Version written next to every topic running hash (receipts and mirror `running_hash_version`). */
export const RUNNING_HASH_VERSION = 3n;

/**
 * How the v3 running-hash input is laid out:
 * - `'concatenated'`: the fields simply concatenated, as the receipt proto comment (and the project's
 *   wire reference) describes them;
 * - `'java-serialized'`: the bytes Hedera's services actually hash, written by Java's ObjectOutputStream
 *   (stream header, the two SHA-384 values as serialized `byte[]` objects, the numbers in one data block).
 */
export type RunningHashFormat = 'concatenated' | 'java-serialized';

export interface RunningHashInput {
  previous: Uint8Array;
  payerNum: number;
  topicNum: number;
  consensusNs: bigint;
  sequenceNumber: bigint;
  message: Uint8Array;
}

// Java serialization constants: stream magic+version, a new byte[] class descriptor ("[B" with its
// serialVersionUID, no fields, no superclass), and a back-reference to that descriptor (first handle).
const STREAM_HEADER = Buffer.from('aced0005', 'hex');
const NEW_BYTE_ARRAY = Buffer.from('757200025b42acf317f8060854e0020000787000000030', 'hex');
const REF_BYTE_ARRAY = Buffer.from('7571007e000000000030', 'hex');
const FIELDS_BYTES = 8 + 24 + 24 + 8 + 4 + 8;

function numericFields(input: RunningHashInput): Buffer {
  const fields = Buffer.alloc(FIELDS_BYTES);
  let offset = 0;
  const u64 = (value: bigint) => { fields.writeBigUInt64BE(value, offset); offset += 8; };
  u64(RUNNING_HASH_VERSION);
  u64(0n); u64(0n); u64(BigInt(input.payerNum));
  u64(0n); u64(0n); u64(BigInt(input.topicNum));
  u64(input.consensusNs / 1_000_000_000n);
  fields.writeUInt32BE(Number(input.consensusNs % 1_000_000_000n), offset); offset += 4;
  u64(input.sequenceNumber);
  return fields;
}

/**
 * Topic running hash, version 3: SHA-384 over previous hash ‖ version ‖ payer shard/realm/num ‖ topic
 * shard/realm/num ‖ consensus seconds (u64) ‖ nanos (u32) ‖ sequence number ‖ SHA-384(message), all
 * integers big-endian, framed according to `format`.
 */
export function nextRunningHash(input: RunningHashInput, format: RunningHashFormat = 'java-serialized'): Uint8Array {
  const messageHash = createHash('sha384').update(input.message).digest();
  const fields = numericFields(input);
  const hash = createHash('sha384');
  if (format === 'concatenated') return hash.update(input.previous).update(fields).update(messageHash).digest();
  if (input.previous.length !== 48) throw new Error(`running hash: previous hash must be 48 bytes (got ${input.previous.length})`);
  return hash.update(STREAM_HEADER).update(NEW_BYTE_ARRAY).update(input.previous)
    .update(Buffer.from([0x77, FIELDS_BYTES])).update(fields)
    .update(REF_BYTE_ARRAY).update(messageHash).digest();
}
