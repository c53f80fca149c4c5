import type { AccountId, Hbar, Long, TokenId } from '@hiero-ledger/sdk';

/**
 * The normalised shapes policies count on (see src/policies/recipient-counting.ts). Every list
 * includes the sender's negative entry, so it mirrors the transfer list that goes on the ledger.
 */

/** One line of an HBAR transfer; negative for the account that pays. */
export interface HbarTransferEntry {
  accountId: AccountId;
  amount: Hbar;
}

/** One line of a fungible-token transfer or airdrop, in the token's smallest units. */
export interface TokenTransferEntry {
  tokenId: TokenId;
  accountId: AccountId;
  amount: Long;
}

/** One NFT moving from sender to receiver. */
export interface NftTransferEntry {
  tokenId: TokenId;
  serialNumber: Long;
  senderAccountId: AccountId;
  receiverAccountId: AccountId;
}

/** Normalised params of HBAR transfer tools. */
export interface HbarTransfersParams {
  hbarTransfers: HbarTransferEntry[];
}

/** Normalised params of fungible-token transfer and airdrop tools. */
export interface TokenTransfersParams {
  tokenTransfers: TokenTransferEntry[];
}

/** Normalised params of NFT transfer tools. */
export interface NftTransfersParams {
  transfers: NftTransferEntry[];
}
