import type { Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { isSdkClient } from './sdk-values.js';

/**
 * Zod schemas for values the options schemas share. SDK values are recognised by shape (see
 * sdk-values.ts), never by class: an app's Client may come from another copy of the SDK. In a
 * configuration's JSON schema they are unrepresentable and accept anything (a JSON file cannot
 * hold a Client; `null` stands for a left-out one).
 */

/** A @hiero-ledger/sdk Client; `accepted` says what else the option takes, e.g. "or left out to use the operator". */
export function sdkClientSchema(accepted = 'a @hiero-ledger/sdk Client (e.g. Client.forTestnet().setOperator(id, key))'): z.ZodType<Client> {
  return z.custom<Client>((value) => isSdkClient(value), { error: accepted });
}

/** A whole number of milliseconds or a fraction of one, from `min` to `max`, named so in messages. */
export function millisecondsSchema(min: number, max: number, accepted = `a number of milliseconds from ${min} to ${max}`): z.ZodNumber {
  return z.number({ error: accepted }).min(min, { error: accepted }).max(max, { error: accepted });
}

/** A timer's delay: setTimeout takes at most 2^31-1 ms, and a longer one would fire after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
