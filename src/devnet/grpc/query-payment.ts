import type { proto } from '@hiero-ledger/proto';
import { decodeTransaction } from '../ledger/decode-transaction.js';
import { accountNum } from '../ledger/entity-ids.js';
import { NODE_NUM, type Ledger } from '../ledger/ledger.js';
import { toBig } from '../ledger/numbers.js';
import { SignatureChecker } from '../ledger/signature-checker.js';
import { ensure } from '../ledger/status-error.js';

/**
 * Checks and settles the payment attached to a paid query: a cryptoTransfer from the payer to the node
 * (0.0.3) of at least `cost` tinybars, signed by the payer. Throws LedgerStatusError (a precheck code).
 */
export function settleQueryPayment(ledger: Ledger, payment: proto.ITransaction | null | undefined, cost: bigint): void {
  ensure(payment, 'INSUFFICIENT_TX_FEE');
  const tx = decodeTransaction(payment);
  ensure(tx.bodyName === 'cryptoTransfer', 'INVALID_TRANSACTION_BODY');
  const payerId = tx.body.transactionID?.accountID;
  const payer = ledger.accounts.get(accountNum(payerId, 'PAYER_ACCOUNT_NOT_FOUND'));
  ensure(payer && !payer.deleted, 'PAYER_ACCOUNT_NOT_FOUND');
  ensure(new SignatureChecker(tx.bodyBytes, tx.sigPairs).isSatisfied(payer.key), 'INVALID_SIGNATURE');
  const legs = tx.body.cryptoTransfer?.transfers?.accountAmounts ?? [];
  const toNode = legs.filter((leg) => accountNum(leg.accountID) === NODE_NUM).reduce((sum, leg) => sum + toBig(leg.amount), 0n);
  ensure(toNode >= cost, 'INSUFFICIENT_TX_FEE');
  ensure(payer.balance >= toNode, 'INSUFFICIENT_PAYER_BALANCE');
  payer.balance -= toNode;
  ledger.accounts.get(NODE_NUM)!.balance += toNode;
}
