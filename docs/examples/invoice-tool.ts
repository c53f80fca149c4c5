import { AccountId, Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool, type Context, type Movement } from 'hedera-agent-hooks';

export interface PayInvoiceInput {
  invoice: string;
  payees: { accountId: string; hbar: number }[];
}

export interface PayInvoiceNormalised {
  invoice: string;
  payer: AccountId;
  payees: { accountId: AccountId; amount: Hbar }[];
}

// Declaring the tool's params makes hooks and policies for it typed (see per-tool-hooks.ts).
declare module 'hedera-agent-hooks' {
  interface ToolParamRegistry {
    pay_invoice_tool: { raw: PayInvoiceInput; normalised: PayInvoiceNormalised; coreActionResult: TransferTransaction };
  }
}

/** Pays the payees of one invoice in a single transfer from the agent's operator account. */
export class PayInvoiceTool extends BaseTool<PayInvoiceInput, PayInvoiceNormalised, TransferTransaction> {
  readonly method = 'pay_invoice_tool';
  readonly name = 'Pay invoice';
  readonly description = 'Pays an invoice: HBAR to each payee, in one transaction.';
  readonly parameters = z
    .object({
      invoice: z.string().min(1).max(40),
      payees: z.array(z.object({ accountId: z.string(), hbar: z.number().positive() }).strict()).min(1).max(10),
    })
    .strict();

  normalizeParams(params: PayInvoiceInput, _context: Context, client: Client): PayInvoiceNormalised {
    return {
      invoice: params.invoice,
      payer: client.operatorAccountId!,
      payees: params.payees.map((payee) => ({ accountId: AccountId.fromString(payee.accountId), amount: new Hbar(payee.hbar) })),
    };
  }

  /** What a call moves, so the value policies (MaxTransferPolicy, the recipient lists, …) can judge it. */
  override movements(params: PayInvoiceNormalised): Movement[] {
    return params.payees.map((payee) => ({
      asset: 'HBAR',
      from: params.payer.toString(),
      to: payee.accountId.toString(),
      amount: BigInt(payee.amount.toTinybars().toString()),
      display: payee.amount.toString(),
    }));
  }

  coreAction(params: PayInvoiceNormalised): TransferTransaction {
    const transfer = new TransferTransaction().setTransactionMemo(`invoice ${params.invoice}`);
    let total = Hbar.fromTinybars(0);
    for (const payee of params.payees) {
      transfer.addHbarTransfer(payee.accountId, payee.amount);
      total = Hbar.fromTinybars(total.toTinybars().add(payee.amount.toTinybars()));
    }
    return transfer.addHbarTransfer(params.payer, total.negated());
  }
}
