import { proto } from '@hiero-ledger/proto';
import { aliasHex, evmAddressOfAlias, isAliasId, longZeroNum } from './aliases.js';
import { accountNum, tokenNum, topicNum } from './entity-ids.js';
import { DEFAULT_EXCHANGE_RATE, ExchangeRateHistory, type RateEquivalent } from './exchange-rate.js';
import { timestampToNs, toBig } from './numbers.js';
import { runInOrder } from './in-order.js';
import type { RunningHashFormat } from './running-hash.js';
import { LedgerStatusError, type StatusName } from './status-error.js';
import type { AccountState, FileState, PendingAirdropState, ScheduleState, TokenState, TopicState, TransactionRecordState } from './state-types.js';
import type { ContractState } from '../evm/contract-state.js';

/** Default auto-renew period the SDK uses for accounts, topics and tokens (90 days). */
export const DEFAULT_AUTO_RENEW_SEC = 7_776_000;

export interface LedgerOptions {
  /** fee charged to the payer of every transaction, in tinybars at the starting exchange rate */
  transactionFee: bigint;
  /** cost answered for every paid query, in tinybars at the starting exchange rate */
  queryFee: bigint;
  /** the exchange rate at start (default 1 ℏ = 10 ¢); fees follow the rate as it changes */
  exchangeRate?: RateEquivalent;
  /** layout of the topic running-hash input (default `'java-serialized'`, as Hedera services) */
  runningHashFormat?: RunningHashFormat;
  /** clock in nanoseconds since the epoch; injectable so tests can move time */
  now?: () => bigint;
}

/** Account numbers that exist from genesis. */
export const OPERATOR_NUM = 2;
export const NODE_NUM = 3;
export const FEE_COLLECTOR_NUM = 98;

/**
 * The in-memory state of the devnet: entities, the consensus clock, and the record of every transaction
 * that reached "consensus". Handlers mutate it only after validating, so a failed transaction leaves
 * nothing behind but its fee.
 */
export class Ledger {
  readonly accounts = new Map<number, AccountState>();
  readonly topics = new Map<number, TopicState>();
  readonly tokens = new Map<number, TokenState>();
  /** the EVM side of contracts; each also has an account of the same number (its balance and key) */
  readonly contracts = new Map<number, ContractState>();
  /** by transaction-ID key (see {@link transactionKey}) */
  readonly records = new Map<string, TransactionRecordState>();
  /** in consensus order, for mirror listings */
  readonly recordList: TransactionRecordState[] = [];
  /** airdrops waiting for the receiver to associate (receiver had no free association slot) */
  readonly pendingAirdrops: PendingAirdropState[] = [];
  /** alias (hex) → account number: every key or EVM-address alias, and the EVM address of an ECDSA key alias */
  readonly aliases = new Map<string, number>();
  readonly schedules = new Map<number, ScheduleState>();
  readonly files = new Map<number, FileState>();
  /** work the clock makes due (schedules reaching expiry), run before the state is read or changed */
  private readonly dueWork: Array<() => unknown> = [];
  private readonly recordListeners = new Set<(record: TransactionRecordState) => void>();
  private nextNum = 1001;
  private lastConsensusNs = 0n;
  private readonly clock: () => bigint;
  /** what file 0.0.112 and the mirror publish, and what prices fees */
  readonly exchangeRates: ExchangeRateHistory;

  constructor(readonly options: LedgerOptions) {
    this.clock = options.now ?? (() => BigInt(Date.now()) * 1_000_000n);
    this.exchangeRates = new ExchangeRateHistory(options.exchangeRate ?? DEFAULT_EXCHANGE_RATE, this.clock());
  }

  /** The fee of one transaction now, in tinybars: the configured price at the rate in force. */
  transactionFee(): bigint {
    return this.exchangeRates.tinybarsAt(this.options.transactionFee, this.clock());
  }

  /** The cost of one paid query now, in tinybars. */
  queryFee(): bigint {
    return this.exchangeRates.tinybarsAt(this.options.queryFee, this.clock());
  }

  nowNs(): bigint {
    return this.clock();
  }

  /** Registers work that {@link runDue} runs, e.g. executing the schedules whose expiration time passed. */
  onDue(work: () => unknown): void {
    this.dueWork.push(work);
  }

  /**
   * Lets the clock act before anything observes the ledger: a transaction, a query or a mirror request
   * first sees every schedule whose time has come executed or expired, so expiry follows the devnet's
   * clock deterministically instead of a timer.
   */
  runDue(): Promise<void> | undefined {
    return runInOrder(this.dueWork);
  }

  /** Strictly increasing consensus timestamps, even when many transactions land in the same millisecond. */
  nextConsensusNs(): bigint {
    const now = this.clock();
    this.lastConsensusNs = now > this.lastConsensusNs ? now : this.lastConsensusNs + 1n;
    return this.lastConsensusNs;
  }

  /**
   * A consensus timestamp with `slots` free nanoseconds before it, for the preceding child records of the
   * transaction (they reach consensus just before it, as on a node).
   */
  nextConsensusNsWithRoom(slots: number): bigint {
    const earliest = this.lastConsensusNs + 1n + BigInt(slots);
    const now = this.clock();
    this.lastConsensusNs = now > earliest ? now : earliest;
    return this.lastConsensusNs;
  }

  /**
   * Accounts, topics and tokens share one number space, as on Hedera. Numbers already taken by an
   * account placed at a fixed number (the system contracts at genesis) are skipped.
   */
  nextEntityNum(): number {
    const num = this.peekEntityNum();
    this.nextNum = num + 1;
    return num;
  }

  /** The number {@link nextEntityNum} will hand out next, without taking it. */
  peekEntityNum(): number {
    while (this.accounts.has(this.nextNum)) this.nextNum++;
    return this.nextNum;
  }

  /** Creates an account at a fixed number (genesis accounts) or the next free number. */
  addAccount(init: { key: proto.IKey; balance: bigint; num?: number; createdNs?: bigint } & Partial<AccountState>): AccountState {
    const num = init.num ?? this.nextEntityNum();
    const createdNs = init.createdNs ?? this.nowNs();
    const account: AccountState = {
      memo: '', deleted: false, receiverSigRequired: false, maxAutoAssociations: 0,
      autoRenewPeriodSec: DEFAULT_AUTO_RENEW_SEC, declineReward: false,
      expirySec: Number(createdNs / 1_000_000_000n) + DEFAULT_AUTO_RENEW_SEC,
      tokens: new Map(), hbarAllowances: new Map(), tokenAllowances: new Map(), nftApprovedForAll: new Set(), allowanceGrants: new Map(),
      ...init, num, createdNs,
    };
    this.accounts.set(num, account);
    if (account.alias?.length) {
      this.aliases.set(aliasHex(account.alias), num);
      const evm = evmAddressOfAlias(account.alias);
      if (evm && evm !== account.alias) this.aliases.set(aliasHex(evm), num);
    }
    return account;
  }

  /** Removes an account that a failed transaction created, with its aliases. */
  forgetAccount(num: number): void {
    this.accounts.delete(num);
    for (const [alias, owner] of this.aliases) if (owner === num) this.aliases.delete(alias);
  }

  /** The number of the account an alias names (a long-zero EVM address names its number); undefined when none. */
  accountNumOfAlias(alias: Uint8Array): number | undefined {
    return this.aliases.get(aliasHex(alias)) ?? longZeroNum(alias);
  }

  /**
   * The account for an ID, by number or by alias; INVALID_ACCOUNT_ID when unknown, ACCOUNT_DELETED when
   * deleted (unless allowed).
   */
  account(id: proto.IAccountID | null | undefined, missing: StatusName = 'INVALID_ACCOUNT_ID', allowDeleted = false): AccountState {
    const num = isAliasId(id) ? this.accountNumOfAlias(id.alias) : accountNum(id, missing);
    const account = num === undefined ? undefined : this.accounts.get(num);
    if (!account) throw new LedgerStatusError(missing);
    if (account.deleted && !allowDeleted) throw new LedgerStatusError('ACCOUNT_DELETED');
    return account;
  }

  accountByNum(num: number): AccountState {
    const account = this.accounts.get(num);
    if (!account) throw new LedgerStatusError('INVALID_ACCOUNT_ID');
    if (account.deleted) throw new LedgerStatusError('ACCOUNT_DELETED');
    return account;
  }

  topic(id: proto.ITopicID | null | undefined, allowDeleted = false): TopicState {
    const topic = this.topics.get(topicNum(id));
    if (!topic) throw new LedgerStatusError('INVALID_TOPIC_ID');
    if (topic.deleted && !allowDeleted) throw new LedgerStatusError('INVALID_TOPIC_ID');
    return topic;
  }

  token(id: proto.ITokenID | null | undefined, allowDeleted = false): TokenState {
    const token = this.tokens.get(tokenNum(id));
    if (!token) throw new LedgerStatusError('INVALID_TOKEN_ID');
    if (token.deleted && !allowDeleted) throw new LedgerStatusError('TOKEN_WAS_DELETED');
    return token;
  }

  addRecord(record: TransactionRecordState): void {
    this.records.set(record.key, record);
    this.recordList.push(record);
    for (const listener of this.recordListeners) listener(record);
  }

  /**
   * Calls `listener` after each transaction reaches consensus, so live readers (mirror gRPC streams)
   * learn of new state without polling. Listeners must not throw. Returns the function that removes it.
   */
  onRecord(listener: (record: TransactionRecordState) => void): () => void {
    this.recordListeners.add(listener);
    return () => { this.recordListeners.delete(listener); };
  }
}

/** Key under which a transaction's receipt and record are stored: payer, valid start, scheduled flag, nonce. */
export function transactionKey(id: proto.ITransactionID): string {
  const payer = toBig(id.accountID?.accountNum);
  const start = timestampToNs(id.transactionValidStart);
  return `${payer}-${start}-${id.scheduled ? 1 : 0}-${id.nonce ?? 0}`;
}
