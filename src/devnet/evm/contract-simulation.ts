import type { Ledger } from '../ledger/ledger.js';
import type { StatusName } from '../ledger/status-error.js';
import { failureOf } from './contract-record.js';
import { LedgerEvmWorld } from './evm-host.js';
import { loadEvm } from './evm-loader.js';
import { GAS_PRICE_TINYBARS, intrinsicGas } from './gas.js';

/** One call the mirror's `/contracts/call` simulates: any sender address, not only a ledger account. */
export interface SimulatedCall {
  /** 20 bytes; an address no account answers to is a caller with no balance */
  from: Uint8Array;
  to: Uint8Array;
  data: Uint8Array;
  gas: bigint;
  /** tinybars, as Hedera's EVM counts value */
  value: bigint;
}

export type SimulationOutcome =
  | { success: true; result: Uint8Array; gasConsumed: bigint }
  | { success: false; status: StatusName; errorMessage: string; revertData: Uint8Array };

/**
 * Runs a call against current state and throws its changes away, as a local call does, for a caller
 * given only by its EVM address. `gasConsumed` is what the run used before refunds (intrinsic gas
 * included): enough gas for the call to succeed, which is what an estimate is for.
 */
export async function simulateCall(ledger: Ledger, call: SimulatedCall): Promise<SimulationOutcome> {
  const intrinsic = intrinsicGas(call.data, false);
  if (call.gas < intrinsic) return { success: false, status: 'INSUFFICIENT_GAS', errorMessage: 'INSUFFICIENT_GAS', revertData: new Uint8Array(0) };
  const runtime = await loadEvm();
  const outcome = await runtime.runEvm(new LedgerEvmWorld(ledger), {
    caller: call.from, to: call.to, data: call.data, value: call.value, gasLimit: call.gas - intrinsic, gasPrice: GAS_PRICE_TINYBARS,
    isStatic: false,
    // The block the next transaction would be in, as a ContractCallQuery sees it.
    block: { number: BigInt(ledger.recordList.length), timestampSec: ledger.nowNs() / 1_000_000_000n, gasLimit: call.gas },
  });
  if (outcome.success) return { success: true, result: outcome.returnValue, gasConsumed: intrinsic + outcome.executionGasUsed };
  const failure = failureOf(outcome.error ?? 'internal error', outcome.returnValue);
  return { success: false, ...failure, revertData: failure.status === 'CONTRACT_REVERT_EXECUTED' ? outcome.returnValue : new Uint8Array(0) };
}
