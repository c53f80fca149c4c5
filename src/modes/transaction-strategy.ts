import type { Client, Transaction } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import type { RawToolResult } from '../lifecycle/tool-result.js';

/**
 * How a built transaction leaves the kit. `prepare` runs before the postCoreAction policies so they
 * judge the exact transaction that will be signed (payer, transaction ID, nodes, frozen body);
 * `finish` runs in the secondary action.
 */
export interface TransactionStrategy {
  prepare(transaction: Transaction, client: Client, context: Context): Transaction | Promise<Transaction>;
  finish(transaction: Transaction, client: Client, context: Context): Promise<RawToolResult>;
}
