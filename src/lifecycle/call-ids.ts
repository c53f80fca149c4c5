import { randomBytes, randomUUID } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const LOW_BITS = 2 ** 24;
const COUNTER_LIMIT = 2 ** 48;

/** The first 24 characters of a random version-4 UUID, dash included: the part fixed per process. */
const base = `${randomUUID().slice(0, 23)}-`;
let counter = randomBytes(6).readUIntBE(0, 6);

/**
 * A fresh call ID: a version-4 UUID whose first 74 random bits are drawn once per process and whose
 * last 48 bits count calls (from a random start, wrapping after 2^48). `crypto.randomUUID` was a
 * measured tenth of a watched call's cost; call IDs need to be unique (a policy matches its
 * reservation to the outcome by them, across processes sharing a store), not unguessable: nobody
 * outside the process picks them.
 */
export function nextCallId(): string {
  counter = (counter + 1) % COUNTER_LIMIT;
  const high = Math.floor(counter / LOW_BITS);
  const low = counter % LOW_BITS;
  return base + HEX[high >>> 16]! + HEX[(high >>> 8) & 255]! + HEX[high & 255]! + HEX[low >>> 16]! + HEX[(low >>> 8) & 255]! + HEX[low & 255]!;
}
