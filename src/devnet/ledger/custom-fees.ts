import type { proto } from '@hiero-ledger/proto';
import { accountNum, tokenId } from './entity-ids.js';
import type { HandlerContext } from './handler-context.js';
import { FEE_COLLECTOR_NUM } from './ledger.js';
import { toBig } from './numbers.js';
import { ensure } from './status-error.js';
import type { AccountState, TokenState } from './state-types.js';
import { newRelation } from './token-relations.js';

/** Most custom fees one token may carry (Hedera's tokens.maxCustomFeesAllowed). */
const MAX_CUSTOM_FEES = 10;

type Mode = 'create' | 'update';

/** A checked fee, with a "same token" denomination (0.0.0 at creation) resolved to the token itself. */
interface CheckedFee { fee: proto.ICustomFee; collector: AccountState; associateCollector: boolean }

/**
 * Checks the fee schedule of a token being created and returns a function that installs it once the token
 * exists. Collectors of fractional fees and of fixed fees in the new token itself are associated with it,
 * so they sign the creation; other collectors sign when they require receiver signatures.
 */
export function planCreationFees(ctx: HandlerContext, token: TokenState, fees: proto.ICustomFee[]): () => void {
  for (const fee of fees) {
    const collector = collectorAccount(ctx, fee);
    const associates = !!fee.fractionalFee || (!!fee.fixedFee?.denominatingTokenId && rawTokenNum(fee.fixedFee.denominatingTokenId) === 0);
    if (associates || collector.receiverSigRequired) ctx.requireSignature(collector.key);
  }
  const checked = checkSchedule(ctx, token, fees, 'create');
  return () => {
    token.customFees = checked.map((entry) => entry.fee);
    for (const { collector, associateCollector } of checked) {
      if (associateCollector && !collector.tokens.has(token.num)) collector.tokens.set(token.num, newRelation(token, ctx.consensusNs, false));
    }
  };
}

/** Collectors of a new fee schedule that require receiver signatures sign its TokenFeeScheduleUpdate. */
export function requireCollectorSignatures(ctx: HandlerContext, fees: proto.ICustomFee[]): void {
  for (const fee of fees) {
    const collector = collectorAccount(ctx, fee);
    if (collector.receiverSigRequired) ctx.requireSignature(collector.key);
  }
}

/** Checks a new fee schedule for an existing token (TokenFeeScheduleUpdate) and returns the fees to store. */
export function checkFeeScheduleUpdate(ctx: HandlerContext, token: TokenState, fees: proto.ICustomFee[]): proto.ICustomFee[] {
  return checkSchedule(ctx, token, fees, 'update').map((entry) => entry.fee);
}

function checkSchedule(ctx: HandlerContext, token: TokenState, fees: proto.ICustomFee[], mode: Mode): CheckedFee[] {
  ensure(fees.length <= MAX_CUSTOM_FEES, 'CUSTOM_FEES_LIST_TOO_LONG');
  return fees.map((fee) => {
    const collector = collectorAccount(ctx, fee);
    ensure(fee.fixedFee || fee.fractionalFee || fee.royaltyFee, 'CUSTOM_FEE_NOT_FULLY_SPECIFIED');
    if (fee.fixedFee) return checkFixed(ctx, token, fee, collector, mode);
    if (fee.fractionalFee) return checkFractional(token, fee, collector, mode);
    return checkRoyalty(ctx, token, fee, collector);
  });
}

/** The collector must be a live account other than the network's fee collection account. */
function collectorAccount(ctx: HandlerContext, fee: proto.ICustomFee): AccountState {
  const num = accountNum(fee.feeCollectorAccountId, 'INVALID_CUSTOM_FEE_COLLECTOR');
  const account = ctx.ledger.accounts.get(num);
  ensure(num !== FEE_COLLECTOR_NUM && account && !account.deleted, 'INVALID_CUSTOM_FEE_COLLECTOR');
  return account;
}

/** A token number as written, 0 included (0.0.0 means "the token being created"). */
const rawTokenNum = (id: proto.ITokenID): number => Number(toBig(id.tokenNum));

/** A fee paid in another token: that token must be a usable fungible token the collector is associated with. */
function checkDenomination(ctx: HandlerContext, collector: AccountState, id: proto.ITokenID): void {
  const denomination = ctx.ledger.tokens.get(rawTokenNum(id));
  ensure(denomination, 'INVALID_TOKEN_ID_IN_CUSTOM_FEES');
  ensure(!denomination.deleted, 'TOKEN_WAS_DELETED');
  ensure(!denomination.paused, 'TOKEN_IS_PAUSED');
  ensure(denomination.type === 'FUNGIBLE_COMMON', 'CUSTOM_FEE_DENOMINATION_MUST_BE_FUNGIBLE_COMMON');
  ensure(collector.tokens.has(denomination.num), 'TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR');
}

function checkFixed(ctx: HandlerContext, token: TokenState, fee: proto.ICustomFee, collector: AccountState, mode: Mode): CheckedFee {
  const spec = fee.fixedFee!;
  ensure(toBig(spec.amount) > 0n, 'CUSTOM_FEE_MUST_BE_POSITIVE');
  if (!spec.denominatingTokenId) return { fee, collector, associateCollector: false };
  if (mode === 'create' && rawTokenNum(spec.denominatingTokenId) === 0) {
    ensure(token.type === 'FUNGIBLE_COMMON', 'CUSTOM_FEE_DENOMINATION_MUST_BE_FUNGIBLE_COMMON');
    return { fee: { ...fee, fixedFee: { ...spec, denominatingTokenId: tokenId(token.num) } }, collector, associateCollector: true };
  }
  checkDenomination(ctx, collector, spec.denominatingTokenId);
  return { fee, collector, associateCollector: false };
}

function checkFraction(fraction: proto.IFraction | null | undefined): { numerator: bigint; denominator: bigint } {
  const numerator = toBig(fraction?.numerator);
  const denominator = toBig(fraction?.denominator);
  ensure(denominator !== 0n, 'FRACTION_DIVIDES_BY_ZERO');
  ensure(numerator > 0n && denominator > 0n, 'CUSTOM_FEE_MUST_BE_POSITIVE');
  return { numerator, denominator };
}

function checkFractional(token: TokenState, fee: proto.ICustomFee, collector: AccountState, mode: Mode): CheckedFee {
  const spec = fee.fractionalFee!;
  ensure(token.type === 'FUNGIBLE_COMMON', 'CUSTOM_FRACTIONAL_FEE_ONLY_ALLOWED_FOR_FUNGIBLE_COMMON');
  if (mode === 'update') ensure(collector.tokens.has(token.num), 'TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR');
  checkFraction(spec.fractionalAmount);
  const minimum = toBig(spec.minimumAmount);
  const maximum = toBig(spec.maximumAmount);
  ensure(minimum >= 0n && maximum >= 0n, 'CUSTOM_FEE_MUST_BE_POSITIVE');
  ensure(maximum === 0n || maximum >= minimum, 'FRACTIONAL_FEE_MAX_AMOUNT_LESS_THAN_MIN_AMOUNT');
  return { fee, collector, associateCollector: mode === 'create' };
}

function checkRoyalty(ctx: HandlerContext, token: TokenState, fee: proto.ICustomFee, collector: AccountState): CheckedFee {
  const spec = fee.royaltyFee!;
  ensure(token.type === 'NON_FUNGIBLE_UNIQUE', 'CUSTOM_ROYALTY_FEE_ONLY_ALLOWED_FOR_NON_FUNGIBLE_UNIQUE');
  const { numerator, denominator } = checkFraction(spec.exchangeValueFraction);
  ensure(numerator <= denominator, 'ROYALTY_FRACTION_CANNOT_EXCEED_ONE');
  const fallback = spec.fallbackFee;
  if (fallback) {
    ensure(toBig(fallback.amount) > 0n, 'CUSTOM_FEE_MUST_BE_POSITIVE');
    if (fallback.denominatingTokenId) {
      ensure(rawTokenNum(fallback.denominatingTokenId) !== 0, 'CUSTOM_FEE_DENOMINATION_MUST_BE_FUNGIBLE_COMMON');
      checkDenomination(ctx, collector, fallback.denominatingTokenId);
    }
  }
  return { fee, collector, associateCollector: false };
}
