import type { ContractLogState, ContractState } from '../evm/contract-state.js';
import { EvmAddressBook, fromHex } from '../evm/evm-addresses.js';
import type { Ledger } from '../ledger/ledger.js';
import type { TransactionRecordState } from '../ledger/state-types.js';
import { contractResultHash, formatContract, formatContractDetail, formatContractLog, formatContractResult } from './contract-format.js';
import { idKey, numberKey, timestampKey } from './mirror-entities.js';
import { invalidParameter, notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';
import { localNum, parseEntityId, parseEvmAddress, parseTimestamp } from './mirror-values.js';
import { parseTransactionId } from './transactions-routes.js';

/** A contract number from `0.0.N` (or `N`), its long-zero address or its EVM alias; undefined when unknown. */
function contractNumOf(ledger: Ledger, text: string): number | undefined {
  const id = parseEntityId(text);
  if (id !== undefined) return localNum(id);
  const evm = parseEvmAddress(text);
  return evm === undefined ? undefined : new EvmAddressBook(ledger).entityAt(fromHex(evm));
}

/** The contract of the `contractIdOrAddress` path parameter; 400 when malformed, undefined when unknown. */
function contractOf(request: MirrorRequest): ContractState | undefined {
  const text = request.params.contractIdOrAddress;
  if (parseEntityId(text) === undefined && parseEvmAddress(text) === undefined) throw invalidParameter('contractIdOrAddress');
  const num = contractNumOf(request.ledger, text);
  return num === undefined ? undefined : request.ledger.contracts.get(num);
}

/** `/contracts`: every contract by ID, newest first by default; `contract.id` takes IDs or EVM addresses. */
export function listContracts(request: MirrorRequest): MirrorResponse {
  // An EVM address names one contract, so it is an `eq` on its number (unknown: matches nothing).
  const parse = (text: string): bigint | undefined => {
    if (parseEntityId(text) !== undefined) return parseEntityId(text);
    if (parseEvmAddress(text) === undefined) return undefined;
    return BigInt(contractNumOf(request.ledger, text) ?? -1);
  };
  const contracts = [...request.ledger.contracts.values()];
  const { items, next } = page(request, contracts, [idKey('contract.id', (contract: ContractState) => contract.num, parse)], 'desc');
  return ok({ contracts: items.map((contract) => formatContract(request.ledger, contract)), links: { next } });
}

/** `/contracts/{id}`, with its creation and runtime bytecode; with `timestamp`, one created later is not found. */
export function getContract(request: MirrorRequest): MirrorResponse {
  const at = request.query.filters('timestamp', parseTimestamp);
  const contract = contractOf(request);
  if (!contract) return notFound();
  const existed = at.every(({ op, value }) => (op === 'lt' ? contract.createdNs < value : op === 'eq' || op === 'lte' ? contract.createdNs <= value : true));
  return existed ? ok(formatContractDetail(request.ledger, contract)) : notFound();
}

/** Accepts the 32-byte hash the mirror shows for a contract result, with or without `0x`. */
function parseResultHash(text: string): string | undefined {
  const match = /^(?:0x)?([0-9a-fA-F]{64})$/.exec(text);
  return match ? `0x${match[1].toLowerCase()}` : undefined;
}

/** `/contracts/results/{transactionIdOrHash}`: the EVM result of one ContractCreate or ContractCall (`nonce` default 0). */
export function getContractResult(request: MirrorRequest): MirrorResponse {
  const text = decodeURIComponent(request.params.transactionIdOrHash);
  const hash = parseResultHash(text);
  const id = hash === undefined && /^\d+\.\d+\.\d+-/.test(text) ? parseTransactionId(text) : undefined;
  if (hash === undefined && id === undefined) throw invalidParameter('transactionIdOrHash');
  const rawNonce = request.query.last('nonce') ?? '0';
  if (!(/^\d{1,10}$/.test(rawNonce) && Number(rawNonce) <= 2_147_483_647)) throw invalidParameter('nonce');
  const found = request.ledger.recordList.find((record) => record.contractResult && (hash !== undefined
    ? contractResultHash(record) === hash
    : record.payer === id!.payer && record.validStartNs === id!.validStartNs && (record.transactionId.nonce ?? 0) === Number(rawNonce)));
  return found ? ok(formatContractResult(request.ledger, found)) : notFound();
}

interface LogRow { record: TransactionRecordState; log: ContractLogState; index: number }

/** A `topicN` value: up to 32 bytes of hex, compared with the topic left-padded to 32 bytes. */
function topicFilter(request: MirrorRequest, name: string): string[] {
  return request.query.values(name).map((raw) => {
    const match = /^(?:0x)?([0-9a-fA-F]{1,64})$/.exec(raw);
    if (!match) throw invalidParameter(name);
    return match[1].toLowerCase().padStart(64, '0');
  });
}

/**
 * `/contracts/{id}/results/logs`: the logs the contract emitted, newest first by default, paged by
 * `timestamp` then `index`; `topic0`…`topic3` keep logs with one of the given values at that position.
 */
export function contractLogs(request: MirrorRequest): MirrorResponse {
  const topics = [0, 1, 2, 3].map((n) => topicFilter(request, `topic${n}`));
  if (request.query.has('index') && !request.query.has('timestamp')) throw invalidParameter('index', 'index needs a timestamp');
  const contract = contractOf(request);
  if (!contract) return notFound();
  const rows: LogRow[] = [];
  for (const record of request.ledger.recordList) {
    record.contractResult?.logs.forEach((log, index) => {
      if (log.contractNum !== contract.num) return;
      const matches = topics.every((wanted, n) => !wanted.length || (log.topics[n] !== undefined && wanted.includes(Buffer.from(log.topics[n]).toString('hex'))));
      if (matches) rows.push({ record, log, index });
    });
  }
  const { items, next } = page(request, rows, [
    timestampKey('timestamp', (row: LogRow) => row.record.consensusNs), numberKey('index', (row: LogRow) => row.index, true),
  ], 'desc');
  return ok({ logs: items.map((row) => formatContractLog(request.ledger, row.record, row.log, row.index)), links: { next } });
}
