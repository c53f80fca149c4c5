import { AccountAllowanceApproveTransaction, Long, NftId, type AccountId, type Client, type TokenId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  paramIssue,
  resolveAccount,
  strictInput,
  toAccountId,
  toTokenId,
  tokenIdSchema,
  type Context,
  type RawToolResult,
} from '../../../src/authoring/index.js';
import { serialNumberSchema } from '../_support/nft-transfers.js';
import { readToken, requireNonFungible } from '../_support/token-facts.js';
import { transactionMemoSchema } from '../_support/token-schemas.js';

export const APPROVE_NFT_ALLOWANCE_TOOL = 'approve_nft_allowance_tool';

/** Hedera accepts at most 20 allowances in one approval transaction. */
const MAX_SERIALS = 20;

const parameters = strictInput(
  {
    ownerAccountId: accountIdSchema.optional().describe('Owner of the NFTs; defaults to the agent\'s account. It must sign.'),
    spenderAccountId: accountIdSchema.describe('Account allowed to transfer the NFTs, e.g. "0.0.1234".'),
    tokenId: tokenIdSchema.describe('The NFT collection, e.g. "0.0.5678".'),
    allSerials: z.boolean({ error: 'must be true or false' }).optional().describe('true to approve every current and future serial of the collection; then leave serialNumbers out.'),
    serialNumbers: z
      .array(serialNumberSchema, { error: 'expected a list of serial numbers like [1, 2]' })
      .min(1, { error: 'must list at least one serial number (or set allSerials: true)' })
      .max(MAX_SERIALS, { error: `lists too many serials: at most ${MAX_SERIALS} per approval` })
      .optional()
      .describe(`1 to ${MAX_SERIALS} serial numbers to approve; required unless allSerials is true.`),
    transactionMemo: transactionMemoSchema,
  },
  { amount: 'NFT allowances are granted by serial number (or allSerials), not amount; for fungible tokens use approve_token_allowance_tool' },
);

export type ApproveNftAllowanceInput = z.infer<typeof parameters>;

export interface ApproveNftAllowanceNormalised {
  tokenId: TokenId;
  ownerAccountId: AccountId;
  spenderAccountId: AccountId;
  allSerials: boolean;
  /** empty when allSerials is true */
  serialNumbers: Long[];
  transactionMemo?: string;
}

declare module '../../../src/index.js' {
  interface ToolParamRegistry {
    approve_nft_allowance_tool: { raw: ApproveNftAllowanceInput; normalised: ApproveNftAllowanceNormalised };
  }
}

/**
 * Lets a spender transfer some (or all) of an owner's NFTs of one collection.
 *
 * @example
 * await kit.execute('approve_nft_allowance_tool', { spenderAccountId: '0.0.7', tokenId: '0.0.5678', serialNumbers: [1, 2] });
 */
export class ApproveNftAllowanceTool extends BaseTransactionTool<ApproveNftAllowanceInput, ApproveNftAllowanceNormalised, AccountAllowanceApproveTransaction> {
  readonly method = APPROVE_NFT_ALLOWANCE_TOOL;
  readonly name = 'Approve NFT Allowance';
  readonly description =
    'Approves a spender to transfer NFTs of one collection on the owner\'s behalf (owner defaults to the agent\'s account): ' +
    'either listed serialNumbers or, with allSerials: true, the whole collection.';
  readonly parameters = parameters;

  normalizeParams(params: ApproveNftAllowanceInput, context: Context, client: Client): Promise<ApproveNftAllowanceNormalised> {
    return forTool(this.method, async () => {
      const tokenId = toTokenId(params.tokenId, 'tokenId', this.method);
      const ownerAccountId = resolveAccount(params.ownerAccountId, context, client, 'ownerAccountId', this.method);
      const spenderAccountId = toAccountId(params.spenderAccountId, 'spenderAccountId', this.method);
      if (spenderAccountId.toString() === ownerAccountId.toString()) {
        throw paramIssue('spenderAccountId', `${spenderAccountId.toString()} is the owner; an owner needs no allowance over its own NFTs`, this.method);
      }
      const serialNumbers = this.serials(params);
      requireNonFungible(await readToken(context, client, tokenId, 'tokenId', this.method), 'tokenId', this.method, 'approve_token_allowance_tool');
      return { tokenId, ownerAccountId, spenderAccountId, allSerials: params.allSerials === true, serialNumbers, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: ApproveNftAllowanceNormalised): AccountAllowanceApproveTransaction {
    const tx = new AccountAllowanceApproveTransaction();
    if (params.allSerials) tx.approveTokenNftAllowanceAllSerials(params.tokenId, params.ownerAccountId, params.spenderAccountId);
    for (const serial of params.serialNumbers) tx.approveTokenNftAllowance(new NftId(params.tokenId, serial), params.ownerAccountId, params.spenderAccountId);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: ApproveNftAllowanceNormalised): string {
    const which = params.allSerials ? 'all NFTs' : `NFT serial(s) ${params.serialNumbers.map(String).join(', ')}`;
    const summary = `${params.spenderAccountId.toString()} to transfer ${which} of ${params.tokenId.toString()} owned by ${params.ownerAccountId.toString()}`;
    return outcomeText(raw, { what: `approve ${summary}`, done: `Approved ${summary}` });
  }

  /** Exactly one of `allSerials: true` or a list of distinct serials. */
  private serials(params: ApproveNftAllowanceInput): Long[] {
    const listed = params.serialNumbers ?? [];
    if (params.allSerials === true && listed.length > 0) {
      throw paramIssue('serialNumbers', 'must be left out when allSerials is true (that already approves every serial)', this.method);
    }
    if (params.allSerials === true) return [];
    if (listed.length === 0) throw paramIssue('serialNumbers', 'must list at least one serial number, or set allSerials: true', this.method);
    const seen = new Set<number>();
    return listed.map((serial, at) => {
      if (seen.has(serial)) throw paramIssue(`serialNumbers[${at}]`, `serial ${serial} is listed twice`, this.method);
      seen.add(serial);
      return Long.fromNumber(serial);
    });
  }
}
