import type { proto } from '@hiero-ledger/proto';
import type { ContractResultState } from '../evm/contract-state.js';

/** One account's relationship with a token (association + balance). */
export interface TokenRelation {
  balance: bigint;
  automatic: boolean;
  createdNs: bigint;
  /** set by TokenFreeze (or `freezeDefault` at association); a frozen account neither sends nor receives the token */
  frozen: boolean;
  /** always true for a token without a KYC key; otherwise granted by TokenGrantKyc */
  kycGranted: boolean;
}

export interface AccountState {
  num: number;
  key: proto.IKey;
  balance: bigint;
  memo: string;
  deleted: boolean;
  receiverSigRequired: boolean;
  maxAutoAssociations: number;
  autoRenewPeriodSec: number;
  createdNs: bigint;
  expirySec: number;
  alias?: Uint8Array;
  declineReward: boolean;
  tokens: Map<number, TokenRelation>;
  /** spender num → remaining tinybars */
  hbarAllowances: Map<number, bigint>;
  /** `${tokenNum}:${spenderNum}` → remaining units */
  tokenAllowances: Map<string, bigint>;
  /** `${tokenNum}:${spenderNum}` for approved-for-all NFT allowances */
  nftApprovedForAll: Set<string>;
  /** what was granted and when, for the mirror: `hbar:S`, `token:T:S`, `nft:T:S` */
  allowanceGrants: Map<string, { granted: bigint; timestampNs: bigint }>;
}

export interface TopicMessageState {
  consensusNs: bigint;
  message: Uint8Array;
  payer: number;
  runningHash: Uint8Array;
  sequenceNumber: bigint;
  chunk?: { initialTransactionId: proto.ITransactionID; number: number; total: number };
}

export interface TopicState {
  num: number;
  memo: string;
  adminKey?: proto.IKey;
  submitKey?: proto.IKey;
  autoRenewPeriodSec: number;
  autoRenewAccount?: number;
  sequenceNumber: bigint;
  runningHash: Uint8Array;
  deleted: boolean;
  createdNs: bigint;
  modifiedNs: bigint;
  expirySec: number;
  messages: TopicMessageState[];
}

export interface NftState {
  serial: number;
  owner: number;
  metadata: Uint8Array;
  /** account allowed to move this serial (single-serial allowance) */
  spender?: number;
  /** the approve-for-all spender that granted `spender` (HIP-336 delegating spender) */
  delegatingSpender?: number;
  createdNs: bigint;
  modifiedNs: bigint;
}

export type TokenKeyName = 'adminKey' | 'kycKey' | 'freezeKey' | 'wipeKey' | 'supplyKey' | 'feeScheduleKey' | 'pauseKey' | 'metadataKey';

export interface TokenState {
  num: number;
  name: string;
  symbol: string;
  decimals: number;
  type: 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';
  supplyType: 'INFINITE' | 'FINITE';
  initialSupply: bigint;
  totalSupply: bigint;
  maxSupply: bigint;
  treasury: number;
  keys: Partial<Record<TokenKeyName, proto.IKey>>;
  freezeDefault: boolean;
  memo: string;
  metadata: Uint8Array;
  autoRenewAccount?: number;
  autoRenewPeriodSec: number;
  expirySec: number;
  createdNs: bigint;
  modifiedNs: bigint;
  deleted: boolean;
  paused: boolean;
  /** the fee schedule as the proto carries it (denominations resolved), charged on every transfer */
  customFees: proto.ICustomFee[];
  /** when the fee schedule was last set (creation or TokenFeeScheduleUpdate), for the mirror */
  feeScheduleNs: bigint;
  nextSerial: number;
  nfts: Map<number, NftState>;
}

export interface HbarTransferEntry { account: number; amount: bigint; isApproval: boolean }
export interface TokenTransferEntry { token: number; account: number; amount: bigint; isApproval: boolean }
export interface NftTransferEntry { token: number; sender: number; receiver: number; serial: number; isApproval: boolean }

/** Everything the mirror and the record query need about one handled transaction. */
export interface TransactionRecordState {
  key: string;
  transactionId: proto.ITransactionID;
  /** TransactionBody data field, e.g. `cryptoTransfer` */
  bodyName: string;
  payer: number;
  consensusNs: bigint;
  validStartNs: bigint;
  validDurationSec: number;
  memo: string;
  chargedFee: bigint;
  maxFee: bigint;
  hash: Uint8Array;
  receipt: proto.ITransactionReceipt;
  entityId?: string;
  transfers: HbarTransferEntry[];
  tokenTransfers: TokenTransferEntry[];
  nftTransfers: NftTransferEntry[];
  /** custom fees the transaction paid (transfers and airdrops) */
  assessedCustomFees?: proto.IAssessedCustomFee[];
  /** pending airdrops the transaction created or added to (TokenAirdrop) */
  newPendingAirdrops?: proto.IPendingAirdropRecord[];
  /** the EVM result of a contract create or call */
  contractResult?: ContractResultState;
}

export interface PendingAirdropState { sender: number; receiver: number; token: number; amount?: bigint; serial?: number; createdNs: bigint }
