import { MaxRecipientsPolicy } from 'hedera-agent-hooks/policies';
import type { PayInvoiceNormalised } from './invoice-tool.js';

/**
 * Pattern 3, strategies: the policy knows how to count recipients of the core tools; a strategy
 * teaches it a tool it has never seen. An additional tool without a strategy is refused when the
 * policy is constructed.
 */
export function invoiceRecipientLimit(maxRecipients: number): MaxRecipientsPolicy {
  return new MaxRecipientsPolicy(maxRecipients, ['pay_invoice_tool'], {
    pay_invoice_tool: (params: PayInvoiceNormalised) => new Set(params.payees.map((payee) => payee.accountId.toString())).size,
  });
}
