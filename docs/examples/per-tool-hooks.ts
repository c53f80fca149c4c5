import { injectable } from 'tsyringe';
import { Hook, Policy, type StageEvent } from 'hedera-agent-hooks';
import './invoice-tool.js';

/**
 * Pattern 2, per-tool branches with typed params. A decorated class lists its tools per method; each
 * event is typed from the tool's ToolParamRegistry entry, so `payees` below is checked at compile
 * time. With several tools in one listener, `event.method` narrows the params.
 */
@injectable()
export class InvoiceGuards {
  readonly paid: string[] = [];

  @Policy('postParamsNormalization', ['pay_invoice_tool'])
  limitInvoiceTotal(event: StageEvent<'postParamsNormalization', 'pay_invoice_tool'>) {
    const tinybars = event.normalisedParams.payees.reduce((sum, payee) => sum + payee.amount.toTinybars().toNumber(), 0);
    return tinybars > 1_000_000_000 ? { block: true, reason: `invoice ${event.normalisedParams.invoice} exceeds 10 ℏ` } : false;
  }

  @Hook('postToolExecution', ['pay_invoice_tool', 'transfer_hbar_tool'])
  remember(event: StageEvent<'postToolExecution', 'pay_invoice_tool' | 'transfer_hbar_tool'>) {
    if (event.method === 'pay_invoice_tool') this.paid.push(event.normalisedParams.invoice);
  }
}
