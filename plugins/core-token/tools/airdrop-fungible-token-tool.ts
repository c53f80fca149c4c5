import { TokenAirdropTransaction, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import { BaseTool } from '../../../src/lifecycle/base-tool.js';
import type { Context } from '../../../src/lifecycle/context.js';
import type { RawToolResult } from '../../../src/lifecycle/tool-result.js';
import { accountIdSchema, tokenIdSchema, toTokenId } from '../../../src/params/entity-id-schemas.js';
import { forTool } from '../../../src/params/param-issue.js';
import { resolveAccount } from '../../../src/params/default-account.js';
import { creditedTotal, displayAmount, fungibleTransfers, type FungibleTransferEntry } from '../_support/fungible-transfers.js';
import { outcomeText } from '../../_shared/outcome-text.js';
import { strictInput } from '../../../src/params/strict-input.js';
import { readToken, requireFungible } from '../_support/token-facts.js';
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

export interface AirdropFungibleTokenNormalised {
  tokenId: TokenId;
  sourceAccountId: AccountId;
  /** Recipients' credits then the source's debit, in smallest units (the shape MaxRecipientsPolicy counts). */
  tokenTransfers: FungibleTransferEntry[];
  decimals: number;
  transactionMemo?: string;
}

declare module '../../../src/lifecycle/tool-types.js' {
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
export class AirdropFungibleTokenTool extends BaseTool<AirdropFungibleTokenInput, AirdropFungibleTokenNormalised, TokenAirdropTransaction> {
  readonly method = AIRDROP_FUNGIBLE_TOKEN_TOOL;
  readonly name = 'Airdrop Fungible Token';
  readonly description =
    'Airdrops a fungible token from one account to up to 9 recipients. Amounts are in display units, scaled by the token\'s decimals. ' +
    'Recipients already associated with the token receive it at once; others get a pending airdrop to claim.';
  readonly parameters = parameters;

  normalizeParams(params: AirdropFungibleTokenInput, context: Context, client: Client): Promise<AirdropFungibleTokenNormalised> {
    return forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      const sourceAccountId = resolveAccount(params.sourceAccountId, context, client, 'sourceAccountId', this.method);
      const token = await readToken(context, client, tokenId, 'tokenId', this.method);
      requireFungible(token, 'tokenId', this.method, 'transfer_non_fungible_token_tool');
      const tokenTransfers = fungibleTransfers(tokenId, sourceAccountId, params.recipients, token.decimals, 'recipients', this.method);
      return { tokenId, sourceAccountId, tokenTransfers, decimals: token.decimals, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: AirdropFungibleTokenNormalised): TokenAirdropTransaction {
    const tx = new TokenAirdropTransaction();
    for (const entry of params.tokenTransfers) tx.addTokenTransfer(entry.tokenId, entry.accountId, entry.amount);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: AirdropFungibleTokenNormalised): string {
    const total = displayAmount(creditedTotal(params.tokenTransfers), params.decimals);
    const count = params.tokenTransfers.length - 1;
    const summary = `${total} of token ${params.tokenId.toString()} from ${params.sourceAccountId.toString()} to ${count} recipient${count === 1 ? '' : 's'}`;
    return outcomeText(raw, { what: `airdrop ${summary}`, done: `Airdropped ${summary}` });
  }
}
