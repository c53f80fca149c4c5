import type { proto } from '@hiero-ledger/proto';
import { decodeTransaction } from '../ledger/decode-transaction.js';
import { accountId, tokenId } from '../ledger/entity-ids.js';
import type { Ledger } from '../ledger/ledger.js';
import { nsToTimestamp, toBig, toLong } from '../ledger/numbers.js';
import { AnsweredFailure, ensure, LedgerStatusError } from '../ledger/status-error.js';
import type { AccountState } from '../ledger/state-types.js';
import { execute, resultState } from './contract-executor.js';
import { resultToProto } from './contract-record.js';
import type { ContractState } from './contract-state.js';
import { contractFor, contractId, hex } from './evm-addresses.js';
import { intrinsicGas, MAX_GAS_PER_TRANSACTION } from './gas.js';

const LOCAL_LEDGER_ID = new Uint8Array([3]);
const EMPTY = new Uint8Array(0);
/** Each storage slot counts its 32-byte key and 32-byte value. */
const BYTES_PER_SLOT = 64n;

function existingContract(ledger: Ledger, id: proto.IContractID | null | undefined): ContractState {
  const contract = contractFor(ledger, id);
  ensure(contract, 'INVALID_CONTRACT_ID');
  return contract;
}

/** The account behind a contract, for AccountBalanceQuery with a contract ID. */
export function contractAccount(ledger: Ledger, id: proto.IContractID): AccountState {
  const contract = existingContract(ledger, id);
  const account = ledger.accounts.get(contract.num)!;
  ensure(!contract.deleted, 'CONTRACT_DELETED');
  return account;
}

/** ContractCallLocal checks, made before the payment is settled and before the EVM runs. */
export function validateContractCallLocal(ledger: Ledger, request: Record<string, unknown>): void {
  const op = request as proto.IContractCallLocalQuery;
  const gas = toBig(op.gas);
  ensure(gas >= 0n, 'CONTRACT_NEGATIVE_GAS');
  ensure(gas <= MAX_GAS_PER_TRANSACTION, 'MAX_GAS_LIMIT_EXCEEDED');
  ensure(gas >= intrinsicGas(op.functionParameters ?? EMPTY, false), 'INSUFFICIENT_GAS');
  ensure(!existingContract(ledger, op.contractID).deleted, 'CONTRACT_DELETED');
}

/**
 * ContractCallLocal: runs the call against current state and throws the changes away. The caller is
 * `senderId` when given, else the query's payer. A failure answers its status with the function result.
 */
export async function contractCallLocal(ledger: Ledger, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  const op = request as proto.IContractCallLocalQuery;
  const contract = existingContract(ledger, op.contractID);
  const sender = ledger.account(op.senderId ?? payerOf(op.header), 'INVALID_ACCOUNT_ID');
  const data = op.functionParameters ?? EMPTY;
  const execRequest = {
    kind: 'call' as const, sender, address: contract.evmAddress, contractNum: contract.num, payload: data, functionParameters: data,
    value: 0n, gasLimit: toBig(op.gas), isStatic: false, timestampNs: ledger.nowNs(),
  };
  const execution = await execute(ledger, execRequest);
  const functionResult = resultToProto(resultState(ledger, execRequest, execution, []));
  if (execution.failure) throw new AnsweredFailure(execution.failure.status, { functionResult });
  return { functionResult };
}

function payerOf(header: proto.IQueryHeader | null | undefined): proto.IAccountID {
  if (!header?.payment) throw new LedgerStatusError('INVALID_ACCOUNT_ID');
  const payer = decodeTransaction(header.payment).body.transactionID?.accountID;
  if (!payer) throw new LedgerStatusError('INVALID_ACCOUNT_ID');
  return payer;
}

/** ContractGetInfo: the contract's account fields plus its EVM address and storage size. */
export function contractInfo(ledger: Ledger, request: Record<string, unknown>): Record<string, unknown> {
  const contract = existingContract(ledger, (request as proto.IContractGetInfoQuery).contractID);
  const account = ledger.accounts.get(contract.num)!;
  const info: proto.ContractGetInfoResponse.IContractInfo = {
    contractID: contractId(contract.num), accountID: accountId(contract.num), contractAccountID: hex(contract.evmAddress),
    adminKey: account.key, expirationTime: nsToTimestamp(BigInt(contract.expirySec) * 1_000_000_000n),
    autoRenewPeriod: { seconds: toLong(BigInt(contract.autoRenewPeriodSec)) }, storage: toLong(BigInt(contract.storage.size) * BYTES_PER_SLOT),
    memo: contract.memo, balance: toLong(account.balance, true), deleted: contract.deleted, ledgerId: LOCAL_LEDGER_ID,
    tokenRelationships: [...account.tokens.entries()].map(([num, relation]) => ({
      tokenId: tokenId(num), balance: toLong(relation.balance, true), decimals: ledger.tokens.get(num)?.decimals ?? 0,
      automaticAssociation: relation.automatic,
    })),
    maxAutomaticTokenAssociations: contract.maxAutoAssociations,
    ...(contract.autoRenewAccount ? { autoRenewAccountId: accountId(contract.autoRenewAccount) } : {}),
  };
  return { contractInfo: info };
}

/** ContractGetBytecode: the runtime bytecode (what the constructor returned). */
export function contractBytecode(ledger: Ledger, request: Record<string, unknown>): Record<string, unknown> {
  const contract = existingContract(ledger, (request as proto.IContractGetBytecodeQuery).contractID);
  ensure(!contract.deleted, 'CONTRACT_DELETED');
  return { bytecode: contract.runtimeCode };
}
