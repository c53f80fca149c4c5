import { TransferTransaction, type AccountId, type Client, type Hbar } from '@hiero-ledger/sdk';
import type { z } from 'zod';
import {
  BaseTransactionTool,
  accountIdSchema,
  forTool,
  hbarAmountSchema,
  outcomeText,
  resolveAccount,
  scheduled,
  schedulingParamsSchema,
  strictInput,
  toAccountId,
  toHbar,
  transactionMemoSchema,
  type Context,
  type MaybeScheduled,
  type Movement,
  type RawToolResult,
} from 'hedera-agent-hooks/tools';

// strictInput refuses unknown fields, naming them, and hints at the right tool for a field that belongs elsewhere.
const parameters = strictInput(
  {
    recipientId: accountIdSchema.describe('Account that receives the tip, e.g. "0.0.1234".'),
    amount: hbarAmountSchema.describe('HBAR to send, e.g. 0.5 (not tinybars).'),
    transactionMemo: transactionMemoSchema,
    schedulingParams: schedulingParamsSchema,
  },
  { tokenId: 'tips are HBAR only; use transfer_fungible_token_tool for tokens' },
);

export type TipInput = z.infer<typeof parameters>;

export interface TipNormalised extends MaybeScheduled {
  sender: AccountId;
  recipient: AccountId;
  amount: Hbar;
  transactionMemo?: string;
}

declare module 'hedera-agent-hooks' {
  interface ToolParamRegistry {
    tip_tool: { raw: TipInput; normalised: TipNormalised; coreActionResult: TransferTransaction };
  }
}

/** Tips one account in HBAR from the agent's account, now or as a scheduled transaction: written as a core tool is. */
export class TipTool extends BaseTransactionTool<TipInput, TipNormalised, TransferTransaction> {
  readonly method = 'tip_tool';
  readonly name = 'Tip';
  readonly description = "Sends a tip in HBAR from the agent's account to one account; can be scheduled.";
  readonly parameters = parameters;
  // Opts into the kit's scheduling step: a call with schedulingParams.isScheduled goes out inside a ScheduleCreate.
  override readonly schedulable = true;

  // forTool names this tool in every field error; scheduled() adds schedulingParams when the call asks for it.
  normalizeParams(params: TipInput, context: Context, client: Client): Promise<TipNormalised> {
    return scheduled(params, context, client, this.method, forTool(this.method, () => ({
      sender: resolveAccount(undefined, context, client, 'sourceAccountId'),
      recipient: toAccountId(params.recipientId, 'recipientId'),
      amount: toHbar(params.amount, 'amount'),
      transactionMemo: params.transactionMemo,
    })));
  }

  /** What a call moves, so the value policies can judge it. */
  override movements(params: TipNormalised): Movement[] {
    return [{
      asset: 'HBAR',
      from: params.sender.toString(),
      to: params.recipient.toString(),
      amount: BigInt(params.amount.toTinybars().toString()),
      display: params.amount.toString(),
    }];
  }

  coreAction(params: TipNormalised): TransferTransaction {
    const transfer = new TransferTransaction()
      .addHbarTransfer(params.recipient, params.amount)
      .addHbarTransfer(params.sender, params.amount.negated());
    return params.transactionMemo ? transfer.setTransactionMemo(params.transactionMemo) : transfer;
  }

  // The core tools' sentences: done, prepared for signing, scheduled, outcome unknown (do not retry), refused.
  override describeResult(raw: RawToolResult, params: TipNormalised): string {
    const what = `tip ${params.amount.toString()} to ${params.recipient.toString()}`;
    return outcomeText(raw, { done: `Tipped ${params.amount.toString()} to ${params.recipient.toString()}`, what });
  }
}
