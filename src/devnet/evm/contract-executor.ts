import type { Ledger } from '../ledger/ledger.js';
import type { AccountState } from '../ledger/state-types.js';
import type { StatusName } from '../ledger/status-error.js';
import type { ContractResultState } from './contract-state.js';
import { failureOf } from './contract-record.js';
import { evmAddressOf, fromHex } from './evm-addresses.js';
import { LedgerEvmWorld } from './evm-host.js';
import { loadEvm, type EvmRuntime } from './evm-loader.js';
import type { EvmOutcome } from './evm-types.js';
import { chargedGas, GAS_PRICE_TINYBARS, intrinsicGas } from './gas.js';

/** One EVM run as a contract transaction or local call asks for it. */
export interface ExecutionRequest {
  kind: 'create' | 'call';
  sender: AccountState;
  /** the called contract's address, or where a create lands */
  address: Uint8Array;
  /** the called or created contract's number */
  contractNum: number;
  /** calldata, or initcode followed by constructor parameters */
  payload: Uint8Array;
  /** what the mirror lists as `function_parameters` */
  functionParameters: Uint8Array;
  value: bigint;
  gasLimit: bigint;
  isStatic: boolean;
  timestampNs: bigint;
}

export interface Execution {
  outcome: EvmOutcome;
  world: LedgerEvmWorld;
  runtime: EvmRuntime;
  /** charged gas (Hedera's floor of 80% of the limit applied) */
  gasUsed: bigint;
  /** gas the run consumed, intrinsic gas included, net of refunds */
  gasConsumed: bigint;
  failure?: { status: StatusName; errorMessage: string };
}

/** Runs a request in the EVM against the ledger as it is now; changes nothing (see applyOutcome). */
export async function execute(ledger: Ledger, request: ExecutionRequest): Promise<Execution> {
  const runtime = await loadEvm();
  const world = new LedgerEvmWorld(ledger);
  const intrinsic = intrinsicGas(request.payload, request.kind === 'create');
  const create = request.kind === 'create';
  const outcome = await runtime.runEvm(world, {
    caller: evmAddressOf(ledger, request.sender),
    ...(create ? { createAt: request.address } : { to: request.address }),
    data: request.payload, value: request.value, gasLimit: request.gasLimit - intrinsic, gasPrice: GAS_PRICE_TINYBARS,
    isStatic: request.isStatic,
    block: { number: BigInt(ledger.recordList.length), timestampSec: request.timestampNs / 1_000_000_000n, gasLimit: request.gasLimit },
  });
  const consumed = intrinsic + outcome.executionGasUsed - outcome.gasRefund;
  return {
    outcome, world, runtime, gasUsed: chargedGas(request.gasLimit, consumed), gasConsumed: consumed,
    ...(outcome.success ? {} : { failure: failureOf(outcome.error ?? 'internal error', outcome.returnValue) }),
  };
}

/** The result kept with the record (and answered by a local call); `created` is empty for a failure. */
export function resultState(ledger: Ledger, request: ExecutionRequest, execution: Execution, created: number[]): ContractResultState {
  const { outcome, world, runtime, failure } = execution;
  const succeeded = !failure;
  const logs = outcome.logs.map((log) => ({
    contractNum: world.book.entityAt(log.address) ?? 0, address: log.address, topics: log.topics, data: log.data,
    bloom: runtime.logsBloom([log]),
  }));
  const nonces = [...outcome.accounts].flatMap(([address, account]) => {
    const num = world.book.entityAt(fromHex(address));
    return account && num !== undefined && ledger.contracts.has(num) ? [{ num, nonce: account.nonce }] : [];
  });
  const placed = succeeded || request.kind === 'call';
  return {
    kind: request.kind,
    ...(placed ? { contractNum: request.contractNum, to: request.address } : {}),
    senderNum: request.sender.num,
    from: evmAddressOf(ledger, request.sender),
    gasLimit: request.gasLimit,
    gasUsed: execution.gasUsed,
    gasConsumed: execution.gasConsumed,
    amount: request.value,
    functionParameters: request.functionParameters,
    callResult: succeeded ? outcome.returnValue : new Uint8Array(0),
    errorMessage: failure?.errorMessage ?? '',
    logs,
    bloom: runtime.logsBloom(outcome.logs),
    createdContracts: created,
    contractNonces: nonces.sort((a, b) => a.num - b.num),
    ...(!succeeded && request.kind === 'create' ? { failedInitcode: request.payload } : {}),
  };
}
