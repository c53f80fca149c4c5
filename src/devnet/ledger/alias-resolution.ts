import type { proto } from '@hiero-ledger/proto';
import { aliasHex, evmAddressOfAlias, isAliasId, isEvmAddressAlias, keyOfAlias } from './aliases.js';
import { accountId, entityString } from './entity-ids.js';
import type { HandlerContext } from './handler-context.js';
import { HOLLOW_ACCOUNT_KEY } from './hollow-accounts.js';
import { DEFAULT_AUTO_RENEW_SEC } from './ledger.js';
import { toBig, toLong } from './numbers.js';
import { ensure, LedgerStatusError } from './status-error.js';

/** Auto-created accounts take any number of token associations (HIP-904), as with `entities.unlimitedAutoAssociationsEnabled`. */
const UNLIMITED_AUTO_ASSOCIATIONS = -1;

export interface ResolvedTransfers {
  hbar: proto.IAccountAmount[];
  lists: proto.ITokenTransferList[];
}

/**
 * Replaces every account named by alias in a transfer's legs by its number, so the rest of the handler
 * deals in numbers only. A credit (HBAR, token units, an NFT) to an alias no account has yet creates
 * that account first, as a node does: a key alias (HIP-32) gets an account with that key, an EVM address
 * (HIP-583) a hollow account; each creation is a preceding child record. Debits from unknown aliases
 * are INVALID_ACCOUNT_ID, a credit to bytes that are neither kind of alias INVALID_ALIAS_KEY. The
 * creations are undone if the transfer fails.
 */
export function resolveTransferAliases(ctx: HandlerContext, hbar: proto.IAccountAmount[], lists: proto.ITokenTransferList[]): ResolvedTransfers {
  const created = new Map<string, number>();
  const numOf = (id: proto.IAccountID, credit: boolean): proto.IAccountID => {
    if (!isAliasId(id)) return id;
    const hex = aliasHex(id.alias);
    const num = ctx.ledger.accountNumOfAlias(id.alias) ?? created.get(hex);
    if (num !== undefined) return accountId(num);
    ensure(credit, 'INVALID_ACCOUNT_ID');
    const newNum = createForAlias(ctx, id.alias);
    created.set(hex, newNum);
    return accountId(newNum);
  };
  const resolvedHbar = hbar.map((leg) => ({ ...leg, accountID: numOf(leg.accountID!, toBig(leg.amount) > 0n) }));
  const resolvedLists = lists.map((list) => ({
    ...list,
    transfers: (list.transfers ?? []).map((leg) => ({ ...leg, accountID: numOf(leg.accountID!, toBig(leg.amount) > 0n) })),
    nftTransfers: (list.nftTransfers ?? []).map((nft) => ({
      ...nft, senderAccountID: numOf(nft.senderAccountID!, false), receiverAccountID: numOf(nft.receiverAccountID!, true),
    })),
  }));
  return { hbar: resolvedHbar, lists: resolvedLists };
}

function createForAlias(ctx: HandlerContext, alias: Uint8Array): number {
  const hollow = isEvmAddressAlias(alias);
  const key = hollow ? HOLLOW_ACCOUNT_KEY : keyOfAlias(alias);
  if (!key) throw new LedgerStatusError('INVALID_ALIAS_KEY');
  const { ledger } = ctx;
  const account = ledger.addAccount({
    key, balance: 0n, createdNs: ctx.consensusNs, alias, maxAutoAssociations: UNLIMITED_AUTO_ASSOCIATIONS, autoRenewPeriodSec: DEFAULT_AUTO_RENEW_SEC,
  });
  ctx.undo.push(() => ledger.forgetAccount(account.num));
  const evmAddress = hollow ? undefined : evmAddressOfAlias(alias);
  ctx.addPrecedingChild({
    body: {
      cryptoCreateAccount: {
        key, alias, initialBalance: toLong(0n), maxAutomaticTokenAssociations: UNLIMITED_AUTO_ASSOCIATIONS,
        autoRenewPeriod: { seconds: toLong(BigInt(DEFAULT_AUTO_RENEW_SEC)) },
      },
    },
    bodyName: 'cryptoCreateAccount', receipt: { accountID: accountId(account.num) }, entityId: entityString(account.num), alias, evmAddress,
  });
  return account.num;
}
