import { TransferTransaction, type Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toAccountId,
  tokenIdSchema,
  type Context,
  type MaybeScheduled,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { fungibleMoveSummary, normaliseFungibleMove, type FungibleMoveNormalised } from '../_support/fungible-move.js';
import { tokenCreditsSchema, transactionMemoSchema } from '../_support/token-schemas.js';

export const TRANSFER_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL = 'transfer_fungible_token_with_allowance_tool';

const parameters = strictInput(
  {
    tokenId: tokenIdSchema.describe('The fungible token to transfer, e.g. "0.0.5678".'),
    sourceAccountId: accountIdSchema.describe('The token owner who granted the agent\'s account an allowance, e.g. "0.0.1234".'),
    transfers: tokenCreditsSchema.describe('1 to 9 recipients, each { accountId, amount } with amount in display units.'),
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  {
    recipients: 'this tool takes the list as transfers',
    serialNumber: 'fungible tokens move by amount; for NFTs use transfer_non_fungible_token_with_allowance_tool',
  },
);

export type TransferFungibleTokenWithAllowanceInput = z.infer<typeof parameters>;

/** Shared with the other fungible movers; see FungibleMoveNormalised. */
export type TransferFungibleTokenWithAllowanceNormalised = FungibleMoveNormalised & MaybeScheduled;

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    transfer_fungible_token_with_allowance_tool: { raw: TransferFungibleTokenWithAllowanceInput; normalised: TransferFungibleTokenWithAllowanceNormalised };
  }
}

/**
 * Spends a fungible-token allowance: moves the owner's tokens, signed only by the spender (the payer).
 *
 * @example
 * await kit.execute('transfer_fungible_token_with_allowance_tool', { tokenId: '0.0.5678', sourceAccountId: '0.0.1234', transfers: [{ accountId: '0.0.7', amount: 1 }] });
 */
export class TransferFungibleTokenWithAllowanceTool extends BaseTransactionTool<
  TransferFungibleTokenWithAllowanceInput,
  TransferFungibleTokenWithAllowanceNormalised,
  TransferTransaction
> {
  readonly method = TRANSFER_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  readonly name = 'Transfer Fungible Token With Allowance';
  readonly description =
    'Transfers a fungible token out of another account (sourceAccountId) using the allowance it granted to the agent\'s account, which pays and signs. ' +
    'Amounts are in display units, at most the token\'s decimal places; the total may not exceed the allowance.';
  readonly parameters = parameters;

  normalizeParams(params: TransferFungibleTokenWithAllowanceInput, context: Context, client: Client): Promise<TransferFungibleTokenWithAllowanceNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, async () => {
      const source = toAccountId(params.sourceAccountId, 'sourceAccountId', this.method);
      return normaliseFungibleMove(
        {
          tool: this.method,
          nftTool: 'transfer_non_fungible_token_with_allowance_tool',
          tokenId: params.tokenId,
          source,
          credits: params.transfers,
          listField: 'transfers',
          transactionMemo: params.transactionMemo,
          spendsAllowance: true,
        },
        context,
        client,
      );
    }));
  }

  coreAction(params: TransferFungibleTokenWithAllowanceNormalised): TransferTransaction {
    const tx = new TransferTransaction();
    for (const entry of params.tokenTransfers) {
      if (entry.isApproval) tx.addApprovedTokenTransfer(entry.tokenId, entry.accountId, entry.amount);
      else tx.addTokenTransfer(entry.tokenId, entry.accountId, entry.amount);
    }
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: TransferFungibleTokenWithAllowanceNormalised): string {
    const summary = fungibleMoveSummary(params, ' (under its allowance)');
    return outcomeText(raw, { what: `transfer ${summary}`, done: `Transferred ${summary}` });
  }
}
