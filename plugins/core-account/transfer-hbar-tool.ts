import { Hbar, Long, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  MAX_TRANSFER_RECIPIENTS,
  accountIdSchema,
  forTool,
  outcomeText,
  paramIssue,
  recipientsSchema,
  refuseSenderAmongRecipients,
  resolveAccount,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toAccountId,
  toHbar,
  transactionMemoSchema,
  type Context,
  type HbarTransferEntry,
  type MaybeScheduled,
  type RawToolResult,
} from '../../src/authoring/index.js';

export const TRANSFER_HBAR_TOOL = 'transfer_hbar_tool';

const parameters = strictInput(
  {
    transfers: recipientsSchema(MAX_TRANSFER_RECIPIENTS).describe(
      `Recipients and the HBAR each receives, 1 to ${MAX_TRANSFER_RECIPIENTS} entries, e.g. [{ "accountId": "0.0.1234", "amount": 1.5 }].`,
    ),
    sourceAccountId: accountIdSchema.optional().describe("Account the HBAR comes from; defaults to the agent's account. It must sign."),
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  { tokenId: 'HBAR transfers take no tokenId; use transfer_fungible_token_tool for tokens' },
);

export type TransferHbarInput = z.infer<typeof parameters>;

export interface TransferHbarNormalised extends MaybeScheduled {
  /** Every ledger line: one credit per recipient entry, then the sender's debit of the total. */
  hbarTransfers: HbarTransferEntry[];
  transactionMemo?: string;
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    transfer_hbar_tool: { raw: TransferHbarInput; normalised: TransferHbarNormalised; coreActionResult: TransferTransaction };
  }
}

/**
 * Sends HBAR from one account to up to nine recipients in one CryptoTransfer.
 *
 * @example
 * await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.1001', amount: 2.5 }] });
 */
export class TransferHbarTool extends BaseTransactionTool<TransferHbarInput, TransferHbarNormalised, TransferTransaction> {
  readonly method = TRANSFER_HBAR_TOOL;
  // Takes schedulingParams: the kit wraps its transaction in a ScheduleCreate when asked.
  override readonly schedulable = true;
  readonly name = 'Transfer HBAR';
  readonly description =
    "Transfers HBAR from an account (default: the agent's account) to one or more recipients. Amounts are in HBAR, not tinybars, " +
    'with at most 8 decimal places. The sender may not also be a recipient.';
  readonly parameters = parameters;

  normalizeParams(params: TransferHbarInput, context: Context, client: Client): Promise<TransferHbarNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, () => {
      const sender = resolveAccount(params.sourceAccountId, context, client, 'sourceAccountId');
      const credits = params.transfers.map((transfer, at) => ({
        accountId: toAccountId(transfer.accountId, `transfers[${at}].accountId`),
        amount: toHbar(transfer.amount, `transfers[${at}].amount`),
      }));
      refuseSenderAmongRecipients(sender, credits, 'transfers');
      return { hbarTransfers: withDebit(credits, sender), transactionMemo: params.transactionMemo };
    }));
  }

  coreAction(params: TransferHbarNormalised): TransferTransaction {
    const tx = new TransferTransaction();
    for (const entry of params.hbarTransfers) tx.addHbarTransfer(entry.accountId, entry.amount);
    if (params.transactionMemo) tx.setTransactionMemo(params.transactionMemo);
    return tx;
  }

  override describeResult(raw: RawToolResult, params: TransferHbarNormalised): string {
    const { sender, total, recipients } = summarise(params.hbarTransfers);
    return outcomeText(raw, {
      done: `Transferred ${total} from ${sender} to ${recipients}`,
      what: `transfer ${total} from ${sender} to ${recipients}`,
    });
  }
}

/**
 * Appends the sender's debit (the negated sum of the credits), so the list balances to zero. Refuses
 * credits whose sum leaves int64: Long wraps silently, and a wrapped sum turns the sender's debit into
 * a credit (or merges a twice-listed recipient into a debit), a transaction that moves HBAR the wrong way.
 */
export function withDebit(credits: HbarTransferEntry[], sender: HbarTransferEntry['accountId'], field = 'transfers', tool?: string): HbarTransferEntry[] {
  let total = Long.ZERO;
  for (const entry of credits) {
    const next = total.add(entry.amount.toTinybars());
    if (next.lessThan(total)) throw paramIssue(field, 'the amounts add up to more than a 64-bit count of tinybars (about 92 billion HBAR)', tool);
    total = next;
  }
  return [...credits, { accountId: sender, amount: Hbar.fromTinybars(total.negate()) }];
}

/** Sender, total and recipients of a normalised HBAR transfer list, for sentences. */
export function summarise(entries: readonly HbarTransferEntry[]): { sender: string; total: string; recipients: string } {
  const debit = entries.find((entry) => entry.amount.isNegative());
  const credits = entries.filter((entry) => !entry.amount.isNegative());
  return {
    sender: debit ? debit.accountId.toString() : 'the sender',
    total: debit ? debit.amount.negated().toString() : '0 ℏ',
    recipients: credits.map((entry) => `${entry.accountId.toString()} (${entry.amount.toString()})`).join(', '),
  };
}
