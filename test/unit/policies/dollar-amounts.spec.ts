import { expect } from 'chai';
import { centsPerHbar, hbarToUsd, publishedIso, rateText, tokenPrice, tokenToUsd, usdText, usdUnits } from '../../../src/policies/dollar-amounts.js';

const TINYBARS = 100_000_000n;

describe('dollar amounts', () => {
  describe('when HBAR is valued at the network rate', () => {
    it('is exact in 10⁻⁸ USD: 1 HBAR at 12 ¢ is $0.12, at 30 000 HBAR = 360 000 ¢ too', () => {
      expect(hbarToUsd(TINYBARS, { hbarEquivalent: 1, centEquivalent: 12 })).to.equal(12_000_000n);
      expect(hbarToUsd(TINYBARS, { hbarEquivalent: 30_000, centEquivalent: 360_000 })).to.equal(12_000_000n);
      expect(usdText(hbarToUsd(4_166_666_667n, { hbarEquivalent: 1, centEquivalent: 12 }))).to.equal('$5.00000001'); // 5.0000000004, rounded up
      expect(usdText(hbarToUsd(4_166_666_666n, { hbarEquivalent: 1, centEquivalent: 12 }))).to.equal('$5'); // 4.9999999992, rounded up to the unit
    });

    it('rounds a fraction of the unit up, never down, so a cap is never passed by rounding', () => {
      // 1 tinybar at 12 ¢ is 0.12 units: counted as 1.
      expect(hbarToUsd(1n, { hbarEquivalent: 1, centEquivalent: 12 })).to.equal(1n);
      // 1 HBAR at 1 ¢ per 3 HBAR: 0.333…¢ = 333333.33… units, counted as 333334.
      expect(hbarToUsd(TINYBARS, { hbarEquivalent: 3, centEquivalent: 1 })).to.equal(333_334n);
      expect(hbarToUsd(0n, { hbarEquivalent: 3, centEquivalent: 1 })).to.equal(0n);
    });

    it('stays exact for amounts far past a float’s 2⁵³, such as the whole supply at the largest rate', () => {
      const supply = 50_000_000_000n * TINYBARS; // 5 × 10¹⁸ tinybars
      expect(hbarToUsd(supply, { hbarEquivalent: 1, centEquivalent: 2_147_483_647 })).to.equal(supply * 2_147_483_647n / 100n);
      // The largest int64 of tinybars at 3 ¢ per 7 HBAR: 27670116110564327421 / 700 = 39528737300806182.03 units, rounded up.
      expect(usdText(hbarToUsd(2n ** 63n - 1n, { hbarEquivalent: 7, centEquivalent: 3 }))).to.equal('$395287373.00806183');
    });
  });

  describe('when a token is valued at a configured price', () => {
    it('scales by the token’s decimals and the price’s own places', () => {
      expect(tokenToUsd(1_500_000n, tokenPrice(1, 6))).to.equal(150_000_000n); // 1.5 USDC
      expect(tokenToUsd(3n, tokenPrice('0.25', 0))).to.equal(75_000_000n); // 3 NFTs at $0.25
      expect(tokenToUsd(1n, tokenPrice('0.000000001', 0))).to.equal(1n); // a tenth of a unit, rounded up
      // 10¹² whole tokens of 18 decimals at $1234.5678: $1 234 567 800 000 000.
      expect(usdText(tokenToUsd(10n ** 30n, tokenPrice('1234.5678', 18)))).to.equal('$1234567800000000');
      expect(tokenToUsd(5n, tokenPrice(0, 2))).to.equal(0n);
    });
  });

  describe('when dollar caps are written', () => {
    it('reads them exactly to 8 places', () => {
      expect(usdUnits(50)).to.equal(5_000_000_000n);
      expect(usdUnits('0.1')).to.equal(10_000_000n);
      expect(usdUnits('0.00000001')).to.equal(1n);
    });
  });

  describe('when the rate is named in a message', () => {
    it('gives cents per HBAR, exact or rounded with ≈, and the published and read times', () => {
      expect(centsPerHbar({ hbarEquivalent: 1, centEquivalent: 12 })).to.equal('12');
      expect(centsPerHbar({ hbarEquivalent: 30_000, centEquivalent: 300_000 })).to.equal('10');
      expect(centsPerHbar({ hbarEquivalent: 8, centEquivalent: 1 })).to.equal('0.125');
      expect(centsPerHbar({ hbarEquivalent: 3, centEquivalent: 25 })).to.equal('≈8.333333');
      expect(publishedIso('1700000000.123456789')).to.equal('2023-11-14T22:13:20.123Z');
      expect(rateText({ hbarEquivalent: 1, centEquivalent: 12, usdPerHbar: 0.12, publishedAt: '1700000000.000000001', expiresAt: 0, readAt: 1_700_000_005_000 })).to.equal(
        "12 ¢/HBAR (the network's rate published 2023-11-14T22:13:20.000Z, read 2023-11-14T22:13:25.000Z)",
      );
    });
  });
});
