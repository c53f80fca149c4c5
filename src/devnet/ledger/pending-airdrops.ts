import type { proto } from '@hiero-ledger/proto';
import { accountId, accountNum, tokenId, tokenNum } from './entity-ids.js';
import type { Ledger } from './ledger.js';
import { toBig, toLong } from './numbers.js';
import { LedgerStatusError } from './status-error.js';
import type { PendingAirdropState } from './state-types.js';

/**
 * Pending airdrops are kept as the list of airdrops that created them; Hedera keeps one entry per
 * (sender, receiver, token) for fungible tokens, with repeated airdrops added up, and one per serial for
 * NFTs. These helpers give that view of the list.
 */

type AirdropKey = Pick<PendingAirdropState, 'sender' | 'receiver' | 'token' | 'serial'>;

export function isSamePendingAirdrop(a: AirdropKey, b: AirdropKey): boolean {
  return a.sender === b.sender && a.receiver === b.receiver && a.token === b.token && (a.serial ?? 0) === (b.serial ?? 0);
}

/** The key a PendingAirdropId names; INVALID_PENDING_AIRDROP_ID when it names no account or token. */
export function pendingAirdropKey(id: proto.IPendingAirdropId): AirdropKey {
  const invalid = 'INVALID_PENDING_AIRDROP_ID';
  const sender = accountNum(id.senderId, invalid);
  const receiver = accountNum(id.receiverId, invalid);
  if (id.fungibleTokenType) return { sender, receiver, token: tokenNum(id.fungibleTokenType) };
  if (id.nonFungibleToken) {
    const serial = toBig(id.nonFungibleToken.serialNumber);
    if (serial <= 0n) throw new LedgerStatusError('INVALID_TOKEN_NFT_SERIAL_NUMBER');
    return { sender, receiver, token: tokenNum(id.nonFungibleToken.token_ID), serial: Number(serial) };
  }
  throw new LedgerStatusError(invalid);
}

/** The entries making up one pending airdrop; INVALID_PENDING_AIRDROP_ID when there is none. */
export function pendingAirdropEntries(ledger: Ledger, key: AirdropKey): PendingAirdropState[] {
  const entries = ledger.pendingAirdrops.filter((entry) => isSamePendingAirdrop(entry, key));
  if (!entries.length) throw new LedgerStatusError('INVALID_PENDING_AIRDROP_ID');
  return entries;
}

/** Removes one pending airdrop (all its entries) from the ledger. */
export function removePendingAirdrop(ledger: Ledger, key: AirdropKey): void {
  for (let i = ledger.pendingAirdrops.length - 1; i >= 0; i--) {
    if (isSamePendingAirdrop(ledger.pendingAirdrops[i], key)) ledger.pendingAirdrops.splice(i, 1);
  }
}

/** The record entry for a pending airdrop: its ID and, for a fungible token, the amount now pending in total. */
export function pendingAirdropRecord(ledger: Ledger, key: AirdropKey): proto.IPendingAirdropRecord {
  const id: proto.IPendingAirdropId = { senderId: accountId(key.sender), receiverId: accountId(key.receiver) };
  if (key.serial) {
    id.nonFungibleToken = { token_ID: tokenId(key.token), serialNumber: toLong(BigInt(key.serial)) };
    return { pendingAirdropId: id };
  }
  id.fungibleTokenType = tokenId(key.token);
  const total = ledger.pendingAirdrops.filter((entry) => isSamePendingAirdrop(entry, key)).reduce((sum, entry) => sum + (entry.amount ?? 0n), 0n);
  return { pendingAirdropId: id, pendingAirdropValue: { amount: toLong(total, true) } };
}
