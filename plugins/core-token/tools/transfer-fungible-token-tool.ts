import { TransferTransaction, type Client } from '@hiero-ledger/sdk';
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
  tokenIdSchema,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { fungibleMoveSummary, normaliseFungibleMove, type FungibleMoveNormalised } from '../_support/fungible-move.js';
import { tokenCreditsSchema, transactionMemoSchema } from '../_support/token-schemas.js';

export const TRANSFER_FUNGIBLE_TOKEN_TOOL = 'transfer_fungible_token_tool';

const parameters = strictInput(
  {
    tokenId: tokenIdSchema.describe('The fungible token to transfer, e.g. "0.0.5678".'),
    sourceAccountId: accountIdSchema.optional().describe('Account the tokens come from; defaults to the agent\'s account. It must sign.'),
    transfers: tokenCreditsSchema.describe('1 to 9 recipients, each { accountId, amount } with amount in display units.'),
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  {
    recipients: 'transfer_fungible_token_tool takes the list as transfers',
    serialNumber: 'fungible tokens move by amount; for NFTs use transfer_non_fungible_token_tool',
  },
);

export type TransferFungibleTokenInput = z.infer<typeof parameters>;

/** Shared with the other fungible movers; see FungibleMoveNormalised. */
export type TransferFungibleTokenNormalised = FungibleMoveNormalised & MaybeScheduled;

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    transfer_fungible_token_tool: { raw: TransferFungibleTokenInput; normalised: TransferFungibleTokenNormalised };
  }
}

/**
 * Transfers a fungible token from one account to up to 9 associated recipients.
 *
 * @example
 * await kit.execute('transfer_fungible_token_tool', { tokenId: '0.0.5678', transfers: [{ accountId: '0.0.7', amount: 2.5 }] });
 */
export class TransferFungibleTokenTool extends BaseTransactionTool<TransferFungibleTokenInput, TransferFungibleTokenNormalised, TransferTransaction> {
  readonly method = TRANSFER_FUNGIBLE_TOKEN_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  readonly name = 'Transfer Fungible Token';
  readonly description =
    'Transfers a fungible token from the source account (default: the agent\'s account) to up to 9 recipients that are associated with the token. ' +
    'Amounts are in display units and may not have more decimal places than the token. For NFTs use transfer_non_fungible_token_tool.';
  readonly parameters = parameters;

  normalizeParams(params: TransferFungibleTokenInput, context: Context, client: Client): Promise<TransferFungibleTokenNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const source = resolveAccount(params.sourceAccountId, context, client, 'sourceAccountId', this.method);
      return normaliseFungibleMove(
        {
          tool: this.method,
          nftTool: 'transfer_non_fungible_token_tool',
          tokenId: params.tokenId,
          source,
          credits: params.transfers,
          listField: 'transfers',
          transactionMemo: params.transactionMemo,
        },
        context,
        client,
      );
    }));
  }

  coreAction(params: TransferFungibleTokenNormalised): TransferTransaction {
    const tx = new TransferTransaction();
    for (const entry of params.tokenTransfers) tx.addTokenTransferWithDecimals(entry.tokenId, entry.accountId, entry.amount, params.decimals);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: TransferFungibleTokenNormalised): string {
    const summary = fungibleMoveSummary(params);
    return outcomeText(raw, { what: `transfer ${summary}`, done: `Transferred ${summary}` });
  }
}
