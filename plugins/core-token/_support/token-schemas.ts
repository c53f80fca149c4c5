import { z } from 'zod';
import { accountIdSchema } from '../../../src/params/entity-id-schemas.js';
import { tokenAmountSchema } from '../../../src/params/amount-schemas.js';
import { MAX_TRANSFER_RECIPIENTS, recipientsSchema } from '../../../src/params/recipients.js';
import { strictObject } from './strict-object.js';

/** Hedera limits token names, symbols and memos to 100 bytes of UTF-8. */
export const MAX_TEXT_BYTES = 100;

/**
 * Text stored on the ledger (a token name, symbol or memo), at most 100 UTF-8 bytes.
 *
 * @example
 * const tokenName = ledgerText('The name of the token, e.g. "Gold Coin".', { nonEmpty: true });
 */
export function ledgerText(description: string, options: { nonEmpty?: boolean } = {}) {
  return z
    .string({ error: 'must be a string' })
    .refine((text) => !options.nonEmpty || text.trim().length > 0, { error: 'must not be empty' })
    .refine((text) => Buffer.byteLength(text, 'utf8') <= MAX_TEXT_BYTES, { error: `must be at most ${MAX_TEXT_BYTES} bytes of UTF-8` })
    .describe(description);
}

/** Optional memo attached to the transaction (not the token). */
export const transactionMemoSchema = ledgerText('Optional memo recorded with the transaction, up to 100 bytes.').optional();

/** One fungible-token credit, `{ accountId, amount }` in display units; a serial number is refused with a pointer to the NFT tools. */
export const tokenCreditSchema = strictObject(
  {
    accountId: accountIdSchema.describe('Account that receives the tokens, e.g. "0.0.1234".'),
    amount: tokenAmountSchema,
  },
  {
    serialNumber: 'fungible tokens move by amount, not serial number; for NFTs use transfer_non_fungible_token_tool',
    recipientId: 'name the receiving account accountId',
  },
).describe('One recipient and the token amount (display units) it receives.');

/** 1 to 9 fungible-token credits (the sender's debit is the 10th ledger entry). */
export const tokenCreditsSchema = recipientsSchema(MAX_TRANSFER_RECIPIENTS, tokenCreditSchema);

export type TokenCreditInput = z.infer<typeof tokenCreditSchema>;
