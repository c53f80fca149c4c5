import { randomBytes } from 'node:crypto';
import type { TransactionHandler } from './handler-context.js';
import { ensure } from './status-error.js';

/** Length of the PRNG output a node records when no range is given (a SHA-384 running hash). */
const PRNG_BYTES = 48;

/**
 * utilPrng: records 48 pseudorandom bytes, or with a positive `range` a number in [0, range). A node
 * derives them from a running hash of earlier records; the devnet has no such hash and draws them from
 * node:crypto, which gives the same guarantee an application can rely on: unpredictable before consensus.
 */
export const prngHandler: TransactionHandler = {
  pureChecks(body) {
    ensure((body.utilPrng!.range ?? 0) >= 0, 'INVALID_PRNG_RANGE');
  },
  handle(ctx) {
    const range = ctx.body.utilPrng!.range ?? 0;
    const bytes = randomBytes(PRNG_BYTES);
    if (range > 0) ctx.recordFields.prngNumber = bytes.readUInt32BE(0) % range;
    else ctx.recordFields.prngBytes = bytes;
  },
};
