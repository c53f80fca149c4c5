/** One rate of the devnet's fixed exchange rate: 30 000 ℏ = 300 000 ¢, i.e. 1 ℏ = 10 ¢. */
export interface ExchangeRate { hbarEquivalent: number; centEquivalent: number; expirationSec: number }

/** The current and next rate as of `atNs`; like the network's, each expires on the hour. */
export function exchangeRatesAt(atNs: bigint): { current: ExchangeRate; next: ExchangeRate } {
  const hourEnd = (Math.floor(Number(atNs / 1_000_000_000n) / 3600) + 1) * 3600;
  const rate = (expirationSec: number): ExchangeRate => ({ hbarEquivalent: 30_000, centEquivalent: 300_000, expirationSec });
  return { current: rate(hourEnd), next: rate(hourEnd + 3600) };
}
