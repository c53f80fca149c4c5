import { z } from 'zod';

/** Hedera limits transaction, account, token and topic memos to 100 bytes of UTF-8. */
export const MAX_MEMO_BYTES = 100;

/**
 * A memo stored on the ledger: at most 100 UTF-8 bytes and no NUL character (the network refuses both).
 *
 * @example
 * const input = z.object({ transactionMemo: memoSchema('Memo attached to the transaction.').optional() });
 */
export function memoSchema(description: string) {
  return z
    .string({ error: 'must be a string' })
    .refine((memo) => Buffer.byteLength(memo, 'utf8') <= MAX_MEMO_BYTES, { error: `must be at most ${MAX_MEMO_BYTES} bytes of UTF-8` })
    .refine((memo) => !memo.includes('\0'), { error: 'must not contain the NUL character' })
    .describe(description);
}

/** The optional `transactionMemo` every transaction tool accepts. */
export const transactionMemoSchema = memoSchema('Optional memo attached to the transaction, up to 100 bytes.').optional();
