import type { Transaction } from '@hiero-ledger/sdk';
import { AgentHooksError, ErrorCode, nothingSent } from '../../errors/index.js';

/*
 * What protects the transaction bytes the postCoreAction policies approved. A transaction must stay
 * mutable to be signed, so it is not frozen: its bytes are sealed before the postCoreAction
 * listeners see it, and the strategies check the seal right before anything is signed, sent or
 * returned.
 */

const sealed = new WeakMap<object, Uint8Array>();

/** Records a transaction's bytes as approved; called before the postCoreAction listeners run. */
export function sealTransactionBytes(transaction: Transaction): void {
  sealed.set(transaction, transaction.toBytes());
}

/**
 * Throws when a sealed transaction's bytes differ from the approved ones (a body swapped, a field
 * set); unsealed transactions (nobody was asked to approve them) pass. Called right before a
 * transaction is signed, sent or returned as bytes.
 */
export function assertTransactionBytesUnchanged(transaction: Transaction, tool = 'the tool'): void {
  const approved = sealed.get(transaction);
  if (!approved) return;
  const now = transaction.toBytes();
  if (now.length === approved.length && now.every((byte, at) => byte === approved[at])) return;
  throw nothingSent(
    new AgentHooksError(ErrorCode.APPROVAL_CHANGED, `${tool}: the transaction was changed after the postCoreAction policies approved it; nothing was sent.`),
  );
}
