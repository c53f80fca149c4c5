import type { proto } from '@hiero-ledger/proto';
import { toBig } from '../ledger/numbers.js';

/**
 * Gas on the devnet: a fixed price of 85 tinybars per gas (about Hedera's 0.000000852 USD per gas at the
 * devnet's fixed 10 ¢ per HBAR), the figure `/network/fees` lists for the EVM transaction types.
 */
export const GAS_PRICE_TINYBARS = 85n;

/** Hedera's `contracts.maxGasPerSec`: no transaction or local call may ask for more. */
export const MAX_GAS_PER_TRANSACTION = 15_000_000n;

/** Hedera's `contracts.maxRefundPercentOfGasLimit`: unused gas above this share is not refunded. */
const MAX_REFUND_PERCENT = 20n;

const TX_BASE_GAS = 21_000n;
const CREATE_GAS = 32_000n;
const ZERO_BYTE_GAS = 4n;
const NONZERO_BYTE_GAS = 16n;
const INITCODE_WORD_GAS = 2n;

/** The gas a transaction costs before any code runs (Shanghai rules, as Hedera's gas calculator). */
export function intrinsicGas(payload: Uint8Array, isCreate: boolean): bigint {
  let gas = TX_BASE_GAS + (isCreate ? CREATE_GAS + INITCODE_WORD_GAS * BigInt(Math.ceil(payload.length / 32)) : 0n);
  for (const byte of payload) gas += byte === 0 ? ZERO_BYTE_GAS : NONZERO_BYTE_GAS;
  return gas;
}

/**
 * Gas Hedera charges for a run: what it used net of refunds, but never less than 80% of the limit, so
 * asking for far more gas than needed costs (most of) it.
 */
export function chargedGas(gasLimit: bigint, consumedNet: bigint): bigint {
  const floor = gasLimit - (gasLimit * MAX_REFUND_PERCENT) / 100n;
  return consumedNet > floor ? consumedNet : floor;
}

/**
 * HBAR the payer of a contract transaction must hold besides the fixed fee, checked at precheck: the gas
 * limit at the gas price plus the value sent (undefined for any other transaction).
 */
export function contractPayerSpend(body: proto.TransactionBody): bigint | undefined {
  if (body.contractCall) return toBig(body.contractCall.gas) * GAS_PRICE_TINYBARS + toBig(body.contractCall.amount);
  const create = body.contractCreateInstance;
  if (create) return toBig(create.gas) * GAS_PRICE_TINYBARS + toBig(create.initialBalance);
  return undefined;
}
