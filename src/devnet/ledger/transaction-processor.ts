import { proto } from '@hiero-ledger/proto';
import { runAtConsensus } from './consensus-step.js';
import { decodeTransaction, type DecodedTransaction } from './decode-transaction.js';
import { accountNum } from './entity-ids.js';
import type { TransactionHandler } from './handler-context.js';
import { hollowAccountSigner, isHollow } from './hollow-accounts.js';
import { contractPayerSpend } from '../evm/gas.js';
import { NODE_NUM, transactionKey, type Ledger } from './ledger.js';
import { timestampToNs, toBig } from './numbers.js';
import { settleExpiredSchedules } from './schedule-runner.js';
import { SignatureChecker } from './signature-checker.js';
import { ensure, LedgerStatusError, type StatusName } from './status-error.js';
import type { AccountState } from './state-types.js';

/**
 * HBAR the payer itself spends besides the fee, which a node also requires at precheck: the initial
 * balance of a new account, or the payer's own net debit in a transfer.
 */
function payerDebits(body: proto.TransactionBody, payerNum: number): bigint {
  if (body.cryptoCreateAccount) return toBig(body.cryptoCreateAccount.initialBalance);
  const contractSpend = contractPayerSpend(body);
  if (contractSpend !== undefined) return contractSpend;
  const legs = body.cryptoTransfer?.transfers?.accountAmounts ?? [];
  const net = legs.filter((leg) => toBig(leg.accountID?.accountNum) === BigInt(payerNum)).reduce((sum, leg) => sum + toBig(leg.amount), 0n);
  return net < 0n ? -net : 0n;
}

const MIN_VALID_DURATION_SEC = 15n;
const MAX_VALID_DURATION_SEC = 180n;
const MAX_MEMO_BYTES = 100;

/**
 * Runs a submitted transaction the way a single Hedera node plus consensus would: precheck (the answer the
 * gRPC call returns), then, when accepted, fee charging, the handler, and a stored receipt and record.
 */
export class TransactionProcessor {
  /** Settles when every transaction submitted so far has been applied (or refused). */
  private applied: Promise<unknown> = Promise.resolve();

  /**
   * @param prepareSignatures verifies a transaction's signatures ahead of its turn (a parameter so tests
   *   can make one transaction's check finish after a later one's)
   */
  constructor(
    private readonly ledger: Ledger,
    private readonly handlers: Readonly<Record<string, TransactionHandler>>,
    private readonly prepareSignatures: (bodyBytes: Uint8Array, pairs: proto.ISignaturePair[]) => Promise<SignatureChecker> = SignatureChecker.prepare,
  ) {
    ledger.onDue(() => settleExpiredSchedules(ledger, handlers));
  }

  /**
   * Resolves with the precheck status. When it is OK the transaction has reached consensus and its
   * receipt is stored. `forcedStatus` (fault injection) fails it at consensus with that status instead
   * of running it.
   *
   * Signatures of concurrent submissions are verified in parallel, but transactions are prechecked and
   * applied strictly one at a time in the order they arrived, as consensus orders them: the state a
   * transaction sees never depends on how fast another one's signatures were checked.
   */
  submit(transaction: proto.ITransaction, forcedStatus?: StatusName): Promise<StatusName> {
    let decoded: DecodedTransaction;
    try {
      decoded = decodeTransaction(transaction);
    } catch (error) {
      if (error instanceof LedgerStatusError) return Promise.resolve(error.status);
      throw error;
    }
    const earlier = this.applied;
    // Promise.all listens to the signature check at once, so its failure is never an unhandled rejection.
    const outcome = Promise.all([earlier, this.prepareSignatures(decoded.bodyBytes, decoded.sigPairs)])
      .then(([, signatures]) => this.apply(decoded, signatures, forcedStatus));
    // The next transaction waits for this one and, should this one fail early, still for the earlier
    // ones; a failure must neither stall the transactions behind it nor let them overtake.
    this.applied = earlier.then(() => outcome).catch(() => undefined);
    return outcome;
  }

  private apply(decoded: DecodedTransaction, signatures: SignatureChecker, forcedStatus?: StatusName): StatusName | Promise<StatusName> {
    // Schedules that expired before this transaction's turn run (or lapse) first, as on a node.
    const settling = this.ledger.runDue();
    if (settling) return settling.then(() => this.applyNow(decoded, signatures, forcedStatus));
    return this.applyNow(decoded, signatures, forcedStatus);
  }

  private applyNow(decoded: DecodedTransaction, signatures: SignatureChecker, forcedStatus?: StatusName): StatusName | Promise<StatusName> {
    let payer: AccountState;
    try {
      payer = this.precheck(decoded, signatures);
    } catch (error) {
      if (error instanceof LedgerStatusError) return error.status;
      throw error;
    }
    const applying = this.reachConsensus(decoded, payer, signatures, forcedStatus);
    return applying ? applying.then(() => 'OK' as const) : 'OK';
  }

  /** Same order as a node's ingest checks: syntax, node, time box, dedupe, support, pure checks, payer, signature, solvency. */
  private precheck(tx: DecodedTransaction, signatures: SignatureChecker): AccountState {
    const { body } = tx;
    const id = body.transactionID;
    ensure(id?.accountID && id.transactionValidStart, 'INVALID_TRANSACTION_ID');
    ensure(Buffer.byteLength(body.memo ?? '') <= MAX_MEMO_BYTES, 'MEMO_TOO_LONG');
    ensure(body.nodeAccountID && accountNum(body.nodeAccountID, 'INVALID_NODE_ACCOUNT') === NODE_NUM, 'INVALID_NODE_ACCOUNT');
    const duration = toBig(body.transactionValidDuration?.seconds);
    ensure(duration >= MIN_VALID_DURATION_SEC && duration <= MAX_VALID_DURATION_SEC, 'INVALID_TRANSACTION_DURATION');
    const start = timestampToNs(id.transactionValidStart);
    const now = this.ledger.nowNs();
    ensure(start <= now, 'INVALID_TRANSACTION_START');
    ensure(start + duration * 1_000_000_000n > now, 'TRANSACTION_EXPIRED');
    ensure(!this.ledger.records.has(transactionKey(id)), 'DUPLICATE_TRANSACTION');
    const handler = this.handlers[tx.bodyName];
    ensure(handler, 'NOT_SUPPORTED', tx.bodyName);
    handler.pureChecks?.(body);
    const payer = this.ledger.accounts.get(accountNum(id.accountID, 'PAYER_ACCOUNT_NOT_FOUND'));
    ensure(payer, 'PAYER_ACCOUNT_NOT_FOUND');
    ensure(!payer.deleted, 'PAYER_ACCOUNT_DELETED');
    ensure(!this.ledger.contracts.has(payer.num), 'PAYER_ACCOUNT_NOT_FOUND'); // a contract never pays for a transaction
    ensure(signatures.isSatisfied(payer.key) || (isHollow(payer) && hollowAccountSigner(payer, signatures)), 'INVALID_SIGNATURE');
    const fee = this.ledger.transactionFee();
    ensure(toBig(body.transactionFee) >= fee, 'INSUFFICIENT_TX_FEE');
    ensure(payer.balance >= fee, 'INSUFFICIENT_PAYER_BALANCE');
    ensure(payer.balance >= fee + payerDebits(body, payer.num), 'INSUFFICIENT_PAYER_BALANCE');
    return payer;
  }

  /** Runs the handler; a handler that returns a promise (the EVM) is awaited before the next transaction. */
  private reachConsensus(tx: DecodedTransaction, payer: AccountState, signatures: SignatureChecker, forcedStatus?: StatusName): Promise<unknown> | undefined {
    const done = runAtConsensus(this.ledger, this.handlers, {
      body: tx.body, bodyName: tx.bodyName, payer, signatures, sigPairs: tx.sigPairs, hash: tx.hash,
      fee: this.ledger.transactionFee(), forcedStatus,
    });
    return done instanceof Promise ? done : undefined;
  }
}
