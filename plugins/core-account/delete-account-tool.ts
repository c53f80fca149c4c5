import { AccountDeleteTransaction, type AccountId, type Client } from '@hiero-ledger/sdk';
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

export const DELETE_ACCOUNT_TOOL = 'delete_account_tool';

const parameters = strictInput({
  accountId: accountIdSchema.describe('Account to delete, e.g. "0.0.1234". It must sign; this cannot be undone.'),
  transferAccountId: accountIdSchema.optional().describe("Account that receives the remaining HBAR; defaults to the agent's account."),
  transactionMemo: transactionMemoSchema,
});

export type DeleteAccountInput = z.infer<typeof parameters>;

export interface DeleteAccountNormalised {
  accountId: AccountId;
  transferAccountId: AccountId;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    delete_account_tool: { raw: DeleteAccountInput; normalised: DeleteAccountNormalised; coreActionResult: AccountDeleteTransaction };
  }
}

/**
 * Deletes an account and sends its remaining HBAR to the transfer account.
 *
 * @example
 * await kit.execute('delete_account_tool', { accountId: '0.0.1005' });
 */
export class DeleteAccountTool extends BaseTransactionTool<DeleteAccountInput, DeleteAccountNormalised, AccountDeleteTransaction> {
  readonly method = DELETE_ACCOUNT_TOOL;
  readonly name = 'Delete account';
  readonly description =
    "Deletes an account permanently; its remaining HBAR goes to transferAccountId (default: the agent's account), which must be a different account.";
  readonly parameters = parameters;

  normalizeParams(params: DeleteAccountInput, context: Context, client: Client): Promise<DeleteAccountNormalised> {
    return forTool(this.method, () => {
      const accountId = toAccountId(params.accountId, 'accountId');
      const transferAccountId = resolveAccount(params.transferAccountId, context, client, 'transferAccountId');
      if (transferAccountId.equals(accountId)) {
        throw paramIssue(params.transferAccountId ? 'transferAccountId' : 'accountId', `${accountId.toString()} is the account being deleted; its HBAR must go to another account (set transferAccountId)`);
      }
      return { accountId, transferAccountId, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: DeleteAccountNormalised): AccountDeleteTransaction {
    const tx = new AccountDeleteTransaction().setAccountId(params.accountId).setTransferAccountId(params.transferAccountId);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: DeleteAccountNormalised): string {
    const words = `account ${params.accountId.toString()}, sending its remaining HBAR to ${params.transferAccountId.toString()}`;
    return outcomeText(raw, { done: `Deleted ${words}`, what: `delete ${words}` });
  }
}
