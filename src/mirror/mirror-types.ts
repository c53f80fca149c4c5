/**
 * Mirror node REST response bodies, with the field names the mirror node returns (snake_case).
 * Only the fields tools read are required; the rest are optional because mirrors differ by version.
 */

export interface MirrorKey {
  _type: 'ED25519' | 'ECDSA_SECP256K1' | 'ProtobufEncoded' | string;
  key: string;
}

export interface MirrorLinks {
  next: string | null;
}

export interface MirrorTokenBalance {
  token_id: string;
  balance: number;
}

export interface MirrorAccount {
  account: string;
  alias?: string | null;
  auto_renew_period?: number | null;
  balance: { balance: number; timestamp: string | null; tokens: MirrorTokenBalance[] };
  created_timestamp?: string | null;
  decline_reward?: boolean;
  deleted?: boolean;
  ethereum_nonce?: number;
  evm_address?: string | null;
  expiry_timestamp?: string | null;
  key?: MirrorKey | null;
  max_automatic_token_associations?: number;
  memo?: string;
  pending_reward?: number;
  receiver_sig_required?: boolean | null;
  staked_account_id?: string | null;
  staked_node_id?: number | null;
  stake_period_start?: string | null;
  links?: MirrorLinks;
}

export interface MirrorAccountToken {
  token_id: string;
  balance: number;
  decimals?: number;
  automatic_association?: boolean;
  created_timestamp?: string;
  freeze_status?: string;
  kyc_status?: string;
}

export interface MirrorAccountTokens {
  tokens: MirrorAccountToken[];
  links: MirrorLinks;
}

export interface MirrorTopic {
  topic_id: string;
  memo: string;
  admin_key: MirrorKey | null;
  submit_key: MirrorKey | null;
  auto_renew_account: string | null;
  auto_renew_period: number | null;
  created_timestamp: string | null;
  deleted: boolean;
  fee_schedule_key?: MirrorKey | null;
  fee_exempt_key_list?: MirrorKey[];
  custom_fees?: { created_timestamp: string | null; fixed_fees: unknown[] };
  timestamp?: { from: string | null; to: string | null };
  sequence_number?: number;
  running_hash?: string;
  running_hash_version?: number;
}

export interface MirrorChunkInfo {
  initial_transaction_id: { account_id: string; nonce: number; scheduled: boolean; transaction_valid_start: string };
  number: number;
  total: number;
}

export interface MirrorTopicMessage {
  consensus_timestamp: string;
  /** base64 */
  message: string;
  payer_account_id: string;
  /** base64 of 48 bytes */
  running_hash: string;
  running_hash_version: number;
  sequence_number: number;
  topic_id: string;
  chunk_info: MirrorChunkInfo | null;
}

export interface MirrorTopicMessages {
  messages: MirrorTopicMessage[];
  links: MirrorLinks;
}

export interface MirrorToken {
  token_id: string;
  name: string;
  symbol: string;
  type: 'FUNGIBLE_COMMON' | 'NON_FUNGIBLE_UNIQUE';
  /** a string on the wire, e.g. "2" */
  decimals: string;
  initial_supply?: string;
  total_supply: string;
  max_supply?: string;
  supply_type?: 'FINITE' | 'INFINITE';
  treasury_account_id: string;
  admin_key?: MirrorKey | null;
  supply_key?: MirrorKey | null;
  kyc_key?: MirrorKey | null;
  freeze_key?: MirrorKey | null;
  wipe_key?: MirrorKey | null;
  pause_key?: MirrorKey | null;
  fee_schedule_key?: MirrorKey | null;
  metadata_key?: MirrorKey | null;
  freeze_default?: boolean;
  pause_status?: string;
  deleted?: boolean;
  memo?: string;
  metadata?: string;
  auto_renew_account?: string | null;
  auto_renew_period?: number | null;
  expiry_timestamp?: string | number | null;
  created_timestamp?: string;
  modified_timestamp?: string;
  custom_fees?: unknown;
}

export interface MirrorTransfer {
  account: string;
  amount: number;
  is_approval: boolean;
}

export interface MirrorTokenTransfer {
  token_id: string;
  account: string;
  amount: number;
  is_approval: boolean;
}

export interface MirrorNftTransfer {
  token_id: string;
  sender_account_id: string | null;
  receiver_account_id: string | null;
  serial_number: number;
  is_approval: boolean;
}

export interface MirrorTransaction {
  transaction_id: string;
  consensus_timestamp: string;
  valid_start_timestamp: string;
  valid_duration_seconds?: string;
  name: string;
  result: string;
  entity_id: string | null;
  node: string | null;
  nonce: number;
  scheduled: boolean;
  charged_tx_fee: number;
  max_fee?: string;
  memo_base64: string;
  transaction_hash: string;
  transfers: MirrorTransfer[];
  token_transfers?: MirrorTokenTransfer[];
  nft_transfers?: MirrorNftTransfer[];
  staking_reward_transfers?: unknown[];
  parent_consensus_timestamp?: string | null;
}

export interface MirrorTransactions {
  transactions: MirrorTransaction[];
}

export interface MirrorBalanceEntry {
  account: string;
  balance: number;
  tokens: MirrorTokenBalance[];
}

export interface MirrorBalances {
  timestamp: string | null;
  balances: MirrorBalanceEntry[];
  links: MirrorLinks;
}

export interface MirrorTimestampRange {
  from: string;
  to: string | null;
}

/** `/accounts/{id}/airdrops/pending` (to the account) and `/outstanding` (from it). */
export interface MirrorAirdrop {
  /** smallest units; null for an NFT */
  amount: number | null;
  receiver_id: string | null;
  sender_id: string | null;
  serial_number: number | null;
  timestamp: MirrorTimestampRange;
  token_id: string | null;
}

export interface MirrorAirdrops {
  airdrops: MirrorAirdrop[];
  links: MirrorLinks;
}

export interface MirrorTokenAllowance {
  amount: number;
  amount_granted: number;
  owner: string;
  spender: string;
  timestamp: MirrorTimestampRange;
  token_id: string;
}

export interface MirrorTokenAllowances {
  allowances: MirrorTokenAllowance[];
  links: MirrorLinks;
}

export interface MirrorNft {
  account_id: string | null;
  created_timestamp: string | null;
  delegating_spender: string | null;
  deleted: boolean;
  /** base64 */
  metadata: string;
  modified_timestamp: string | null;
  serial_number: number;
  spender: string | null;
  token_id: string;
}

export interface MirrorNfts {
  nfts: MirrorNft[];
  links: MirrorLinks;
}

export interface MirrorExchangeRate {
  cent_equivalent: number;
  /** seconds since the epoch */
  expiration_time: number;
  hbar_equivalent: number;
}

export interface MirrorExchangeRates {
  current_rate: MirrorExchangeRate;
  next_rate: MirrorExchangeRate;
  timestamp: string;
}

export interface MirrorContract {
  contract_id: string | null;
  admin_key?: MirrorKey | null;
  auto_renew_account?: string | null;
  auto_renew_period?: number | null;
  created_timestamp?: string | null;
  deleted?: boolean;
  evm_address?: string;
  expiration_timestamp?: string | null;
  file_id?: string | null;
  max_automatic_token_associations?: number | null;
  memo?: string;
  nonce?: number | null;
  obtainer_id?: string | null;
  permanent_removal?: boolean | null;
  proxy_account_id?: string | null;
  timestamp?: MirrorTimestampRange;
  bytecode?: string | null;
  runtime_bytecode?: string | null;
}

export interface MirrorScheduleSignature {
  consensus_timestamp: string;
  public_key_prefix: string;
  signature: string;
  type: string;
}

export interface MirrorSchedule {
  schedule_id: string;
  admin_key?: MirrorKey | null;
  consensus_timestamp: string;
  creator_account_id: string;
  deleted: boolean;
  executed_timestamp: string | null;
  expiration_time: string | null;
  memo: string;
  payer_account_id: string;
  signatures: MirrorScheduleSignature[];
  /** base64 of the scheduled TransactionBody */
  transaction_body: string;
  wait_for_expiry: boolean;
}

/** One HBAR allowance an owner granted (`/accounts/{owner}/allowances/crypto`); `amount` is what is left, in tinybars. */
export interface MirrorCryptoAllowance {
  owner: string;
  spender: string;
  amount: number;
  amount_granted: number;
  timestamp?: { from: string; to: string | null };
}

export interface MirrorCryptoAllowances {
  allowances: MirrorCryptoAllowance[];
  links: MirrorLinks;
}

/** One fungible-token allowance (`/accounts/{owner}/allowances/tokens`); `amount` is what is left, in base units. */
export interface MirrorTokenAllowance extends MirrorCryptoAllowance {
  token_id: string;
}

export interface MirrorTokenAllowances {
  allowances: MirrorTokenAllowance[];
  links: MirrorLinks;
}
