import { randomBytes, randomUUID } from 'node:crypto';

/** The twelve-bit values as three hex digits: a call ID's counting part is two of them, and a cached prefix. */
const HEX3 = Array.from({ length: 4096 }, (_, value) => value.toString(16).padStart(3, '0'));
const LOW_BITS = 2 ** 24;
const COUNTER_LIMIT = 2 ** 48;

/** The first 24 characters of a random version-4 UUID, dash included: the part fixed per process. */
const base = `${randomUUID().slice(0, 23)}-`;
let counter = randomBytes(6).readUIntBE(0, 6);
/** The base and the counter's high 24 bits: they change once every 2^24 calls, so they are joined then, not per call. */
let high = -1;
let prefix = '';

/**
 * A fresh call ID: a version-4 UUID whose first 74 random bits are drawn once per process and whose
 * last 48 bits count calls (from a random start, wrapping after 2^48). `crypto.randomUUID` was a
 * measured tenth of a watched call's cost; call IDs need to be unique (a policy matches its
 * reservation to the outcome by them, across processes sharing a store), not unguessable: nobody
 * outside the process picks them.
 */
export function nextCallId(): string {
  counter = (counter + 1) % COUNTER_LIMIT;
  const low = counter % LOW_BITS;
  const top = (counter - low) / LOW_BITS;
  if (top !== high) {
    high = top;
    prefix = base + HEX3[top >>> 12]! + HEX3[top & 4095]!;
  }
  return prefix + HEX3[low >>> 12]! + HEX3[low & 4095]!;
}
