import type { proto } from '@hiero-ledger/proto';
import { FEE_COLLECTOR_NUM, type Ledger } from './ledger.js';
import type { SignatureChecker } from './signature-checker.js';
import { LedgerStatusError } from './status-error.js';
import type { AccountState, HbarTransferEntry, NftTransferEntry, TokenTransferEntry, TransactionRecordState } from './state-types.js';

/** What a transaction handler sees while it runs at "consensus". */
export class HandlerContext {
  readonly receipt: proto.ITransactionReceipt = {};
  readonly transfers: HbarTransferEntry[] = [];
  readonly tokenTransfers: TokenTransferEntry[] = [];
  readonly nftTransfers: NftTransferEntry[] = [];
  /** custom fees charged by this transaction, for the record's assessed_custom_fees */
  readonly assessedCustomFees: proto.IAssessedCustomFee[] = [];
  /** pending airdrops this transaction created or added to, for the record's new_pending_airdrops */
  readonly newPendingAirdrops: proto.IPendingAirdropRecord[] = [];
  /** entity the mirror lists as `entity_id` (created or targeted entity) */
  entityId?: string;
  /** tinybars charged on top of the fixed fee (gas), and their legs: both stand even if the transaction fails */
  extraFee = 0n;
  readonly extraFeeTransfers: HbarTransferEntry[] = [];
  /** the EVM result of a contract create or call, kept whether or not it succeeded */
  contractResult?: TransactionRecordState['contractResult'];

  constructor(
    readonly ledger: Ledger,
    readonly body: proto.TransactionBody,
    readonly payer: AccountState,
    readonly consensusNs: bigint,
    private readonly signatures: SignatureChecker,
  ) {}

  hasSignature(key: proto.IKey | null | undefined): boolean {
    return this.signatures.isSatisfied(key);
  }

  /** INVALID_SIGNATURE unless `key` signed; a missing key means nobody can authorise (UNAUTHORIZED). */
  requireSignature(key: proto.IKey | null | undefined): void {
    if (!key) throw new LedgerStatusError('UNAUTHORIZED');
    if (!this.signatures.isSatisfied(key)) throw new LedgerStatusError('INVALID_SIGNATURE');
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
