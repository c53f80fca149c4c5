import type { AgentMode } from '../values/agent-mode.js';
import type { Client, Transaction } from '@hiero-ledger/sdk';
import type { RawToolResult } from './tool-result.js';

/**
 * What a kit knows about the agent it serves. Passed to every tool step and every listener.
 * Seed-compatible: `accountId`, `mode` and `hooks` mean what they meant there.
 */
export interface Context {
  /** The account the agent acts for; payer of RETURN_BYTES transactions. */
  accountId?: string;
  /** Its public key, when tools need it (e.g. as the default key of new topics). */
  accountPublicKey?: string;
  /** Defaults to AUTONOMOUS. */
  mode?: AgentMode;
  /** The strategy CUSTOM_EXECUTE_TX / CUSTOM_RETURN_BYTES modes hand transactions to. */
  strategy?: TransactionStrategy;
  /** The Hedera Agent Kit's form of the same: an object with `handle(tx, client, context)`. Used when `strategy` is unset. */
  transactionStrategy?: { handle(...args: any[]): Promise<unknown> };
  /** Seed-style hook and policy instances. */
  hooks?: readonly unknown[];
  /** Base URL of the mirror node REST API, e.g. `http://127.0.0.1:5551`. */
  mirrorNodeUrl?: string;
  /** Identifies the agent session in audit entries. */
  sessionId?: string;
  /** Anything else a plugin wants to carry. */
  [extension: string]: unknown;
}

/**
 * How a built transaction leaves the kit. `prepare` runs before the postCoreAction policies so they
 * judge the exact transaction that will be signed (payer, transaction ID, nodes, frozen body);
 * `finish` runs in the secondary action.
 */
export interface TransactionStrategy {
  prepare(transaction: Transaction, client: Client, context: Context): Transaction | Promise<Transaction>;
  finish(transaction: Transaction, client: Client, context: Context): Promise<RawToolResult>;
}
