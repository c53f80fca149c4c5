import { proto } from '@hiero-ledger/proto';
import type { ExchangeRate } from './exchange-rate.js';
import { DEFAULT_AUTO_RENEW_SEC, type Ledger } from './ledger.js';
import { toLong } from './numbers.js';
import type { FileState } from './state-types.js';

/** files.feeSchedules and files.exchangeRates */
export const FEE_SCHEDULE_FILE = 111;
export const EXCHANGE_RATE_FILE = 112;
/** ledger.numReservedSystemEntities: files up to this number are system files */
export const RESERVED_SYSTEM_ENTITIES = 750;

/** Creates the genesis files the devnet derives from its own state, keyed (as on Hedera) by the genesis key. */
export function seedSystemFiles(ledger: Ledger, genesisKey: proto.IKey): void {
  const createdNs = ledger.nowNs();
  for (const num of [FEE_SCHEDULE_FILE, EXCHANGE_RATE_FILE]) {
    ledger.files.set(num, {
      num, keys: [genesisKey], contents: new Uint8Array(), memo: '', deleted: false, createdNs, system: true,
      expirySec: Number(createdNs / 1_000_000_000n) + DEFAULT_AUTO_RENEW_SEC,
    });
  }
}

const rateProto = (rate: ExchangeRate): proto.IExchangeRate => ({
  hbarEquiv: rate.hbarEquivalent, centEquiv: rate.centEquivalent, expirationTime: { seconds: toLong(BigInt(rate.expirationSec)) },
});

/**
 * What a file holds now. 0.0.112 is the ExchangeRateSet of the rate in force (the one the mirror's
 * `/network/exchangerate` answers, set at start and by `setExchangeRate`); 0.0.111 is a CurrentAndNextFeeSchedule listing no prices, since the
 * devnet charges a flat fee per transaction instead of the network's fee schedule.
 */
export function fileContents(ledger: Ledger, file: FileState): Uint8Array {
  if (!file.system) return file.contents;
  const { current, next } = ledger.exchangeRates.publishedAt(ledger.nowNs());
  if (file.num === EXCHANGE_RATE_FILE) return proto.ExchangeRateSet.encode({ currentRate: rateProto(current), nextRate: rateProto(next) }).finish();
  const schedule = (expirationSec: number): proto.IFeeSchedule => ({ transactionFeeSchedule: [], expiryTime: { seconds: toLong(BigInt(expirationSec)) } });
  return proto.CurrentAndNextFeeSchedule.encode({ currentFeeSchedule: schedule(current.expirationSec), nextFeeSchedule: schedule(next.expirationSec) }).finish();
}
