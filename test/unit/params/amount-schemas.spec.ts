import { expect } from 'chai';
import { InvalidParamsError } from '../../../src/errors/index.js';
import { hbarAmountSchema, hbarBalanceSchema, isZeroAmount, toHbar, toSmallestUnits, tokenAmountSchema } from '../../../src/params/amount-schemas.js';

function issueOf(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown): string {
  const result = schema.safeParse(value);
  expect(result.success, `expected ${JSON.stringify(value)} to be refused`).to.equal(false);
  return result.error!.issues.map((issue) => issue.message).join('; ');
}

describe('amount schemas', () => {
  describe('when an HBAR amount is valid', () => {
    it('accepts numbers and decimal strings with up to 8 decimals', () => {
      for (const value of [1, 1.5, '0.1', 0.00000001, '12345.12345678', 1e-8]) expect(hbarAmountSchema.safeParse(value).success, String(value)).to.equal(true);
    });
  });

  describe('when an HBAR amount is invalid', () => {
    it('refuses zero', () => expect(issueOf(hbarAmountSchema, 0)).to.contain('greater than 0'));
    it('refuses negatives as numbers and strings', () => {
      expect(issueOf(hbarAmountSchema, -1)).to.contain('greater than 0');
      expect(issueOf(hbarAmountSchema, '-0.5')).to.contain('greater than 0');
    });
    it('refuses NaN and infinities', () => {
      expect(issueOf(hbarAmountSchema, Number.NaN)).to.match(/number/);
      expect(issueOf(hbarAmountSchema, Number.POSITIVE_INFINITY)).to.match(/number/);
    });
    it('refuses more than 8 decimals, also in exponent form', () => {
      expect(issueOf(hbarAmountSchema, 0.000000001)).to.contain('9 decimal places but at most 8');
      expect(issueOf(hbarAmountSchema, '1.123456789')).to.contain('at most 8');
    });
    it('refuses non-numeric strings and other types', () => {
      expect(issueOf(hbarAmountSchema, 'ten')).to.contain('positive decimal number');
      expect(issueOf(hbarAmountSchema, '0x10')).to.contain('positive decimal number');
      expect(issueOf(hbarAmountSchema, null)).to.contain('positive number');
      expect(issueOf(hbarAmountSchema, { amount: 1 })).to.contain('positive number');
    });
  });

  describe('when a balance may be zero', () => {
    it('accepts 0 and "0.00" but still refuses negatives and over-precision', () => {
      expect(hbarBalanceSchema.safeParse(0).success).to.equal(true);
      expect(hbarBalanceSchema.safeParse('0.00').success).to.equal(true);
      expect(issueOf(hbarBalanceSchema, -1)).to.contain('greater than 0');
      expect(issueOf(hbarBalanceSchema, 0.000000001)).to.contain('at most 8');
      expect(isZeroAmount('0.0')).to.equal(true);
      expect(isZeroAmount(0.1)).to.equal(false);
    });
  });

  describe('when a token amount is parsed before the decimals are known', () => {
    it('accepts any positive precision and refuses zero', () => {
      expect(tokenAmountSchema.safeParse(0.123456789012).success).to.equal(true);
      expect(issueOf(tokenAmountSchema, 0)).to.contain('greater than 0');
    });
  });

  describe('when scaling to smallest units', () => {
    it('scales exactly, without floating-point error', () => {
      expect(toSmallestUnits(1.25, 2, 'amount').toString()).to.equal('125');
      expect(toSmallestUnits('0.1', 8, 'amount').toString()).to.equal('10000000');
      expect(toSmallestUnits(0.29, 2, 'amount').toString()).to.equal('29');
      expect(toSmallestUnits(3e-7, 8, 'amount').toString()).to.equal('30');
      expect(toSmallestUnits(7, 0, 'amount').toString()).to.equal('7');
    });

    it('refuses more decimals than the token has, naming the field and the limit', () => {
      const call = () => toSmallestUnits(0.001, 2, 'recipients[1].amount', 'airdrop_fungible_token_tool');
      expect(call).to.throw(InvalidParamsError);
      try {
        call();
      } catch (error) {
        const invalid = error as InvalidParamsError;
        expect(invalid.tool).to.equal('airdrop_fungible_token_tool');
        expect(invalid.issues).to.deep.equal(['recipients[1].amount: has 3 decimal places but at most 2 are allowed (the token has 2 decimals)']);
      }
    });

    it('refuses a whole-unit token given a fraction', () => {
      expect(() => toSmallestUnits(1.5, 0, 'amount')).to.throw(/amount: has 1 decimal places but at most 0/);
    });

    it('refuses amounts beyond int64', () => {
      expect(() => toSmallestUnits(1e30, 2, 'amount')).to.throw(/amount: is too large/);
      expect(toSmallestUnits('92233720368547758.07', 2, 'amount').toString()).to.equal('9223372036854775807');
      expect(() => toSmallestUnits('92233720368547758.08', 2, 'amount')).to.throw(/too large/);
    });

    it('converts HBAR exactly through tinybars', () => {
      expect(toHbar(0.1, 'amount').toTinybars().toString()).to.equal('10000000');
      expect(toHbar('21.00000001', 'amount').toTinybars().toString()).to.equal('2100000001');
      expect(() => toHbar(-2, 'transfers[0].amount')).to.throw(/transfers\[0\]\.amount: must be greater than 0/);
    });
  });
});
