import { expect } from 'chai';
import { formatUnits } from '../../../src/params/decimal-amount.js';
import { waitText, windowText } from '../../../src/policies/limit-text.js';

describe('limit-text', () => {
  it('words windows in the largest whole unit', () => {
    expect([86_400_000 * 7, 86_400_000, 3_600_000, 90_000, 60_000, 1_000, 1_500].map(windowText)).to.deep.equal(['7 days', '24 h', '1 h', '90 s', '1 min', '1 s', '1500 ms']);
  });

  it('words waits rounded up, in at most two units', () => {
    expect([0, 250, 999, 1_001, 59_000, 61_000, 3_599_000, 3_600_000, 3_600_000 + 12 * 60_000 - 5].map(waitText)).to.deep.equal(['0 s', '0.3 s', '1 s', '2 s', '59 s', '1 min 1 s', '59 min 59 s', '1 h', '1 h 12 min']);
  });

  it('words smallest units as display units, exactly', () => {
    expect(formatUnits(1_250_000_000n, 8)).to.equal('12.5');
    expect(formatUnits(1n, 8)).to.equal('0.00000001');
    expect(formatUnits(2n ** 63n - 1n, 2)).to.equal('92233720368547758.07');
    expect(formatUnits(42n, 0)).to.equal('42');
  });
});
