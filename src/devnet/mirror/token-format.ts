import { entityString } from '../ledger/entity-ids.js';
import { mirrorKey } from '../ledger/keys.js';
import { nsToMirror } from '../ledger/numbers.js';
import type { NftState, TokenState } from '../ledger/state-types.js';

/** `/tokens/{id}` body; numbers that can exceed 2^53 are strings, as on the mirror node. */
export function formatToken(token: TokenState): Record<string, unknown> {
  return {
    admin_key: mirrorKey(token.keys.adminKey),
    auto_renew_account: token.autoRenewAccount ? entityString(token.autoRenewAccount) : null,
    auto_renew_period: token.autoRenewPeriodSec,
    created_timestamp: nsToMirror(token.createdNs),
    custom_fees: { created_timestamp: nsToMirror(token.createdNs), fixed_fees: [], fractional_fees: [], royalty_fees: [] },
    decimals: String(token.decimals),
    deleted: token.deleted,
    expiry_timestamp: Number(BigInt(token.expirySec) * 1_000_000_000n),
    fee_schedule_key: mirrorKey(token.keys.feeScheduleKey),
    freeze_default: token.freezeDefault,
    freeze_key: mirrorKey(token.keys.freezeKey),
    initial_supply: token.initialSupply.toString(),
    kyc_key: mirrorKey(token.keys.kycKey),
    max_supply: token.maxSupply.toString(),
    memo: token.memo,
    metadata: Buffer.from(token.metadata).toString('base64'),
    metadata_key: mirrorKey(token.keys.metadataKey),
    modified_timestamp: nsToMirror(token.modifiedNs),
    name: token.name,
    pause_key: mirrorKey(token.keys.pauseKey),
    pause_status: token.keys.pauseKey ? 'UNPAUSED' : 'NOT_APPLICABLE',
    supply_key: mirrorKey(token.keys.supplyKey),
    supply_type: token.supplyType,
    symbol: token.symbol,
    token_id: entityString(token.num),
    total_supply: token.totalSupply.toString(),
    treasury_account_id: entityString(token.treasury),
    type: token.type,
    wipe_key: mirrorKey(token.keys.wipeKey),
  };
}

/** A `/tokens` list entry (`decimals` is a number here, unlike `/tokens/{id}`). */
export function formatTokenSummary(token: TokenState): Record<string, unknown> {
  return {
    admin_key: mirrorKey(token.keys.adminKey),
    decimals: token.decimals,
    metadata: Buffer.from(token.metadata).toString('base64'),
    name: token.name,
    symbol: token.symbol,
    token_id: entityString(token.num),
    type: token.type,
  };
}

export function formatNft(token: TokenState, nft: NftState): Record<string, unknown> {
  return {
    account_id: entityString(nft.owner), created_timestamp: nsToMirror(nft.createdNs), delegating_spender: null, deleted: token.deleted,
    metadata: Buffer.from(nft.metadata).toString('base64'), modified_timestamp: nsToMirror(nft.modifiedNs),
    serial_number: nft.serial, spender: nft.spender ? entityString(nft.spender) : null, token_id: entityString(token.num),
  };
}

/** Freeze and KYC status as the mirror lists them for a token relationship (the devnet enforces neither). */
export function relationStatus(token: TokenState | undefined): { freeze_status: string; kyc_status: string } {
  return {
    freeze_status: token?.keys.freezeKey ? (token.freezeDefault ? 'FROZEN' : 'UNFROZEN') : 'NOT_APPLICABLE',
    kyc_status: token?.keys.kycKey ? 'REVOKED' : 'NOT_APPLICABLE',
  };
}
