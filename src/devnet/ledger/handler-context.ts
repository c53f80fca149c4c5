import type { proto } from '@hiero-ledger/proto';
import { accountId, entityString } from './entity-ids.js';
import { hollowAccountSigner, isHollow } from './hollow-accounts.js';
import type { KeyVerdicts } from './key-verdicts.js';
import { runInOrder } from './in-order.js';
import { FEE_COLLECTOR_NUM, type Ledger } from './ledger.js';
import { LedgerStatusError } from './status-error.js';
import type { AccountState, HbarTransferEntry, NftTransferEntry, TokenTransferEntry, TransactionRecordState } from './state-types.js';

export type { KeyVerdicts } from './key-verdicts.js';

/** What a handler may use to run further transactions, and the raw signatures it arrived with. */
export interface DispatchInfo {
  /** the node's handler table, through which a schedule runs its scheduled transaction */
  handlers: Readonly<Record<string, TransactionHandler>>;
  /** the transaction's signature pairs as submitted (the mirror lists a schedule's signatures) */
  sigPairs: readonly proto.ISignaturePair[];
}

/**
 * A synthetic transaction a transaction dispatched before its own effects (an account auto-created for
 * an alias, a hollow account completed); it gets a record of its own with the same transaction ID and
 * the next nonce.
 */
export interface PrecedingChild {
  body: proto.ITransactionBody;
  bodyName: string;
  receipt: proto.ITransactionReceipt;
  entityId?: string;
  alias?: Uint8Array;
  evmAddress?: Uint8Array;
  /** stays when the transaction itself fails (a hollow account's completion, as on a node) */
  keepOnFailure?: boolean;
}

/** Synthetic transactions before one user transaction at most, as `consensus.handle.maxPrecedingRecords` on a node. */
export const MAX_PRECEDING_CHILDREN = 3;

/** What a transaction handler sees while it runs at "consensus". */
export class HandlerContext {
  readonly receipt: proto.ITransactionReceipt = {};
  /** receipt fields kept even when the handler fails, e.g. the existing schedule of IDENTICAL_SCHEDULE_ALREADY_CREATED */
  readonly failureReceipt: proto.ITransactionReceipt = {};
  /** record fields beyond transfers (PRNG output) */
  readonly recordFields: proto.ITransactionRecord = {};
  readonly transfers: HbarTransferEntry[] = [];
  readonly tokenTransfers: TokenTransferEntry[] = [];
  readonly nftTransfers: NftTransferEntry[] = [];
  /** custom fees charged by this transaction, for the record's assessed_custom_fees */
  readonly assessedCustomFees: proto.IAssessedCustomFee[] = [];
  /** pending airdrops this transaction created or added to, for the record's new_pending_airdrops */
  readonly newPendingAirdrops: proto.IPendingAirdropRecord[] = [];
  /** entity the mirror lists as `entity_id` (created or targeted entity) */
  entityId?: string;
  readonly precedingChildren: PrecedingChild[] = [];
  /** undoes what was changed before the handler failed (accounts auto-created for the transfer), last first */
  readonly undo: Array<() => void> = [];
  /** tinybars charged on top of the fixed fee (gas), and their legs: both stand even if the transaction fails */
  extraFee = 0n;
  readonly extraFeeTransfers: HbarTransferEntry[] = [];
  /** the EVM result of a contract create or call, kept whether or not it succeeded */
  contractResult?: TransactionRecordState['contractResult'];
  private readonly followUps: Array<() => unknown> = [];

  constructor(
    readonly ledger: Ledger,
    readonly body: proto.TransactionBody,
    readonly payer: AccountState,
    readonly consensusNs: bigint,
    readonly signatures: KeyVerdicts,
    readonly dispatch: DispatchInfo = { handlers: {}, sigPairs: [] },
  ) {}

  /**
   * Work that reaches consensus right after this transaction, with its own record, and only if this one
   * succeeds: a scheduled transaction whose last required signature this transaction brought.
   */
  afterCommit(work: () => unknown): void {
    this.followUps.push(work);
  }

  /**
   * Runs the {@link afterCommit} work, in order, once the transaction's own record is stored; a promise
   * when some of it must wait (a scheduled contract call), which the next piece waits for.
   */
  runFollowUps(): Promise<void> | undefined {
    return runInOrder(this.followUps.splice(0));
  }

  hasSignature(key: proto.IKey | null | undefined): boolean {
    return this.signatures.isSatisfied(key);
  }

  /** INVALID_SIGNATURE unless `key` signed; a missing key means nobody can authorise (UNAUTHORIZED). */
  requireSignature(key: proto.IKey | null | undefined): void {
    if (!key) throw new LedgerStatusError('UNAUTHORIZED');
    if (!this.signatures.isSatisfied(key)) throw new LedgerStatusError('INVALID_SIGNATURE');
  }

  /**
   * Like {@link requireSignature} for an account's key, except that a hollow account is satisfied by the
   * ECDSA key behind its EVM address, which then becomes its key.
   */
  requireAccountSignature(account: AccountState): void {
    if (isHollow(account)) this.completeHollowAccount(account);
    else this.requireSignature(account.key);
  }

  /** Gives a hollow account the ECDSA key that signed for it (INVALID_SIGNATURE when none did). */
  completeHollowAccount(account: AccountState): void {
    const key = hollowAccountSigner(account, this.signatures);
    if (!key) throw new LedgerStatusError('INVALID_SIGNATURE');
    this.addPrecedingChild({
      body: { cryptoUpdateAccount: { accountIDToUpdate: accountId(account.num), key } }, bodyName: 'cryptoUpdateAccount',
      receipt: {}, entityId: entityString(account.num), keepOnFailure: true,
    });
    account.key = key;
  }

  /** MAX_CHILD_RECORDS_EXCEEDED past {@link MAX_PRECEDING_CHILDREN}. */
  addPrecedingChild(child: PrecedingChild): void {
    if (this.precedingChildren.length >= MAX_PRECEDING_CHILDREN) throw new LedgerStatusError('MAX_CHILD_RECORDS_EXCEEDED');
    this.precedingChildren.push(child);
  }

  /** Moves tinybars and writes the leg into the record; callers validate balances first. */
  moveHbar(account: AccountState, amount: bigint, isApproval = false): void {
    if (amount === 0n) return;
    account.balance += amount;
    mergeHbar(this.transfers, account.num, amount, isApproval);
  }

  /** Charges the payer a fee beyond the fixed one (gas) that is kept even when the handler then fails. */
  chargeExtraFee(amount: bigint): void {
    if (amount <= 0n) return;
    const collector = this.ledger.accounts.get(FEE_COLLECTOR_NUM)!;
    this.moveHbar(this.payer, -amount);
    this.moveHbar(collector, amount);
    mergeHbar(this.extraFeeTransfers, this.payer.num, -amount, false);
    mergeHbar(this.extraFeeTransfers, collector.num, amount, false);
    this.extraFee += amount;
  }
}

export function mergeHbar(list: HbarTransferEntry[], account: number, amount: bigint, isApproval: boolean): void {
  const existing = list.find((entry) => entry.account === account && entry.isApproval === isApproval);
  if (existing) existing.amount += amount;
  else list.push({ account, amount, isApproval });
}

/** A handler for one TransactionBody data field. */
export interface TransactionHandler {
  /** Stateless checks a node runs before accepting the transaction (their failure is a precheck code). */
  pureChecks?(body: proto.TransactionBody): void;
  /**
   * Applies the transaction; throw (or reject with) LedgerStatusError to fail it with a receipt status.
   * A handler that must wait (the EVM) returns a promise; the next transaction waits for it.
   */
  handle(ctx: HandlerContext): void | Promise<void>;
}
