import type BigNumber from 'bignumber.js';
import type { Logger } from '../lifecycle/logger.js';
import type {
  MirrorAccount,
  MirrorAccountToken,
  MirrorAirdrops,
  MirrorContract,
  MirrorExchangeRates,
  MirrorLinks,
  MirrorNfts,
  MirrorSchedule,
  MirrorToken,
  MirrorTokenAllowances,
  MirrorTopic,
  MirrorTopicMessage,
  MirrorTransactions,
} from '../mirror/mirror-types.js';

/**
 * The shapes the Hedera Agent Kit's tools read from its mirror node service, written here from what
 * the kit's own default service returns at run time. The kit's declared types differ in places
 * (they call the account balance a BigNumber and give every token balance a symbol); its tools
 * work with what the default service really returns, so that is what these describe.
 */

/** `getAccount`: the mirror account in the kit's camelCase, with the mirror's balance object as is. */
export interface KitAccount {
  accountId: string;
  /** raw hex of an ED25519/ECDSA key (`key.key`); undefined for an account without a key */
  accountPublicKey: string | undefined;
  /** `balance.balance` is in tinybars, a JSON number as the mirror sends it */
  balance: MirrorAccount['balance'];
  evmAddress: string | null | undefined;
  ethereumNonce: number | undefined;
  createdTimestamp: string | null | undefined;
  memo: string | undefined;
  maxAutomaticTokenAssociations: number | undefined;
  deleted: boolean | undefined;
}

/** A token relationship of `/accounts/{id}/tokens` plus the token's symbol ('UNKNOWN' when it cannot be read). */
export interface KitTokenBalance extends MirrorAccountToken {
  symbol: string;
}

export interface KitTokenBalances {
  tokens: KitTokenBalance[];
  links: MirrorLinks;
}

/** What the kit's topic-messages tool passes; empty strings mean "no bound". */
export interface KitTopicMessagesQuery {
  topicId: string;
  /** mirror timestamp `<seconds>.<nanos>`, inclusive */
  lowerTimestamp?: string;
  /** mirror timestamp `<seconds>.<nanos>`, inclusive */
  upperTimestamp?: string;
  /** how many messages to return, newest first */
  limit?: number;
}

/** Messages newest first, still as the mirror sends them (`message` is base64). */
export interface KitTopicMessages {
  topicId: string;
  messages: MirrorTopicMessage[];
}

/**
 * Every method of the Hedera Agent Kit's `IHederaMirrornodeService` (kit 4.1), so an instance can
 * be passed as the kit's `context.mirrornodeService`.
 */
export interface KitMirrornodeService {
  getAccount(accountId: string): Promise<KitAccount>;
  /** tinybars; the kit's tools divide by 1e8 to show HBAR */
  getAccountHbarBalance(accountId: string): Promise<BigNumber>;
  getAccountTokenBalances(accountId: string, tokenId?: string): Promise<KitTokenBalances>;
  getTopicMessages(query: KitTopicMessagesQuery): Promise<KitTopicMessages>;
  getTopicInfo(topicId: string): Promise<MirrorTopic>;
  getTokenInfo(tokenId: string): Promise<MirrorToken>;
  getContractInfo(contractId: string): Promise<MirrorContract>;
  /** `0.0.x-<seconds>-<nanos>` (the SDK form `0.0.x@<seconds>.<nanos>` is accepted too) */
  getTransactionRecord(transactionId: string, nonce?: number): Promise<MirrorTransactions>;
  /** `timestamp`: seconds or `<seconds>.<nanos>`; the latest rate without it */
  getExchangeRate(timestamp?: string): Promise<MirrorExchangeRates>;
  /** airdrops waiting for the account to claim */
  getPendingAirdrops(accountId: string): Promise<MirrorAirdrops>;
  /** airdrops the account sent that are not claimed yet */
  getOutstandingAirdrops(accountId: string): Promise<MirrorAirdrops>;
  getTokenAllowances(ownerAccountId: string, spenderAccountId: string): Promise<MirrorTokenAllowances>;
  getAccountNfts(accountId: string): Promise<MirrorNfts>;
  getScheduledTransactionDetails(scheduleId: string): Promise<MirrorSchedule>;
  /** `eth_call` through the mirror's `/contracts/call`; resolves to the hex `result` */
  callContract(to: string, data: string): Promise<string>;
  /** the REST root, ending in `/api/v1` (the kit appends paths such as `/contracts/call`) */
  getBaseUrl(): string;
}

/** Options of {@link mirrornodeServiceFor}; all optional. */
export interface KitMirrornodeServiceOptions {
  /** Retries of HTTP 429/502/503/504 and network errors per request (default 2). */
  retries?: number;
  /**
   * Retries of a 404, for an entity or transaction made moments ago that the mirror has not indexed
   * yet (default 2). A transaction ID too old to reach consensus any more is never retried.
   */
  notFoundRetries?: number;
  /** First retry delay in ms, doubled on each retry (default 250). */
  retryDelayMs?: number;
  /** Per-request timeout in ms (default 10000). */
  timeoutMs?: number;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Told when a token's symbol cannot be read for a balance list (default: silent). */
  logger?: Logger;
}
