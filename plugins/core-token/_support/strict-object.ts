import { z } from 'zod';

/**
 * A zod object that refuses unknown keys with a message an LLM can act on: it names the unexpected
 * keys and lists the accepted ones. `hints` explain keys that are a known mix-up, e.g. an `amount`
 * sent to an NFT tool, so the message says which tool or field was meant.
 *
 * @example
 * const nftRecipient = strictObject(
 *   { recipientId: accountIdSchema, serialNumber: serialNumberSchema },
 *   { amount: 'NFTs move by serialNumber, not amount' },
 * );
 */
export function strictObject<Shape extends z.ZodRawShape>(shape: Shape, hints: Record<string, string> = {}) {
  const accepted = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const keys = (issue as { keys: string[] }).keys;
      const hinted = keys.filter((key) => Object.hasOwn(hints, key)).map((key) => `"${key}": ${hints[key]}`);
      const plain = keys.filter((key) => !Object.hasOwn(hints, key));
      const parts = [...hinted];
      if (plain.length) parts.push(`unknown key${plain.length > 1 ? 's' : ''} ${plain.map((key) => `"${key}"`).join(', ')}; accepted keys are ${accepted}`);
      return parts.join('; ');
    },
  });
}
