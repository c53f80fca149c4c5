import { z } from 'zod';
import { containsPrivateKey } from '../values/private-key-patterns.js';

/** Hedera limits transaction, account, token and topic memos to 100 bytes of UTF-8. */
export const MAX_MEMO_BYTES = 100;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why text with half a UTF-16 surrogate pair is refused, for schemas of text that goes on the ledger. */
export const LONE_SURROGATE_ERROR = 'must be valid Unicode text: it holds a lone surrogate (half of a UTF-16 pair such as "\\ud800"), which UTF-8 cannot encode';

/**
 * True when `text` holds half of a UTF-16 surrogate pair. UTF-8 cannot encode one, so the SDK would
 * write U+FFFD in its place and the ledger would hold other text than the input.
 *
 * @example
 * hasLoneSurrogate('ok \ud83d\ude00'); // false (a whole pair: an emoji)
 * hasLoneSurrogate('bad \ud83d');      // true
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Why text holding a private key is refused: whatever goes on the ledger is public for good. */
export const PRIVATE_KEY_TEXT_ERROR = 'must not contain a private key: ledger text is public and permanent (never share private keys)';

/**
 * Refuses text holding a private key that says what it is (DER hex or base64, PEM), whoever it
 * belongs to: for every schema of text that goes on the ledger (memos, names, messages, metadata).
 * The agent's own key is refused in any encoding and any field by the kit itself, which alone knows
 * it (src/secrets/input-screen.ts).
 *
 * @example
 * const message = withoutPrivateKey(z.string().min(1)).describe('Message text.');
 */
export function withoutPrivateKey<S extends z.ZodType<string>>(schema: S): S {
  return schema.refine((text) => !containsPrivateKey(text), { error: PRIVATE_KEY_TEXT_ERROR }) as S;
}

/**
 * A memo stored on the ledger: at most 100 UTF-8 bytes and no NUL character (the network refuses both),
 * no lone surrogate (UTF-8 cannot carry it) and no private key (it would be published).
 *
 * @example
 * const input = z.object({ transactionMemo: memoSchema('Memo attached to the transaction.').optional() });
 */
export function memoSchema(description: string) {
  const text = z
    .string({ error: 'must be a string' })
    .refine((memo) => Buffer.byteLength(memo, 'utf8') <= MAX_MEMO_BYTES, { error: `must be at most ${MAX_MEMO_BYTES} bytes of UTF-8` })
    .refine((memo) => !memo.includes('\0'), { error: 'must not contain the NUL character' })
    .refine((memo) => !hasLoneSurrogate(memo), { error: LONE_SURROGATE_ERROR });
  return withoutPrivateKey(text).describe(description);
}

/** The optional `transactionMemo` every transaction tool accepts. */
export const transactionMemoSchema = memoSchema('Optional memo attached to the transaction, up to 100 bytes.').optional();
