import { Long, type AccountId, type TokenId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { accountIdSchema, paramIssue, strictInput, toAccountId, type NftTransferEntry } from '../../../src/authoring/index.js';

/** Hedera caps a CryptoTransfer at 10 NFT movements. */
export const MAX_NFT_TRANSFERS = 10;

/** A serial number: a positive whole number (serials start at 1). */
export const serialNumberSchema = z
  .number({ error: 'must be an NFT serial number, a whole number from 1' })
  .int({ error: 'must be a whole number (NFT serials have no fractions)' })
  .positive({ error: 'must be 1 or more (NFT serials start at 1)' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'is too large for a serial number' })
  .describe('Serial number of the NFT within its collection, e.g. 1.');

/** One NFT and who receives it: `{ recipientId, serialNumber }`, as in the existing kit. */
export const nftRecipientSchema = strictInput(
  {
    recipientId: accountIdSchema.describe('Account that receives the NFT, e.g. "0.0.1234".'),
    serialNumber: serialNumberSchema,
  },
  {
    amount: 'NFTs move by serialNumber, not by amount; for a fungible token use transfer_fungible_token_tool',
    accountId: 'name the receiving account recipientId',
  },
).describe('One NFT serial and the account that receives it.');

export type NftRecipientInput = z.infer<typeof nftRecipientSchema>;

/** A list of 1 to 10 NFT movements. */
export const nftRecipientsSchema = z
  .array(nftRecipientSchema, { error: 'expected a list of { recipientId, serialNumber } objects' })
  .min(1, { error: 'must list at least one NFT to transfer' })
  .max(MAX_NFT_TRANSFERS, { error: `lists too many NFTs: at most ${MAX_NFT_TRANSFERS} per call` })
  .describe(`List of 1 to ${MAX_NFT_TRANSFERS} NFT transfers, each { recipientId, serialNumber }.`);

/**
 * Builds the NFT transfer list policies count (`transfers`), refusing a serial listed twice and a
 * recipient that is the sender.
 *
 * @example
 * nftTransfers(tokenId, owner, [{ recipientId: '0.0.7', serialNumber: 1 }], 'recipients', 'transfer_non_fungible_token_tool');
 */
export function nftTransfers(
  tokenId: TokenId,
  sender: AccountId,
  recipients: readonly NftRecipientInput[],
  field: string,
  tool: string,
): NftTransferEntry[] {
  const seen = new Map<number, number>();
  return recipients.map((recipient, at) => {
    const receiverAccountId = toAccountId(recipient.recipientId, `${field}[${at}].recipientId`, tool);
    if (receiverAccountId.toString() === sender.toString()) {
      throw paramIssue(`${field}[${at}].recipientId`, `${sender.toString()} is the sending account; it cannot also be a recipient`, tool);
    }
    const first = seen.get(recipient.serialNumber);
    if (first !== undefined) {
      throw paramIssue(`${field}[${at}].serialNumber`, `serial ${recipient.serialNumber} is already listed at ${field}[${first}]; each NFT can move once per call`, tool);
    }
    seen.set(recipient.serialNumber, at);
    return { tokenId, serialNumber: Long.fromNumber(recipient.serialNumber), senderAccountId: sender, receiverAccountId };
  });
}

/** "NFT 0.0.5678 serials 1, 2 from 0.0.2 to 0.0.7, 0.0.8" */
export function nftSummary(params: { tokenId: TokenId; sourceAccountId: AccountId; transfers: NftTransferEntry[] }): string {
  const serials = params.transfers.map((nft) => nft.serialNumber.toString()).join(', ');
  const receivers = [...new Set(params.transfers.map((nft) => nft.receiverAccountId.toString()))].join(', ');
  const plural = params.transfers.length === 1 ? '' : 's';
  return `NFT${plural} of ${params.tokenId.toString()} (serial${plural} ${serials}) from ${params.sourceAccountId.toString()} to ${receivers}`;
}
