import type { proto } from '@hiero-ledger/proto';
import { toLong } from '../ledger/numbers.js';
import type { StatusName } from '../ledger/status-error.js';
import type { ContractResultState } from './contract-state.js';
import { contractId, hex } from './evm-addresses.js';

/**
 * How an EVM halt is reported: the receipt status Hedera uses for it and the error message its record
 * carries (the name of Besu's halt reason, which Hedera prints). Anything unlisted is a
 * CONTRACT_EXECUTION_EXCEPTION.
 */
const HALTS: Readonly<Record<string, [StatusName, string]>> = {
  'out of gas': ['INSUFFICIENT_GAS', 'INSUFFICIENT_GAS'],
  'code store out of gas': ['INSUFFICIENT_GAS', 'INSUFFICIENT_GAS'],
  'static state change': ['LOCAL_CALL_MODIFICATION_EXCEPTION', 'ILLEGAL_STATE_CHANGE'],
  'invalid opcode': ['CONTRACT_EXECUTION_EXCEPTION', 'INVALID_OPERATION'],
  'stack underflow': ['CONTRACT_EXECUTION_EXCEPTION', 'INSUFFICIENT_STACK_ITEMS'],
  'stack overflow': ['CONTRACT_EXECUTION_EXCEPTION', 'TOO_MANY_STACK_ITEMS'],
  'invalid JUMP': ['CONTRACT_EXECUTION_EXCEPTION', 'INVALID_JUMP_DESTINATION'],
  'value out of range': ['CONTRACT_EXECUTION_EXCEPTION', 'OUT_OF_BOUNDS'],
  'code size to deposit exceeds maximum code size': ['CONTRACT_EXECUTION_EXCEPTION', 'CODE_TOO_LARGE'],
  'initcode exceeds max initcode size': ['CONTRACT_EXECUTION_EXCEPTION', 'CODE_TOO_LARGE'],
  'invalid bytecode deployed': ['CONTRACT_EXECUTION_EXCEPTION', 'INVALID_CODE'],
  'create collision': ['CONTRACT_EXECUTION_EXCEPTION', 'ILLEGAL_STATE_CHANGE'],
};

/**
 * The status and record error message of a failed run: a revert is CONTRACT_REVERT_EXECUTED with the
 * revert data in hex (`0x08c379a0…` for `require(false, "reason")`), as Hedera writes it.
 */
export function failureOf(error: string, returnValue: Uint8Array): { status: StatusName; errorMessage: string } {
  if (error === 'revert') return { status: 'CONTRACT_REVERT_EXECUTED', errorMessage: `0x${hex(returnValue)}` };
  const [status, errorMessage] = HALTS[error] ?? ['CONTRACT_EXECUTION_EXCEPTION', error.toUpperCase().replace(/\W+/g, '_')];
  return { status, errorMessage };
}

/**
 * The ContractFunctionResult of a record or local call. Like Hedera, a failure carries only the gas,
 * the message and the called contract; a success adds output, logs, bloom and created contracts.
 */
export function resultToProto(result: ContractResultState): proto.IContractFunctionResult {
  const contract = result.contractNum === undefined ? {} : { contractID: contractId(result.contractNum) };
  if (result.errorMessage !== '') {
    return { gasUsed: toLong(result.gasUsed, true), errorMessage: result.errorMessage, ...(result.kind === 'call' ? contract : {}) };
  }
  return {
    ...contract,
    gasUsed: toLong(result.gasUsed, true),
    contractCallResult: result.callResult,
    errorMessage: '',
    bloom: result.bloom,
    logInfo: result.logs.map((log) => ({ contractID: contractId(log.contractNum), bloom: log.bloom, topic: log.topics, data: log.data })),
    createdContractIDs: result.createdContracts.map(contractId),
    ...(result.kind === 'create' && result.to ? { evmAddress: { value: result.to } } : {}),
    contractNonces: result.contractNonces.map(({ num, nonce }) => ({ contractId: contractId(num), nonce: toLong(nonce) })),
  };
}

/** The record body for a contract transaction: `contractCreateResult` or `contractCallResult`. */
export function recordContractBody(result: ContractResultState | undefined): proto.ITransactionRecord {
  if (!result) return {};
  return result.kind === 'create' ? { contractCreateResult: resultToProto(result) } : { contractCallResult: resultToProto(result) };
}
