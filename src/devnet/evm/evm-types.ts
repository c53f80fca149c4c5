/**
 * The boundary between the devnet and the EVM library: plain data, so the ledger side never needs the
 * library's classes and the library is loaded only when a contract runs.
 */

/** An EVM account as the ledger shows it (balances in tinybars, as Hedera's EVM counts them). */
export interface EvmAccountView {
  balance: bigint;
  nonce: bigint;
  code: Uint8Array;
}

/** Read-only access to ledger state by 20-byte EVM address. */
export interface EvmWorld {
  account(address: Uint8Array): EvmAccountView | undefined;
  /** the 32-byte slot's value (empty when unset) */
  storage(address: Uint8Array, slot: Uint8Array): Uint8Array;
}

/** One top-level message: a call when `to` is set, else a create at `createAt`. */
export interface EvmCall {
  caller: Uint8Array;
  to?: Uint8Array;
  createAt?: Uint8Array;
  data: Uint8Array;
  value: bigint;
  /** gas left after the intrinsic charge */
  gasLimit: bigint;
  gasPrice: bigint;
  isStatic: boolean;
  block: { number: bigint; timestampSec: bigint; gasLimit: bigint };
}

export interface EvmLog {
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
}

/**
 * What a run did. On failure nothing is to be applied (the EVM reverted its own journal) and `error`
 * is the library's reason, e.g. `revert` or `out of gas`. Addresses are 40 lower-case hex characters.
 */
export interface EvmOutcome {
  success: boolean;
  error?: string;
  returnValue: Uint8Array;
  executionGasUsed: bigint;
  gasRefund: bigint;
  logs: EvmLog[];
  /** addresses created by CREATE/CREATE2 (or the top-level create), in the order they were made */
  created: string[];
  /** created address → the address that ran CREATE/CREATE2 (or the top-level caller) */
  creators: Map<string, string>;
  /** final balance and nonce of every account the run wrote; null = deleted (SELFDESTRUCT) */
  accounts: Map<string, { balance: bigint; nonce: bigint } | null>;
  code: Map<string, Uint8Array>;
  /** address → 32-byte slot hex → value (empty = cleared) */
  storage: Map<string, Map<string, Uint8Array>>;
}
