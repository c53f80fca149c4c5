import { z } from 'zod';
import { LONE_SURROGATE_ERROR, hasLoneSurrogate, withoutPrivateKey } from '../../../src/authoring/index.js';

/**
 * Text a token contract stores (a name, symbol or base URI): at most `maxBytes` of UTF-8, no lone
 * surrogate (UTF-8 cannot carry it) and no private key (contract storage is public and permanent).
 */
export function contractText(description: string, options: { nonEmpty?: boolean; maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? 100;
  let text = z
    .string({ error: 'must be a string' })
    .refine((value) => Buffer.byteLength(value, 'utf8') <= maxBytes, { error: `must be at most ${maxBytes} bytes of UTF-8` })
    .refine((value) => !hasLoneSurrogate(value), { error: LONE_SURROGATE_ERROR });
  if (options.nonEmpty) text = text.refine((value) => value.trim().length > 0, { error: 'must not be empty' });
  return withoutPrivateKey(text).describe(description);
}
