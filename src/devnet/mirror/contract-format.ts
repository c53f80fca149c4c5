import type { ContractLogState, ContractResultState, ContractState } from '../evm/contract-state.js';
import { hex } from '../evm/evm-addresses.js';
import { entityString } from '../ledger/entity-ids.js';
import type { Ledger } from '../ledger/ledger.js';
import { mirrorKey } from '../ledger/keys.js';
import { nsToMirror } from '../ledger/numbers.js';
import { statusName } from '../ledger/status-error.js';
import type { TransactionRecordState } from '../ledger/state-types.js';

const hex0x = (bytes: Uint8Array): string => `0x${hex(bytes)}`;

/**
 * The hash the mirror shows for (and finds) a HAPI contract transaction: the first 32 bytes of its
 * 48-byte transaction hash, the length of an Ethereum hash.
 */
export function contractResultHash(record: TransactionRecordState): string {
  return hex0x(record.hash.subarray(0, 32));
}

/**
 * Every transaction is its own block on the devnet: its block number is its position among all
 * records (what the EVM's NUMBER saw) and its block hash is its transaction hash.
 */
export function blockOf(ledger: Ledger, record: TransactionRecordState): { block_hash: string; block_number: number } {
  return { block_hash: hex0x(record.hash), block_number: ledger.recordList.indexOf(record) };
}

/** `Contract`: what `/contracts` lists; `/contracts/{id}` adds the bytecode. */
export function formatContract(ledger: Ledger, contract: ContractState): Record<string, unknown> {
  const account = ledger.accounts.get(contract.num)!;
  return {
    admin_key: mirrorKey(account.key),
    auto_renew_account: contract.autoRenewAccount ? entityString(contract.autoRenewAccount) : null,
    auto_renew_period: contract.autoRenewPeriodSec,
    contract_id: entityString(contract.num),
    created_timestamp: nsToMirror(contract.createdNs),
    deleted: contract.deleted,
    evm_address: hex0x(contract.evmAddress),
    expiration_timestamp: nsToMirror(BigInt(contract.expirySec) * 1_000_000_000n),
    file_id: contract.fileId ?? null,
    max_automatic_token_associations: contract.maxAutoAssociations,
    memo: contract.memo,
    nonce: Number(contract.nonce),
    obtainer_id: null,
    permanent_removal: null,
    proxy_account_id: null,
    timestamp: { from: nsToMirror(contract.createdNs), to: null },
  };
}

export function formatContractDetail(ledger: Ledger, contract: ContractState): Record<string, unknown> {
  return { ...formatContract(ledger, contract), bytecode: hex0x(contract.initcode), runtime_bytecode: hex0x(contract.runtimeCode) };
}

/** `ContractResultLog`: one log of a result, with its index in the result. */
export function formatResultLog(log: ContractLogState, index: number): Record<string, unknown> {
  return {
    address: hex0x(log.address),
    bloom: hex0x(log.bloom),
    contract_id: entityString(log.contractNum),
    data: hex0x(log.data),
    index,
    topics: log.topics.map(hex0x),
  };
}

/** `ContractLog`: a log as `/contracts/{id}/results/logs` lists it, with where it happened. */
export function formatContractLog(ledger: Ledger, record: TransactionRecordState, log: ContractLogState, index: number): Record<string, unknown> {
  const result = record.contractResult!;
  return {
    ...formatResultLog(log, index),
    ...blockOf(ledger, record),
    root_contract_id: result.contractNum === undefined ? null : entityString(result.contractNum),
    timestamp: nsToMirror(record.consensusNs),
    transaction_hash: contractResultHash(record),
    transaction_index: 0,
  };
}

/**
 * `ContractResultDetails` of a HAPI contract transaction: the Ethereum-only fields (signature, nonce,
 * chain and fee fields of a wrapped Ethereum transaction) are null, as the mirror shows them.
 */
export function formatContractResult(ledger: Ledger, record: TransactionRecordState): Record<string, unknown> {
  const result: ContractResultState = record.contractResult!;
  const status = statusName(record.receipt.status ?? 0) ?? 'UNKNOWN';
  const to = result.to ? hex0x(result.to) : null;
  return {
    access_list: null,
    // The schema requires an address; like the mirror, a create that made no contract shows entity 0's.
    address: to ?? `0x${'0'.repeat(40)}`,
    amount: Number(result.amount),
    block_gas_used: Number(result.gasUsed),
    ...blockOf(ledger, record),
    bloom: hex0x(result.bloom),
    call_result: hex0x(result.callResult),
    chain_id: null,
    contract_id: result.contractNum === undefined ? null : entityString(result.contractNum),
    created_contract_ids: result.createdContracts.map(entityString),
    error_message: result.errorMessage === '' ? null : result.errorMessage,
    ...(result.failedInitcode ? { failed_initcode: hex0x(result.failedInitcode) } : {}),
    from: hex0x(result.from),
    function_parameters: hex0x(result.functionParameters),
    gas_consumed: Number(result.gasConsumed),
    gas_limit: Number(result.gasLimit),
    gas_price: null,
    gas_used: Number(result.gasUsed),
    hash: contractResultHash(record),
    logs: result.logs.map(formatResultLog),
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    nonce: null,
    r: null,
    result: status,
    s: null,
    state_changes: [],
    status: status === 'SUCCESS' ? '0x1' : '0x0',
    timestamp: nsToMirror(record.consensusNs),
    to,
    transaction_index: 0,
    type: null,
    v: null,
  };
}
