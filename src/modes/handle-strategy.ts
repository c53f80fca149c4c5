import type { Client, Transaction } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import { AgentHooksError, ErrorCode, describeValue } from '../errors/index.js';
import { assertTransactionBytesUnchanged } from '../lifecycle/approval/index.js';
import type { RawToolResult } from '../lifecycle/tool-result.js';
import type { TransactionStrategy } from '../lifecycle/context.js';

/** The Hedera Agent Kit's custom-mode strategy: one `handle`, given the unfrozen transaction. */
export interface HandleStrategy {
  handle(transaction: Transaction, client: Client, context: Context, postProcess?: (response: unknown) => string): Promise<unknown>;
}

export function isHandleStrategy(value: unknown): value is HandleStrategy {
  return value !== null && typeof value === 'object' && typeof (value as { handle?: unknown }).handle === 'function';
}

const adapters = new WeakMap<HandleStrategy, TransactionStrategy>();

/**
 * `context.transactionStrategy` as this kit's strategy. Its transaction is not frozen first: such a
 * strategy may set its own payer or transaction ID before freezing, as the Hedera Agent Kit allows.
 * What it returns is read by the Hedera Agent Kit's contract: `{ raw, humanMessage }` for
 * CUSTOM_EXECUTE_TX, `{ bytes }` for CUSTOM_RETURN_BYTES; anything else is refused rather than guessed at.
 */
export function strategyFromHandle(strategy: HandleStrategy): TransactionStrategy {
  let adapter = adapters.get(strategy);
  if (!adapter) {
    adapter = {
      prepare: (transaction) => transaction,
      async finish(transaction, client, context): Promise<RawToolResult> {
        assertTransactionBytesUnchanged(transaction);
        const result = (await strategy.handle(transaction, client, context)) as { raw?: unknown; bytes?: unknown; humanMessage?: unknown } | null;
        if (result && typeof result.raw === 'object' && result.raw !== null) {
          const raw = { ...(result.raw as RawToolResult) };
          raw.status = typeof raw.status === 'string' ? raw.status : 'SUCCESS';
          return raw;
        }
        if (result && result.bytes instanceof Uint8Array) return { status: 'SUCCESS', ...(result as object), submitted: false } as RawToolResult;
        throw new AgentHooksError(
          ErrorCode.MODE,
          `context.transactionStrategy.handle returned ${describeValue(result)}; expected { raw, humanMessage } (CUSTOM_EXECUTE_TX) or { bytes } (CUSTOM_RETURN_BYTES). The outcome of the transaction is not known to the kit.`,
        );
      },
    };
    adapters.set(strategy, adapter);
  }
  return adapter;
}
