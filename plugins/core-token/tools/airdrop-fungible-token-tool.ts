import { TokenAirdropTransaction, type Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  resolveAccount,
  strictInput,
  tokenIdSchema,
  type Context,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { fungibleMoveSummary, normaliseFungibleMove, type FungibleMoveNormalised } from '../_support/fungible-move.js';
import { tokenCreditsSchema, transactionMemoSchema } from '../_support/token-schemas.js';

export const AIRDROP_FUNGIBLE_TOKEN_TOOL = 'airdrop_fungible_token_tool';

const parameters = strictInput(
  {
    tokenId: tokenIdSchema.describe('The fungible token to airdrop, e.g. "0.0.5678".'),
    sourceAccountId: accountIdSchema.optional().describe('Account the tokens come from; defaults to the agent\'s account. It must sign.'),
    recipients: tokenCreditsSchema.describe('1 to 9 recipients, each { accountId, amount } with amount in display units.'),
    transactionMemo: transactionMemoSchema,
  },
  { transfers: 'airdrop_fungible_token_tool takes the list as recipients', serialNumber: 'airdrops of NFTs are not supported by this tool' },
);

export type AirdropFungibleTokenInput = z.infer<typeof parameters>;

/** Shared with the other fungible movers; see FungibleMoveNormalised. */
export type AirdropFungibleTokenNormalised = FungibleMoveNormalised;

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    airdrop_fungible_token_tool: { raw: AirdropFungibleTokenInput; normalised: AirdropFungibleTokenNormalised };
  }
}

/**
 * Airdrops a fungible token: associated recipients are credited at once, the others get a pending
 * airdrop they can claim.
 *
 * @example
 * await kit.execute('airdrop_fungible_token_tool', { tokenId: '0.0.5678', recipients: [{ accountId: '0.0.7', amount: 10 }] });
 */
export class AirdropFungibleTokenTool extends BaseTransactionTool<AirdropFungibleTokenInput, AirdropFungibleTokenNormalised, TokenAirdropTransaction> {
  readonly method = AIRDROP_FUNGIBLE_TOKEN_TOOL;
  readonly name = 'Airdrop Fungible Token';
  readonly description =
    'Airdrops a fungible token from one account to up to 9 recipients. Amounts are in display units, scaled by the token\'s decimals. ' +
    'Recipients already associated with the token receive it at once; others get a pending airdrop to claim.';
  readonly parameters = parameters;

  normalizeParams(params: AirdropFungibleTokenInput, context: Context, client: Client): Promise<AirdropFungibleTokenNormalised> {
    return forTool(this.method, async () => {
      const source = resolveAccount(params.sourceAccountId, context, client, 'sourceAccountId', this.method);
      return normaliseFungibleMove(
        {
          tool: this.method,
          nftTool: 'transfer_non_fungible_token_tool',
          tokenId: params.tokenId,
          source,
          credits: params.recipients,
          listField: 'recipients',
          transactionMemo: params.transactionMemo,
        },
        context,
        client,
      );
    });
  }

  coreAction(params: AirdropFungibleTokenNormalised): TokenAirdropTransaction {
    const tx = new TokenAirdropTransaction();
    for (const entry of params.tokenTransfers) tx.addTokenTransfer(entry.tokenId, entry.accountId, entry.amount);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: AirdropFungibleTokenNormalised): string {
    const summary = fungibleMoveSummary(params);
    return outcomeText(raw, { what: `airdrop ${summary}`, done: `Airdropped ${summary}` });
  }
}
