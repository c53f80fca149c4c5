import type { z } from 'zod';
import {
  MAX_TRANSFER_RECIPIENTS,
  accountIdSchema,
  memoSchema,
  recipientsSchema,
  strictInput,
  tokenAmountSchema,
} from '../../../src/authoring/index.js';

export { transactionMemoSchema } from '../../../src/authoring/index.js';

/**
 * Text stored on the ledger (a token name, symbol, memo or metadata): at most 100 UTF-8 bytes, no NUL;
 * names and symbols must also not be blank.
 *
 * @example
 * const tokenName = ledgerText('The name of the token, e.g. "Gold Coin".', { nonEmpty: true });
 */
export function ledgerText(description: string, options: { nonEmpty?: boolean } = {}) {
  const text = memoSchema(description);
  return options.nonEmpty ? text.refine((value) => value.trim().length > 0, { error: 'must not be empty' }).describe(description) : text;
}

/** One fungible-token credit, `{ accountId, amount }` in display units; a serial number is refused with a pointer to the NFT tools. */
export const tokenCreditSchema = strictInput(
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
