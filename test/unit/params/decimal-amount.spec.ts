import { expect } from 'chai';
import { amountProblem, decimalParts, formatUnits, scaledDigits } from '../../../src/params/decimal-amount.js';

describe('decimal amounts', () => {
  describe('when splitting numbers into digits', () => {
    it('reads plain and exponent forms exactly', () => {
      expect(decimalParts(12.5)).to.deep.equal({ whole: '12', fraction: '5' });
      expect(decimalParts('007.100')).to.deep.equal({ whole: '7', fraction: '1' });
      expect(decimalParts(1e-9)).to.deep.equal({ whole: '0', fraction: '000000001' });
      expect(decimalParts('1.5e3')).to.deep.equal({ whole: '1500', fraction: '' });
      expect(decimalParts(1e21)).to.deep.equal({ whole: '1000000000000000000000', fraction: '' });
    });

    it('refuses signs, blanks, hex and non-numbers', () => {
      for (const value of ['-1', '', ' ', '0x1f', '1,5', '1.2.3', true, null, undefined, -3, Number.NaN]) {
        expect(decimalParts(value), String(value)).to.equal(undefined);
      }
    });
  });

  describe('when scaling digits', () => {
    it('pads the fraction to the decimals and drops leading zeros', () => {
      expect(scaledDigits({ whole: '0', fraction: '05' }, 4)).to.equal('500');
      expect(scaledDigits({ whole: '3', fraction: '' }, 2)).to.equal('300');
    });
  });

  describe('when judging an amount', () => {
    it('names the problem', () => {
      expect(amountProblem(0)).to.equal('must be greater than 0');
      expect(amountProblem(-0.5)).to.contain('greater than 0');
      expect(amountProblem(Number.NaN)).to.contain('NaN');
      expect(amountProblem(1.234, 2, 'x')).to.equal('has 3 decimal places but at most 2 are allowed (x)');
      expect(amountProblem('5')).to.equal(undefined);
    });
  });
});

describe('formatUnits', () => {
  describe('when formatting smallest units for people', () => {
    it('places the decimal point exactly and trims trailing zeros', () => {
      expect(formatUnits(12345, 2)).to.equal('123.45');
      expect(formatUnits('100', 2)).to.equal('1');
      expect(formatUnits(-5n, 8)).to.equal('-0.00000005');
      expect(formatUnits('9223372036854775807', 0)).to.equal('9223372036854775807');
    });
  });
});
