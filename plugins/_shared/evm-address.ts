import { z } from 'zod';

/*
 * Accounts and contracts as the Hedera Agent Kit's EVM tools take them: a Hedera ID (`0.0.1234`) or
 * a 20-byte EVM address (`0x` and 40 hex digits).
 */
const HEDERA_ID = /^\d{1,10}\.\d{1,10}\.\d{1,19}$/;
const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;

/** Whether an address input is a Hedera ID (`0.0.N`) rather than an EVM address. */
export function isHederaId(text: string): boolean {
  return HEDERA_ID.test(text);
}

/** An account or contract input: a Hedera ID or an EVM address. */
export function addressSchema(description: string) {
  return z
    .string({ error: 'must be a Hedera ID such as 0.0.1234 or an EVM address such as 0x00000000000000000000000000000000000004d2' })
    .trim()
    .refine((text) => HEDERA_ID.test(text) || EVM_ADDRESS.test(text), {
      error: 'must be a Hedera ID such as 0.0.1234 or an EVM address (0x and 40 hex digits)',
    })
    .describe(description);
}

/** An EVM address as calls and the mirror compare it: `0x` and 40 lower-case hex digits. */
export function normalisedEvmAddress(address: string): string {
  return `0x${address.trim().replace(/^0x/i, '').toLowerCase()}`;
}
