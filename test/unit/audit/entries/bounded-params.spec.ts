import { expect } from 'chai';
import { boundedParams, boundedText } from '../../../../src/audit/entries/bounded-params.js';

describe('boundedParams', () => {
  describe('when input is small', () => {
    it('returns it unchanged', () => {
      const params = { transfers: [{ accountId: '0.0.5', amount: 1 }], memo: 'rent', flag: true, none: null };
      expect(boundedParams(params)).to.deep.equal(params);
    });
  });

  describe('when input is huge', () => {
    it('cuts long strings, key names, lists and objects, saying how much was left out', () => {
      const wide = Object.fromEntries(Array.from({ length: 15 }, (_, at) => [`k${at}`, at]));
      const bounded = boundedParams({ memo: 'm'.repeat(5_000), ['x'.repeat(300)]: 1, list: Array.from({ length: 25 }, (_, at) => at), wide }) as Record<string, any>;
      expect(bounded.memo).to.equal(`${'m'.repeat(100)}…[4900 more characters]`);
      expect(bounded[`${'x'.repeat(100)}…[200 more characters]`]).to.equal(1);
      expect(bounded.list).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '…[15 more items]']);
      expect(Object.keys(bounded.wide)).to.have.length(11);
      expect(bounded.wide['…']).to.equal('[5 more keys]');
    });
  });

  describe('boundedText', () => {
    it('keeps text up to the limit whole', () => {
      expect(boundedText('abc', 3)).to.equal('abc');
      expect(boundedText('abcdef', 3)).to.equal('abc…[3 more characters]');
    });
  });
});
