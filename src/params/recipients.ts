import { z } from 'zod';
import { accountIdSchema } from './entity-id-schemas.js';
import { hbarAmountSchema, tokenAmountSchema } from './amount-schemas.js';
import { paramIssue } from './param-issue.js';

/**
 * Hedera caps a CryptoTransfer at 10 HBAR entries and 10 token entries; one of them is the sender's
 * debit, so at most 9 accounts can be credited in one call.
 */
export const MAX_TRANSFER_RECIPIENTS = 9;

/** One HBAR credit: `{ accountId, amount }` with amount in HBAR. */
export const hbarRecipientSchema = z
  .strictObject({
    accountId: accountIdSchema.describe('Account that receives the HBAR, e.g. "0.0.1234".'),
    amount: hbarAmountSchema,
  })
  .describe('One recipient and the HBAR it receives.');

/** One fungible-token credit: `{ accountId, amount }` with amount in the token's display units. */
export const tokenRecipientSchema = z
  .strictObject({
    accountId: accountIdSchema.describe('Account that receives the tokens, e.g. "0.0.1234".'),
    amount: tokenAmountSchema,
  })
  .describe('One recipient and the token amount it receives.');

/**
 * A non-empty list of at most `max` items (recipients by default are HBAR credits).
 *
 * @example
 * const transfers = recipientsSchema(MAX_TRANSFER_RECIPIENTS);                       // HBAR
 * const recipients = recipientsSchema(MAX_TRANSFER_RECIPIENTS, tokenRecipientSchema); // tokens
 */
export function recipientsSchema(max: number): z.ZodArray<typeof hbarRecipientSchema>;
export function recipientsSchema<T extends z.ZodType>(max: number, item: T, what?: string): z.ZodArray<T>;
export function recipientsSchema<T extends z.ZodType>(max: number, item?: T, what = 'recipient'): z.ZodArray<T> {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`recipientsSchema: max must be a positive integer, got ${String(max)}`);
  const element = (item ?? hbarRecipientSchema) as T;
  return z
    .array(element, { error: `expected a list of ${what}s` })
    .min(1, { error: `must list at least one ${what}` })
    .max(max, { error: `lists too many ${what}s: at most ${max} per call` })
    .describe(`List of 1 to ${max} ${what}s.`);
}

/**
 * Refuses a call in which the paying/sending account also appears as a recipient: a self-transfer
 * moves nothing but costs a fee, and usually means the LLM confused the two roles.
 *
 * @example
 * refuseSenderAmongRecipients('0.0.2', [{ accountId: '0.0.2' }], 'transfers');
 * // throws: "transfers[0].accountId: 0.0.2 is the sending account; it cannot also be a recipient"
 */
export function refuseSenderAmongRecipients(
  sender: { toString(): string },
  recipients: readonly { accountId: { toString(): string } }[],
  field: string,
  tool?: string,
): void {
  const senderId = String(sender);
  recipients.forEach((recipient, at) => {
    if (String(recipient.accountId) === senderId) {
      throw paramIssue(`${field}[${at}].accountId`, `${senderId} is the sending account; it cannot also be a recipient`, tool);
    }
  });
}
