import { AccountAllowanceApproveTransaction, Hbar, type AccountId, type Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  outcomeText,
  paramIssue,
  resolveAccount,
  strictInput,
  toAccountId,
  transactionMemoSchema,
  type Context,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const DELETE_HBAR_ALLOWANCE_TOOL = 'delete_hbar_allowance_tool';

const parameters = strictInput(
  {
    ownerAccountId: accountIdSchema.optional().describe("Account that granted the allowance; defaults to the agent's account. It must sign."),
    spenderAccountId: accountIdSchema.describe('Spender whose HBAR allowance is removed, e.g. "0.0.1234".'),
    transactionMemo: transactionMemoSchema,
  },
  { amount: 'deleting an allowance takes no amount; use approve_hbar_allowance_tool to change it' },
);

export type DeleteHbarAllowanceInput = z.infer<typeof parameters>;

export interface DeleteHbarAllowanceNormalised {
  ownerAccountId: AccountId;
  spenderAccountId: AccountId;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    delete_hbar_allowance_tool: { raw: DeleteHbarAllowanceInput; normalised: DeleteHbarAllowanceNormalised; coreActionResult: AccountAllowanceApproveTransaction };
  }
}

/**
 * Removes a spender's HBAR allowance. Hedera has no separate delete for HBAR allowances: approving
 * zero is how an allowance is revoked.
 *
 * @example
 * await kit.execute('delete_hbar_allowance_tool', { spenderAccountId: '0.0.1002' });
 */
export class DeleteHbarAllowanceTool extends BaseTransactionTool<DeleteHbarAllowanceInput, DeleteHbarAllowanceNormalised, AccountAllowanceApproveTransaction> {
  readonly method = DELETE_HBAR_ALLOWANCE_TOOL;
  /** Moves no value beyond its fee: the value policies cover it without a movements view. */
  override readonly movesNoValue = true;
  readonly name = 'Delete HBAR allowance';
  readonly description = "Revokes the HBAR allowance a spender holds on the owner's account (default owner: the agent's account).";
  readonly parameters = parameters;

  normalizeParams(params: DeleteHbarAllowanceInput, context: Context, client: Client): Promise<DeleteHbarAllowanceNormalised> {
    return forTool(this.method, () => {
      const owner = resolveAccount(params.ownerAccountId, context, client, 'ownerAccountId');
      const spender = toAccountId(params.spenderAccountId, 'spenderAccountId');
      if (spender.equals(owner)) throw paramIssue('spenderAccountId', `${spender.toString()} is the owner; an account holds no allowance on itself`);
      return { ownerAccountId: owner, spenderAccountId: spender, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: DeleteHbarAllowanceNormalised): AccountAllowanceApproveTransaction {
    const tx = new AccountAllowanceApproveTransaction().approveHbarAllowance(params.ownerAccountId, params.spenderAccountId, new Hbar(0));
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: DeleteHbarAllowanceNormalised): string {
    const words = `the HBAR allowance of ${params.spenderAccountId.toString()} on ${params.ownerAccountId.toString()}`;
    return outcomeText(raw, { done: `Revoked ${words}`, what: `revoke ${words}` });
  }
}
