import type { proto } from '@hiero-ledger/proto';
import { entityString } from '../ledger/entity-ids.js';
import { mirrorKey } from '../ledger/keys.js';
import { nsToMirror, toBig, type LongLike } from '../ledger/numbers.js';
import type { NftState, TokenRelation, TokenState } from '../ledger/state-types.js';

/** `/tokens/{id}` body; numbers that can exceed 2^53 are strings, as on the mirror node. */
export function formatToken(token: TokenState): Record<string, unknown> {
  return {
    admin_key: mirrorKey(token.keys.adminKey),
    auto_renew_account: token.autoRenewAccount ? entityString(token.autoRenewAccount) : null,
    auto_renew_period: token.autoRenewPeriodSec,
    created_timestamp: nsToMirror(token.createdNs),
    custom_fees: formatCustomFees(token),
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
    pause_status: token.keys.pauseKey ? (token.paused ? 'PAUSED' : 'UNPAUSED') : 'NOT_APPLICABLE',
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

export function formatNft(token: TokenState, nft: NftState, burned = false): Record<string, unknown> {
  return {
    account_id: burned ? null : entityString(nft.owner), created_timestamp: nsToMirror(nft.createdNs),
    delegating_spender: nft.delegatingSpender ? entityString(nft.delegatingSpender) : null, deleted: burned || token.deleted,
    metadata: Buffer.from(nft.metadata).toString('base64'), modified_timestamp: nsToMirror(nft.modifiedNs),
    serial_number: nft.serial, spender: nft.spender ? entityString(nft.spender) : null, token_id: entityString(token.num),
  };
}

/** Freeze and KYC status as the mirror lists them for a token relationship: NOT_APPLICABLE without the key. */
export function relationStatus(token: TokenState | undefined, relation: TokenRelation): { freeze_status: string; kyc_status: string } {
  return {
    freeze_status: token?.keys.freezeKey ? (relation.frozen ? 'FROZEN' : 'UNFROZEN') : 'NOT_APPLICABLE',
    kyc_status: token?.keys.kycKey ? (relation.kycGranted ? 'GRANTED' : 'REVOKED') : 'NOT_APPLICABLE',
  };
}

const idText = (num: LongLike): string => entityString(Number(toBig(num)));
const tokenText = (id: proto.ITokenID | null | undefined): string | null => (id ? idText(id.tokenNum) : null);
const fraction = (value: proto.IFraction | null | undefined) => ({ numerator: Number(toBig(value?.numerator)), denominator: Number(toBig(value?.denominator)) });

/** `custom_fees` of `/tokens/{id}`: the schedule split by kind, as the mirror lists it (HBAR fees have no denomination). */
export function formatCustomFees(token: TokenState): Record<string, unknown> {
  const fixed: unknown[] = [];
  const fractional: unknown[] = [];
  const royalty: unknown[] = [];
  for (const fee of token.customFees) {
    const common = {
      all_collectors_are_exempt: !!fee.allCollectorsAreExempt,
      collector_account_id: idText(fee.feeCollectorAccountId?.accountNum),
    };
    if (fee.fixedFee) {
      fixed.push({ ...common, amount: Number(toBig(fee.fixedFee.amount)), denominating_token_id: tokenText(fee.fixedFee.denominatingTokenId) });
    } else if (fee.fractionalFee) {
      const spec = fee.fractionalFee;
      const maximum = toBig(spec.maximumAmount);
      fractional.push({
        ...common, amount: fraction(spec.fractionalAmount), denominating_token_id: entityString(token.num),
        maximum: maximum > 0n ? Number(maximum) : null, minimum: Number(toBig(spec.minimumAmount)), net_of_transfers: !!spec.netOfTransfers,
      });
    } else if (fee.royaltyFee) {
      const fallback = fee.royaltyFee.fallbackFee;
      royalty.push({
        ...common, amount: fraction(fee.royaltyFee.exchangeValueFraction),
        ...(fallback ? { fallback_fee: { amount: Number(toBig(fallback.amount)), denominating_token_id: tokenText(fallback.denominatingTokenId) } } : {}),
      });
    }
  }
  return { created_timestamp: nsToMirror(token.feeScheduleNs), fixed_fees: fixed, fractional_fees: fractional, royalty_fees: royalty };
}
