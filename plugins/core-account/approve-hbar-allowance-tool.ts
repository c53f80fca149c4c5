import { AccountAllowanceApproveTransaction, type AccountId, type Client, type Hbar } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  hbarAmountSchema,
  outcomeText,
  paramIssue,
  resolveAccount,
  strictInput,
  toAccountId,
  toHbar,
  transactionMemoSchema,
  type Context,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const APPROVE_HBAR_ALLOWANCE_TOOL = 'approve_hbar_allowance_tool';

const parameters = strictInput({
  ownerAccountId: accountIdSchema.optional().describe("Account granting the allowance; defaults to the agent's account. It must sign."),
  spenderAccountId: accountIdSchema.describe('Account allowed to spend the HBAR, e.g. "0.0.1234".'),
  amount: hbarAmountSchema.describe('Most HBAR the spender may transfer from the owner (in HBAR, at most 8 decimals).'),
  transactionMemo: transactionMemoSchema,
});

export type ApproveHbarAllowanceInput = z.infer<typeof parameters>;

export interface ApproveHbarAllowanceNormalised {
  ownerAccountId: AccountId;
  spenderAccountId: AccountId;
  amount: Hbar;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    approve_hbar_allowance_tool: { raw: ApproveHbarAllowanceInput; normalised: ApproveHbarAllowanceNormalised; coreActionResult: AccountAllowanceApproveTransaction };
  }
}

/**
 * Lets a spender transfer up to `amount` HBAR out of the owner's account.
 *
 * @example
 * await kit.execute('approve_hbar_allowance_tool', { spenderAccountId: '0.0.1002', amount: 5 });
 */
export class ApproveHbarAllowanceTool extends BaseTransactionTool<ApproveHbarAllowanceInput, ApproveHbarAllowanceNormalised, AccountAllowanceApproveTransaction> {
  readonly method = APPROVE_HBAR_ALLOWANCE_TOOL;
  readonly name = 'Approve HBAR allowance';
  readonly description =
    "Approves an HBAR allowance: the spender may transfer up to `amount` HBAR from the owner (default: the agent's account). " +
    'A new approval replaces the previous amount for that spender.';
  readonly parameters = parameters;

  normalizeParams(params: ApproveHbarAllowanceInput, context: Context, client: Client): Promise<ApproveHbarAllowanceNormalised> {
    return forTool(this.method, () => {
      const owner = resolveAccount(params.ownerAccountId, context, client, 'ownerAccountId');
      const spender = toAccountId(params.spenderAccountId, 'spenderAccountId');
      if (spender.equals(owner)) throw paramIssue('spenderAccountId', `${spender.toString()} is the owner; an account cannot be its own spender`);
      return { ownerAccountId: owner, spenderAccountId: spender, amount: toHbar(params.amount, 'amount'), transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: ApproveHbarAllowanceNormalised): AccountAllowanceApproveTransaction {
    const tx = new AccountAllowanceApproveTransaction().approveHbarAllowance(params.ownerAccountId, params.spenderAccountId, params.amount);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: ApproveHbarAllowanceNormalised): string {
    const words = `${params.spenderAccountId.toString()} to spend up to ${params.amount.toString()} from ${params.ownerAccountId.toString()}`;
    return outcomeText(raw, { done: `Approved ${words}`, what: `approve ${words}` });
  }
}
