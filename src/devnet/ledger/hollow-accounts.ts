import type { proto } from '@hiero-ledger/proto';
import { evmAddressOfKey, isEvmAddressAlias } from './aliases.js';
import type { KeyVerdicts } from './key-verdicts.js';
import type { AccountState } from './state-types.js';

/**
 * HIP-583 hollow accounts: created by a transfer to an unused EVM address, they have that address as
 * alias and an empty key list as key, so nothing can be signed for them until the ECDSA key behind the
 * address signs a transaction they must sign (as payer or debited account). That completes them: the
 * key becomes their key, recorded as a synthetic CryptoUpdate before the transaction's own record.
 */

/** The key of a hollow account: an empty key list (Hedera's "immutability sentinel"). */
export const HOLLOW_ACCOUNT_KEY: proto.IKey = { keyList: { keys: [] } };

export function isHollow(account: AccountState): boolean {
  return isEvmAddressAlias(account.alias) && !!account.key.keyList && !(account.key.keyList.keys ?? []).length;
}

/** The ECDSA key whose valid signature is on the transaction and whose EVM address is `address`. */
export function evmAddressSigner(address: Uint8Array, signatures: KeyVerdicts): proto.IKey | undefined {
  const wanted = Buffer.from(address);
  return (signatures.fullyNamedEcdsaKeys?.() ?? []).find((key) => {
    const derived = evmAddressOfKey(key);
    return derived !== undefined && wanted.equals(derived) && signatures.isSatisfied(key);
  });
}

/** The key that signed for a hollow account (see {@link evmAddressSigner}). */
export function hollowAccountSigner(account: AccountState, signatures: KeyVerdicts): proto.IKey | undefined {
  return evmAddressSigner(account.alias!, signatures);
}
