import { TransferTransaction, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  resolveAccount,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toTokenId,
  tokenIdSchema,
  type Context,
  type MaybeScheduled,
  type NftTransferEntry,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { nftRecipientsSchema, nftSummary, nftTransfers } from '../_support/nft-transfers.js';
import { readToken, requireNonFungible } from '../_support/token-facts.js';
import { transactionMemoSchema } from '../_support/token-schemas.js';

export const TRANSFER_NON_FUNGIBLE_TOKEN_TOOL = 'transfer_non_fungible_token_tool';

const parameters = strictInput(
  {
    tokenId: tokenIdSchema.describe('The NFT collection, e.g. "0.0.5678".'),
    sourceAccountId: accountIdSchema.optional().describe('Account that owns the NFTs; defaults to the agent\'s account. It must sign.'),
    recipients: nftRecipientsSchema,
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  {
    transfers: 'this tool takes the list as recipients: [{ recipientId, serialNumber }]',
    amount: 'NFTs move by serialNumber, not amount; for a fungible token use transfer_fungible_token_tool',
  },
);

export type TransferNonFungibleTokenInput = z.infer<typeof parameters>;

export interface TransferNonFungibleTokenNormalised extends MaybeScheduled {
  tokenId: TokenId;
  sourceAccountId: AccountId;
  /** One entry per NFT (the shape MaxRecipientsPolicy counts). */
  transfers: NftTransferEntry[];
  transactionMemo?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    transfer_non_fungible_token_tool: { raw: TransferNonFungibleTokenInput; normalised: TransferNonFungibleTokenNormalised };
  }
}

/**
 * Transfers NFTs of one collection from their owner to one or more recipients.
 *
 * @example
 * await kit.execute('transfer_non_fungible_token_tool', { tokenId: '0.0.5678', recipients: [{ recipientId: '0.0.7', serialNumber: 1 }] });
 */
export class TransferNonFungibleTokenTool extends BaseTransactionTool<TransferNonFungibleTokenInput, TransferNonFungibleTokenNormalised, TransferTransaction> {
  readonly method = TRANSFER_NON_FUNGIBLE_TOKEN_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  readonly name = 'Transfer Non-Fungible Token';
  readonly description =
    'Transfers up to 10 NFTs of one collection from the owner (default: the agent\'s account) to recipients associated with the collection. ' +
    'Each entry is { recipientId, serialNumber }. For fungible tokens use transfer_fungible_token_tool.';
  readonly parameters = parameters;

  normalizeParams(params: TransferNonFungibleTokenInput, context: Context, client: Client): Promise<TransferNonFungibleTokenNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      const sourceAccountId = resolveAccount(params.sourceAccountId, context, client, 'sourceAccountId', this.method);
      const transfers = nftTransfers(tokenId, sourceAccountId, params.recipients, 'recipients', this.method);
      requireNonFungible(await readToken(context, client, tokenId, 'tokenId', this.method), 'tokenId', this.method, 'transfer_fungible_token_tool');
      return { tokenId, sourceAccountId, transfers, transactionMemo: params.transactionMemo };
    }));
  }

  coreAction(params: TransferNonFungibleTokenNormalised): TransferTransaction {
    const tx = new TransferTransaction();
    for (const nft of params.transfers) tx.addNftTransfer(nft.tokenId, nft.serialNumber, nft.senderAccountId, nft.receiverAccountId);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: TransferNonFungibleTokenNormalised): string {
    return outcomeText(raw, { what: `transfer ${nftSummary(params)}`, done: `Transferred ${nftSummary(params)}` });
  }
}

