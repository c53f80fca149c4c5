import { TransferTransaction, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  strictInput,
  toAccountId,
  toTokenId,
  tokenIdSchema,
  type Context,
  type NftTransferEntry,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { nftRecipientsSchema, nftSummary, nftTransfers } from '../_support/nft-transfers.js';
import { readToken, requireNonFungible } from '../_support/token-facts.js';
import { transactionMemoSchema } from '../_support/token-schemas.js';

export const TRANSFER_NON_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL = 'transfer_non_fungible_token_with_allowance_tool';

const parameters = strictInput(
  {
    sourceAccountId: accountIdSchema.describe('The NFT owner who granted the agent\'s account an allowance, e.g. "0.0.1234".'),
    tokenId: tokenIdSchema.describe('The NFT collection, e.g. "0.0.5678".'),
    recipients: nftRecipientsSchema,
    transactionMemo: transactionMemoSchema,
  },
  {
    transfers: 'this tool takes the list as recipients: [{ recipientId, serialNumber }]',
    amount: 'NFTs move by serialNumber, not amount; for a fungible token use transfer_fungible_token_with_allowance_tool',
  },
);

export type TransferNonFungibleTokenWithAllowanceInput = z.infer<typeof parameters>;

export interface TransferNonFungibleTokenWithAllowanceNormalised {
  tokenId: TokenId;
  /** The owner whose NFT allowance is spent. */
  sourceAccountId: AccountId;
  /** One entry per NFT (the shape MaxRecipientsPolicy counts); all move as approved transfers. */
  transfers: NftTransferEntry[];
  transactionMemo?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    transfer_non_fungible_token_with_allowance_tool: {
      raw: TransferNonFungibleTokenWithAllowanceInput;
      normalised: TransferNonFungibleTokenWithAllowanceNormalised;
    };
  }
}

/**
 * Spends an NFT allowance: moves the owner's NFTs, signed only by the spender (the payer).
 *
 * @example
 * await kit.execute('transfer_non_fungible_token_with_allowance_tool', { sourceAccountId: '0.0.1234', tokenId: '0.0.5678', recipients: [{ recipientId: '0.0.7', serialNumber: 3 }] });
 */
export class TransferNonFungibleTokenWithAllowanceTool extends BaseTransactionTool<
  TransferNonFungibleTokenWithAllowanceInput,
  TransferNonFungibleTokenWithAllowanceNormalised,
  TransferTransaction
> {
  readonly method = TRANSFER_NON_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL;
  readonly name = 'Transfer Non-Fungible Token With Allowance';
  readonly description =
    'Transfers up to 10 NFTs out of another account (sourceAccountId) using the NFT allowance it granted to the agent\'s account, which pays and signs. ' +
    'Each entry is { recipientId, serialNumber }.';
  readonly parameters = parameters;

  normalizeParams(
    params: TransferNonFungibleTokenWithAllowanceInput,
    context: Context,
    client: Client,
  ): Promise<TransferNonFungibleTokenWithAllowanceNormalised> {
    return forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      const sourceAccountId = toAccountId(params.sourceAccountId, 'sourceAccountId', this.method);
      const transfers = nftTransfers(tokenId, sourceAccountId, params.recipients, 'recipients', this.method);
      const token = await readToken(context, client, tokenId, 'tokenId', this.method);
      requireNonFungible(token, 'tokenId', this.method, 'transfer_fungible_token_with_allowance_tool');
      return { tokenId, sourceAccountId, transfers, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: TransferNonFungibleTokenWithAllowanceNormalised): TransferTransaction {
    const tx = new TransferTransaction();
    for (const nft of params.transfers) tx.addApprovedNftTransfer(nft.tokenId, nft.serialNumber, nft.senderAccountId, nft.receiverAccountId);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: TransferNonFungibleTokenWithAllowanceNormalised): string {
    const summary = `${nftSummary(params)} under its allowance`;
    return outcomeText(raw, { what: `transfer ${summary}`, done: `Transferred ${summary}` });
  }
}
