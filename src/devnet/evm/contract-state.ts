import type { proto } from '@hiero-ledger/proto';

/**
 * A smart contract's EVM side. Its HBAR balance and key live in the ledger account with the same
 * number, as on Hedera, where a contract is an account that also has code and storage.
 */
export interface ContractState {
  num: number;
  /** 20 bytes: the long-zero address for a HAPI create, the CREATE/CREATE2 address for one made by a contract */
  evmAddress: Uint8Array;
  runtimeCode: Uint8Array;
  /** what ran to make it (initcode followed by constructor parameters) */
  initcode: Uint8Array;
  /** 64-hex slot → value without leading zero bytes (zero slots are removed) */
  storage: Map<string, Uint8Array>;
  nonce: bigint;
  adminKey?: proto.IKey;
  memo: string;
  autoRenewPeriodSec: number;
  autoRenewAccount?: number;
  maxAutoAssociations: number;
  expirySec: number;
  createdNs: bigint;
  /** the bytecode file it was created from, as `0.0.N` */
  fileId?: string;
  deleted: boolean;
}

export interface ContractLogState {
  contractNum: number;
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
  bloom: Uint8Array;
}

/** What a ContractCreate, ContractCall or local call did in the EVM, kept with the record for the mirror. */
export interface ContractResultState {
  kind: 'create' | 'call';
  /** the called or created contract; absent for a create that failed */
  contractNum?: number;
  senderNum: number;
  /** msg.sender: the payer's EVM alias, else its long-zero address */
  from: Uint8Array;
  /** the contract's EVM address (absent for a create that failed) */
  to?: Uint8Array;
  gasLimit: bigint;
  /** gas charged: what the EVM used, at least 80% of the limit (Hedera refunds at most 20%) */
  gasUsed: bigint;
  /** gas the EVM actually consumed */
  gasConsumed: bigint;
  amount: bigint;
  functionParameters: Uint8Array;
  callResult: Uint8Array;
  /** empty on success; `0x`+revert data for a revert; the halt reason otherwise */
  errorMessage: string;
  logs: ContractLogState[];
  bloom: Uint8Array;
  createdContracts: number[];
  contractNonces: Array<{ num: number; nonce: bigint }>;
  /** the initcode of a create that failed */
  failedInitcode?: Uint8Array;
}
