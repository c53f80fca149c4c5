import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { WindowPeek } from './policy-store.js';

/** rate-limiter-flexible's answer for a key, read without counting: none, or a window that ended, counts 0. */
export function peekOf(res: RateLimiterRes | null): WindowPeek {
  if (!res || res.msBeforeNext <= 0) return { count: 0, resetsInMs: 0 };
  return { count: Math.max(0, res.consumedPoints), resetsInMs: res.msBeforeNext };
}
