import { outcomeMessage } from '../lifecycle/human-messages.js';
import type { RawToolResult } from '../lifecycle/tool-result.js';

/** The function a Hedera Agent Kit tool hands its strategy to word a submitted transaction. */
export type KitPostProcess = (response: unknown) => string;

/**
 * The sentence for a finished transaction: a Hedera Agent Kit tool's own `postProcess`, given the
 * receipt view it reads (its RawTransactionResponse), for a SUCCESS only; other outcomes get this
 * kit's sentences, which never call a failure or an unknown outcome a success.
 */
export function kitOutcomeMessage(toolName: string, raw: RawToolResult, postProcess?: KitPostProcess): string {
  if (raw.status !== 'SUCCESS' || raw.bytes || typeof postProcess !== 'function') return outcomeMessage(toolName, raw);
  try {
    return postProcess({
      status: raw.status,
      transactionId: raw.transactionId ?? '',
      accountId: raw.accountId ?? null,
      tokenId: raw.tokenId ?? null,
      topicId: raw.topicId ?? null,
      scheduleId: raw.scheduleId ?? null,
      serials: Array.isArray(raw.serials) ? raw.serials : [],
    });
  } catch {
    return outcomeMessage(toolName, raw);
  }
}
