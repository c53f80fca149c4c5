import { TransferTransaction, type AccountId, type Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  MAX_TRANSFER_RECIPIENTS,
  accountIdSchema,
  forTool,
  outcomeText,
  recipientsSchema,
  refuseSenderAmongRecipients,
  strictInput,
  toAccountId,
  toHbar,
  transactionMemoSchema,
  type Context,
  type HbarTransferEntry,
  type RawToolResult,
} from '../../src/authoring/index.js';
import { summarise, withDebit } from './transfer-hbar-tool.js';

export const TRANSFER_HBAR_WITH_ALLOWANCE_TOOL = 'transfer_hbar_with_allowance_tool';

const parameters = strictInput({
  sourceAccountId: accountIdSchema.describe('The owner account that granted the agent an HBAR allowance; the HBAR is taken from it.'),
  transfers: recipientsSchema(MAX_TRANSFER_RECIPIENTS).describe(
    `Recipients and the HBAR each receives, 1 to ${MAX_TRANSFER_RECIPIENTS} entries, e.g. [{ "accountId": "0.0.1234", "amount": 1 }].`,
  ),
  transactionMemo: transactionMemoSchema,
});

export type TransferHbarWithAllowanceInput = z.infer<typeof parameters>;

export interface TransferHbarWithAllowanceNormalised {
  /** Credits per recipient, then the owner's approved debit of the total. */
  hbarTransfers: HbarTransferEntry[];
  ownerAccountId: AccountId;
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    transfer_hbar_with_allowance_tool: {
      raw: TransferHbarWithAllowanceInput;
      normalised: TransferHbarWithAllowanceNormalised;
      coreActionResult: TransferTransaction;
    };
  }
}

/**
 * Spends an HBAR allowance: moves HBAR out of the owner's account (an approved transfer) to
 * recipients, paid and signed by the spender (the agent).
 *
 * @example
 * await kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: '0.0.1001', transfers: [{ accountId: '0.0.1002', amount: 1 }] });
 */
export class TransferHbarWithAllowanceTool extends BaseTransactionTool<TransferHbarWithAllowanceInput, TransferHbarWithAllowanceNormalised, TransferTransaction> {
  readonly method = TRANSFER_HBAR_WITH_ALLOWANCE_TOOL;
  readonly name = 'Transfer HBAR with allowance';
  readonly description =
    'Transfers HBAR out of an owner account that approved an HBAR allowance for the agent (the spender). ' +
    'Amounts are in HBAR with at most 8 decimals; the owner may not also be a recipient.';
  readonly parameters = parameters;

  normalizeParams(params: TransferHbarWithAllowanceInput, _context: Context, _client: Client): Promise<TransferHbarWithAllowanceNormalised> {
    return forTool(this.method, () => {
      const owner = toAccountId(params.sourceAccountId, 'sourceAccountId');
      const credits = params.transfers.map((transfer, at) => ({
        accountId: toAccountId(transfer.accountId, `transfers[${at}].accountId`),
        amount: toHbar(transfer.amount, `transfers[${at}].amount`),
      }));
      refuseSenderAmongRecipients(owner, credits, 'transfers');
      return { hbarTransfers: withDebit(credits, owner), ownerAccountId: owner, transactionMemo: params.transactionMemo };
    });
  }

  coreAction(params: TransferHbarWithAllowanceNormalised): TransferTransaction {
    const tx = new TransferTransaction();
    for (const entry of params.hbarTransfers) {
      // The owner's debit is the approved line: the network charges it against the allowance.
      if (entry.amount.isNegative()) tx.addApprovedHbarTransfer(entry.accountId, entry.amount);
      else tx.addHbarTransfer(entry.accountId, entry.amount);
    }
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: TransferHbarWithAllowanceNormalised): string {
    const { sender, total, recipients } = summarise(params.hbarTransfers);
    return outcomeText(raw, {
      done: `Transferred ${total} from ${sender} (using its allowance) to ${recipients}`,
      what: `transfer ${total} from ${sender} using its allowance to ${recipients}`,
    });
  }
}
