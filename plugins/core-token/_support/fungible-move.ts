import type { AccountId, Client, TokenId } from '@hiero-ledger/sdk';
import { toTokenId, type AmountInput, type Context } from '../../../src/authoring/index.js';
import { creditedTotal, displayAmount, fungibleTransfers, type FungibleTransferEntry } from './fungible-transfers.js';
import { readToken, requireFungible } from './token-facts.js';

/**
 * The normalised params shared by the tools that move a fungible token to several accounts
 * (transfer, transfer with allowance, airdrop): the shape MaxRecipientsPolicy counts.
 */
export interface FungibleMoveNormalised {
  tokenId: TokenId;
  /** The account debited (for allowance spends, the owner; its debit carries `isApproval: true`). */
  sourceAccountId: AccountId;
  /** Recipients' credits then the source's debit, in smallest units. */
  tokenTransfers: FungibleTransferEntry[];
  decimals: number;
  transactionMemo?: string;
}

export interface FungibleMoveInput {
  tool: string;
  /** The tool to suggest when the token turns out to be an NFT collection. */
  nftTool: string;
  tokenId: string;
  source: AccountId;
  credits: readonly { accountId: string; amount: AmountInput }[];
  /** The input field holding the credits, for error paths (`transfers`, `recipients`). */
  listField: string;
  transactionMemo?: string;
  spendsAllowance?: boolean;
}

/**
 * Reads the token's decimals from the mirror, refuses an NFT collection, and scales the credits
 * into the ledger's transfer list with the source's debit last.
 *
 * @example
 * await normaliseFungibleMove({ tool, nftTool, tokenId: '0.0.5678', source, credits, listField: 'transfers' }, context, client);
 */
export async function normaliseFungibleMove(input: FungibleMoveInput, context: Context, client: Client): Promise<FungibleMoveNormalised> {
  const tokenId = toTokenId(input.tokenId, 'tokenId', input.tool);
  const token = await readToken(context, client, tokenId, 'tokenId', input.tool);
  requireFungible(token, 'tokenId', input.tool, input.nftTool);
  const tokenTransfers = fungibleTransfers(tokenId, input.source, input.credits, token.decimals, input.listField, input.tool, input.spendsAllowance ?? false);
  return { tokenId, sourceAccountId: input.source, tokenTransfers, decimals: token.decimals, transactionMemo: input.transactionMemo };
}

/** "1.5 of token 0.0.5678 from 0.0.2 to 2 recipients", for result sentences; `via` is inserted after the source. */
export function fungibleMoveSummary(params: FungibleMoveNormalised, via = ''): string {
  const total = displayAmount(creditedTotal(params.tokenTransfers), params.decimals);
  const count = params.tokenTransfers.length - 1;
  return `${total} of token ${params.tokenId.toString()} from ${params.sourceAccountId.toString()}${via} to ${count} recipient${count === 1 ? '' : 's'}`;
}
