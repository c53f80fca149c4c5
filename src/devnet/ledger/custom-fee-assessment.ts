import type { proto } from '@hiero-ledger/proto';
import { changeOf, HBAR, moveChange, type BalanceChanges } from './balance-changes.js';
import { accountId, accountNum, tokenId, tokenNum } from './entity-ids.js';
import type { Ledger } from './ledger.js';
import { toBig, toLong } from './numbers.js';
import { ensure, LedgerStatusError } from './status-error.js';
import type { TokenState } from './state-types.js';

export interface NftMove { token: number; sender: number; receiver: number }

/** What one level of a transfer pays: changes inside the level's own tokens, and transfers that form the next level. */
export interface FeeLevel {
  readonly body: BalanceChanges;
  readonly same: BalanceChanges;
  readonly next: BalanceChanges;
  readonly assessed: proto.IAssessedCustomFee[];
}

const collectorOf = (fee: proto.ICustomFee): number => accountNum(fee.feeCollectorAccountId, 'INVALID_CUSTOM_FEE_COLLECTOR');

/** A token's treasury pays none of its fees, a collector none it collects, and with all_collectors_are_exempt no collector of the token pays. */
function isExempt(token: TokenState, fee: proto.ICustomFee, payer: number): boolean {
  if (payer === token.treasury || payer === collectorOf(fee)) return true;
  return !!fee.allCollectorsAreExempt && token.customFees.some((other) => collectorOf(other) === payer);
}

/** `amount × numerator / denominator`, rounded down, as Hedera multiplies fractions. */
const fractionOf = (amount: bigint, fraction: proto.IFraction | null | undefined): bigint => (amount * toBig(fraction?.numerator)) / toBig(fraction?.denominator);

/**
 * Assesses the custom fees one level of a transfer triggers (Hedera's order: per token, each debit pays the
 * fixed fees and then the fractional fees; each NFT sender the fixed fees and then the royalties).
 */
export function assessLevel(ledger: Ledger, body: BalanceChanges, nfts: readonly NftMove[]): FeeLevel {
  const level: FeeLevel = { body, same: new Map(), next: new Map(), assessed: [] };
  for (const [denomination, deltas] of body) {
    const token = denomination === HBAR ? undefined : ledger.tokens.get(denomination);
    if (!token?.customFees.length) continue;
    for (const [account, amount] of deltas) {
      if (amount >= 0n || account === token.treasury) continue;
      chargeFixedFees(level, token, account);
      chargeFractionalFees(level, token, account, -amount);
    }
  }
  const royaltiesPaid = new Set<string>();
  for (const nft of nfts) {
    const token = ledger.tokens.get(nft.token);
    if (!token?.customFees.length || nft.sender === token.treasury) continue;
    chargeFixedFees(level, token, nft.sender);
    chargeRoyalties(level, token, nft, royaltiesPaid);
  }
  return level;
}

function chargeFixed(level: FeeLevel, token: TokenState, payer: number, fee: proto.ICustomFee, spec: proto.IFixedFee): void {
  if (isExempt(token, fee, payer)) return;
  const amount = toBig(spec.amount);
  const denomination = spec.denominatingTokenId ? tokenNum(spec.denominatingTokenId) : HBAR;
  const collector = collectorOf(fee);
  // A fee in the token being moved cannot trigger more fees; one in HBAR or another token is its own transfer.
  moveChange(denomination === token.num ? level.same : level.next, denomination, payer, collector, amount);
  level.assessed.push({
    amount: toLong(amount), tokenId: denomination === HBAR ? null : tokenId(denomination),
    feeCollectorAccountId: accountId(collector), effectivePayerAccountId: [accountId(payer)],
  });
}

function chargeFixedFees(level: FeeLevel, token: TokenState, payer: number): void {
  for (const fee of token.customFees) if (fee.fixedFee && payer !== collectorOf(fee)) chargeFixed(level, token, payer, fee, fee.fixedFee);
}

function clampFractional(spec: proto.IFractionalFee, nominal: bigint): bigint {
  const minimum = toBig(spec.minimumAmount);
  const maximum = toBig(spec.maximumAmount);
  const atLeast = nominal > minimum ? nominal : minimum;
  return maximum > 0n && atLeast > maximum ? maximum : atLeast;
}

/** Fractional fees on one debit: net of transfers the sender pays on top, otherwise they come out of the receivers' credits. */
function chargeFractionalFees(level: FeeLevel, token: TokenState, payer: number, debit: bigint): void {
  const deltas = level.body.get(token.num)!;
  let unitsLeft = debit;
  for (const fee of token.customFees) {
    const spec = fee.fractionalFee;
    if (!spec || payer === collectorOf(fee)) continue;
    const creditors = [...deltas].filter(([account, amount]) => amount > 0n && !isExempt(token, fee, account)).map(([account]) => account);
    if (!creditors.length) continue;
    if (spec.netOfTransfers) {
      const owed = clampFractional(spec, fractionOf(debit, spec.fractionalAmount));
      if (owed > 0n) chargeFixed(level, token, payer, fee, { amount: toLong(owed), denominatingTokenId: tokenId(token.num) });
      continue;
    }
    // Several senders share the fee in proportion to what each sends.
    const totalDebits = [...deltas].filter(([account, amount]) => amount < 0n && !isExempt(token, fee, account)).reduce((sum, [, amount]) => sum - amount, 0n);
    if (totalDebits === 0n) continue;
    const nominal = fractionOf(creditors.reduce((sum, account) => sum + changeOf(level.body, token.num, account), 0n), spec.fractionalAmount);
    const owed = (debit * clampFractional(spec, nominal)) / totalDebits;
    const shares = reclaim(level, token.num, creditors, owed);
    const collected = shares.reduce((sum, [, share]) => sum + share, 0n);
    if (collected < owed && toBig(spec.minimumAmount) > nominal) throw new LedgerStatusError('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
    if (collected === 0n) continue; // the fee rounded down to nothing
    unitsLeft -= collected;
    ensure(unitsLeft >= 0n, 'INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
    const collector = collectorOf(fee);
    for (const [account, share] of shares) moveChange(level.same, token.num, account, collector, share);
    level.assessed.push({
      amount: toLong(collected), tokenId: tokenId(token.num), feeCollectorAccountId: accountId(collector),
      effectivePayerAccountId: creditors.map(accountId),
    });
  }
}

/** Takes up to `amount` from what the accounts still receive, in proportion to it; the rounding remainder is taken in order. */
function reclaim(level: FeeLevel, token: number, accounts: number[], amount: bigint): Array<[number, bigint]> {
  const credits = accounts.map((account): [number, bigint] => [account, changeOf(level.body, token, account) + changeOf(level.same, token, account)])
    .filter(([, credit]) => credit > 0n);
  const available = credits.reduce((sum, [, credit]) => sum + credit, 0n);
  const wanted = amount < available ? amount : available;
  const shares = credits.map(([account, credit]): [number, bigint] => [account, (credit * wanted) / available]);
  let left = wanted - shares.reduce((sum, [, share]) => sum + share, 0n);
  for (let i = 0; i < shares.length && left > 0n; i++) {
    const room = credits[i][1] - shares[i][1];
    const extra = room < left ? room : left;
    shares[i][1] += extra;
    left -= extra;
  }
  return shares.filter(([, share]) => share > 0n);
}

/**
 * Royalties on an NFT sender, once per token: a fraction of every fungible value (HBAR or token) the sender
 * receives in the transfer, or, when it receives none, the fallback fee paid by the NFT's receiver.
 */
function chargeRoyalties(level: FeeLevel, token: TokenState, nft: NftMove, royaltiesPaid: Set<string>): void {
  if (royaltiesPaid.has(`${nft.sender}:${token.num}`)) return;
  const exchanged = [...level.body].map(([denomination, deltas]): [number, bigint] => [denomination, deltas.get(nft.sender) ?? 0n])
    .filter(([, amount]) => amount > 0n);
  for (const fee of token.customFees) {
    const spec = fee.royaltyFee;
    if (!spec) continue;
    if (!exchanged.length) {
      if (spec.fallbackFee && !royaltiesPaid.has(`${nft.receiver}:${token.num}`)) chargeFixed(level, token, nft.receiver, fee, spec.fallbackFee);
      continue;
    }
    if (isExempt(token, fee, nft.sender)) continue;
    for (const [denomination, amount] of exchanged) {
      const royalty = fractionOf(amount, spec.exchangeValueFraction);
      if (royalty === 0n) continue;
      moveChange(level.next, denomination, nft.sender, collectorOf(fee), royalty);
      level.assessed.push({
        amount: toLong(royalty), tokenId: denomination === HBAR ? null : tokenId(denomination),
        feeCollectorAccountId: accountId(collectorOf(fee)), effectivePayerAccountId: [accountId(nft.sender)],
      });
    }
  }
  royaltiesPaid.add(exchanged.length ? `${nft.sender}:${token.num}` : `${nft.receiver}:${token.num}`);
}

