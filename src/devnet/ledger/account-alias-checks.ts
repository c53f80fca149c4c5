import type { proto } from '@hiero-ledger/proto';
import { evmAddressOfKey, isEvmAddressAlias, keyOfAlias, longZeroNum } from './aliases.js';
import type { HandlerContext } from './handler-context.js';
import { evmAddressSigner } from './hollow-accounts.js';
import { ensure, LedgerStatusError } from './status-error.js';

/** Precheck of `alias` in AccountCreate: empty, an EVM address, or a serialized simple key. */
export function checkAliasShape(alias: Uint8Array | null | undefined): void {
  if (!alias?.length) return;
  ensure(isEvmAddressAlias(alias) || keyOfAlias(alias) !== undefined, 'INVALID_ALIAS_KEY');
}

/**
 * The rules a node applies to the alias of a user's AccountCreate (HIP-583): only an EVM address, not a
 * long-zero one, not in use by another live account, and proven by a signature of the ECDSA key behind
 * it unless the payer's key or the new account's key is that key. Key aliases come only from
 * auto-creation.
 */
export function checkNewAccountAlias(ctx: HandlerContext, op: proto.ICryptoCreateTransactionBody): void {
  const alias = op.alias;
  if (!alias?.length) return;
  if (!isEvmAddressAlias(alias)) throw new LedgerStatusError('INVALID_ALIAS_KEY');
  ensure(longZeroNum(alias) === undefined, 'INVALID_ALIAS_KEY');
  const holder = ctx.ledger.accountNumOfAlias(alias);
  ensure(holder === undefined || ctx.ledger.accounts.get(holder)?.deleted, 'ALIAS_ALREADY_ASSIGNED');
  const address = Buffer.from(alias);
  const isAddressOf = (key: proto.IKey | null | undefined) => address.equals(evmAddressOfKey(key) ?? Buffer.alloc(0));
  if (isAddressOf(ctx.payer.key) || isAddressOf(op.key)) return;
  ensure(evmAddressSigner(alias, ctx.signatures), 'INVALID_SIGNATURE');
}
