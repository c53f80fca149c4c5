import type { Plugin } from 'hedera-agent-hooks';
import { PayInvoiceTool } from './invoice-tool.js';
import { InvoiceGuards } from './per-tool-hooks.js';
import { invoiceRecipientLimit } from './strategy-policy.js';

/**
 * Shipping tools, hooks and policies together: a plugin is an object (default export of a module in
 * a plugins folder, or passed as `plugins: [...]`). Its policies load with it or the kit fails to start.
 */
const invoicePlugin: Plugin = {
  name: 'invoice-plugin',
  version: '1.0.0',
  description: 'Pays invoices, within limits.',
  tools: () => [new PayInvoiceTool()],
  hooks: [InvoiceGuards],
  policies: [invoiceRecipientLimit(3)],
};

export default invoicePlugin;
