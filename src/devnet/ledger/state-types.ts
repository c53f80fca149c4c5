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
  /** staked_id of the account: the account it stakes to, or the node ID (0 is node 0.0.3) */
  stakedAccountId?: number;
  stakedNodeId?: number;
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
  /**
   * Serials burned or wiped, as they were when they left circulation. Consensus state forgets them (a
   * query answers INVALID_NFT_ID), but the mirror node keeps listing them with `deleted: true`.
   */
  deletedNfts: Map<number, NftState>;
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
  /** the records of the synthetic transactions it dispatched first (nonce 1, 2, …), e.g. auto-created accounts */
  children?: TransactionRecordState[];
  /** record fields a handler adds beyond transfers, e.g. `prngBytes`, or a scheduled transaction's `scheduleRef` */
  recordFields?: proto.ITransactionRecord;
  /** the EVM result of a contract create or call */
  contractResult?: ContractResultState;
}

export interface PendingAirdropState { sender: number; receiver: number; token: number; amount?: bigint; serial?: number; createdNs: bigint }

/** One signature a ScheduleCreate or ScheduleSign carried, as the mirror lists it under the schedule. */
export interface ScheduleSignatureEntry { consensusNs: bigint; prefix: Uint8Array; signature: Uint8Array; type: 'ED25519' | 'ECDSA_SECP256K1' }

export interface ScheduleState {
  num: number;
  /** ID of the ScheduleCreate; the scheduled transaction's ID is the same with `scheduled: true` */
  createTransactionId: proto.ITransactionID;
  creator: number;
  /** pays for the scheduled transaction (the creator unless the ScheduleCreate named another account) */
  payer: number;
  adminKey?: proto.IKey;
  memo: string;
  /** the SchedulableTransactionBody as submitted (the mirror's `transaction_body`) */
  bodyBytes: Uint8Array;
  waitForExpiry: boolean;
  /** expiration second the ScheduleCreate gave, 0 when it left it to the default lifetime */
  providedExpirySec: number;
  expirySec: number;
  createdNs: bigint;
  /** simple keys, among the required signers' keys, that have signed the ScheduleCreate or a ScheduleSign */
  signatories: proto.IKey[];
  signatures: ScheduleSignatureEntry[];
  /** consensus time of the transaction that executed or deleted it (ScheduleInfo's execution/deletion time) */
  resolvedNs?: bigint;
  /** consensus time of the scheduled transaction's own record */
  executedNs?: bigint;
  deleted: boolean;
  /** gone from consensus state once its expiration time passed; the mirror still lists it */
  expired: boolean;
  /** what makes two ScheduleCreates identical (IDENTICAL_SCHEDULE_ALREADY_CREATED) */
  identity: string;
}

export interface FileState {
  num: number;
  /** every key must sign a change and one of them a delete; an empty list makes the file immutable */
  keys: proto.IKey[];
  contents: Uint8Array;
  memo: string;
  expirySec: number;
  deleted: boolean;
  createdNs: bigint;
  /** a genesis file whose contents the devnet derives from its own state (0.0.111, 0.0.112) */
  system?: boolean;
}
