import { expect } from 'chai';
import fc from 'fast-check';
import { Long } from '@hiero-ledger/sdk';
import { toBig, toLong } from '../../../src/devnet/ledger/numbers.js';

describe('toBig', () => {
  describe('when given a Long', () => {
    it('reads signed and unsigned 64-bit values exactly, extremes included', () => {
      fc.assert(fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (value) => {
        expect(toBig(Long.fromString(value.toString(), false))).to.equal(value);
      }));
      fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (value) => {
        expect(toBig(Long.fromString(value.toString(), true))).to.equal(value);
        expect(toBig(toLong(value, true))).to.equal(value);
      }));
      expect(toBig(Long.MIN_VALUE)).to.equal(-(2n ** 63n));
      expect(toBig(Long.MAX_UNSIGNED_VALUE)).to.equal(2n ** 64n - 1n);
    });
  });

  describe('when given a number, a string or nothing', () => {
    it('truncates numbers, parses strings and reads null and undefined as 0', () => {
      expect(toBig(42.9)).to.equal(42n);
      expect(toBig(-3)).to.equal(-3n);
      expect(toBig('-9007199254740993')).to.equal(-9007199254740993n);
      expect(toBig(null)).to.equal(0n);
      expect(toBig(undefined)).to.equal(0n);
    });
  });
});
