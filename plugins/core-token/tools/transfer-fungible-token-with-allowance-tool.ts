import { TransferTransaction, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import { BaseTool } from '../../../src/lifecycle/base-tool.js';
import type { Context } from '../../../src/lifecycle/context.js';
import type { RawToolResult } from '../../../src/lifecycle/tool-result.js';
import { accountIdSchema, toAccountId, tokenIdSchema, toTokenId } from '../../../src/params/entity-id-schemas.js';
import { forTool } from '../../../src/params/param-issue.js';
import { creditedTotal, displayAmount, fungibleTransfers, type FungibleTransferEntry } from '../_support/fungible-transfers.js';
import { outcomeText } from '../../_shared/outcome-text.js';
import { strictInput } from '../../../src/params/strict-input.js';
import { readToken, requireFungible } from '../_support/token-facts.js';
import { tokenCreditsSchema, transactionMemoSchema } from '../_support/token-schemas.js';

export const TRANSFER_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL = 'transfer_fungible_token_with_allowance_tool';

const parameters = strictInput(
  {
    tokenId: tokenIdSchema.describe('The fungible token to transfer, e.g. "0.0.5678".'),
    sourceAccountId: accountIdSchema.describe('The token owner who granted the agent\'s account an allowance, e.g. "0.0.1234".'),
    transfers: tokenCreditsSchema.describe('1 to 9 recipients, each { accountId, amount } with amount in display units.'),
    transactionMemo: transactionMemoSchema,
  },
  {
    recipients: 'this tool takes the list as transfers',
    serialNumber: 'fungible tokens move by amount; for NFTs use transfer_non_fungible_token_with_allowance_tool',
  },
);

export type TransferFungibleTokenWithAllowanceInput = z.infer<typeof parameters>;

export interface TransferFungibleTokenWithAllowanceNormalised {
  tokenId: TokenId;
  /** The owner whose allowance is spent; their debit carries `isApproval: true`. */
  sourceAccountId: AccountId;
  /** Recipients' credits then the owner's approved debit, in smallest units. */
  tokenTransfers: FungibleTransferEntry[];
  decimals: number;
  transactionMemo?: string;
}

declare module '../../../src/lifecycle/tool-types.js' {
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
export class TransferFungibleTokenWithAllowanceTool extends BaseTool<
  TransferFungibleTokenWithAllowanceInput,
  TransferFungibleTokenWithAllowanceNormalised,
  TransferTransaction
> {
  readonly method = TRANSFER_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL;
  readonly name = 'Transfer Fungible Token With Allowance';
  readonly description =
    'Transfers a fungible token out of another account (sourceAccountId) using the allowance it granted to the agent\'s account, which pays and signs. ' +
    'Amounts are in display units, at most the token\'s decimal places; the total may not exceed the allowance.';
  readonly parameters = parameters;

  normalizeParams(params: TransferFungibleTokenWithAllowanceInput, context: Context, client: Client): Promise<TransferFungibleTokenWithAllowanceNormalised> {
    return forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      const sourceAccountId = toAccountId(params.sourceAccountId, 'sourceAccountId', this.method);
      const token = await readToken(context, client, tokenId, 'tokenId', this.method);
      requireFungible(token, 'tokenId', this.method, 'transfer_non_fungible_token_with_allowance_tool');
      const tokenTransfers = fungibleTransfers(tokenId, sourceAccountId, params.transfers, token.decimals, 'transfers', this.method, true);
      return { tokenId, sourceAccountId, tokenTransfers, decimals: token.decimals, transactionMemo: params.transactionMemo };
    });
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
    const total = displayAmount(creditedTotal(params.tokenTransfers), params.decimals);
    const count = params.tokenTransfers.length - 1;
    const summary = `${total} of token ${params.tokenId.toString()} from ${params.sourceAccountId.toString()} (under its allowance) to ${count} recipient${count === 1 ? '' : 's'}`;
    return outcomeText(raw, { what: `transfer ${summary}`, done: `Transferred ${summary}` });
  }
}
