import { expect } from 'chai';
import type { Ledger } from '../../../src/devnet/ledger/ledger.js';
import { matchesFilters, MirrorParamError, page, parseFilters, parseLimit, parseOrder } from '../../../src/devnet/mirror/mirror-http.js';

const request = (query: string, path = '/topics/0.0.5/messages') => ({ ledger: {} as Ledger, params: [], query: new URLSearchParams(query), path });

describe('mirror-http helpers', () => {
  describe('when parsing limit and order', () => {
    it('defaults to 25/asc, caps at 100 and rejects garbage', () => {
      expect(parseLimit(new URLSearchParams(''))).to.equal(25);
      expect(parseLimit(new URLSearchParams('limit=500'))).to.equal(100);
      expect(() => parseLimit(new URLSearchParams('limit=0'))).to.throw(MirrorParamError, 'Invalid parameter: limit');
      expect(parseOrder(new URLSearchParams('order=desc'), 'asc')).to.equal('desc');
      expect(() => parseOrder(new URLSearchParams('order=up'), 'asc')).to.throw(MirrorParamError, 'Invalid parameter: order');
    });
  });

  describe('when parsing comparison filters', () => {
    it('reads repeated op:value pairs and applies them together', () => {
      const filters = parseFilters(new URLSearchParams('n=gte:2&n=lt:5&n=&x=1'), 'n', (t) => (/^\d+$/.test(t) ? BigInt(t) : undefined));
      expect(filters).to.deep.equal([{ op: 'gte', value: 2n }, { op: 'lt', value: 5n }]);
      expect([1n, 2n, 4n, 5n].filter((v) => matchesFilters(v, filters))).to.deep.equal([2n, 4n]);
      expect(() => parseFilters(new URLSearchParams('n=gt:abc'), 'n', () => undefined)).to.throw('Invalid parameter: n');
    });
  });

  describe('when paging', () => {
    it('returns a next link with a cursor past the last item, or null at the end', () => {
      const items = [5n, 1n, 3n, 2n, 4n];
      const first = page(items, (v) => v, request('limit=2&timestamp=gte:1'), 'timestamp', String);
      expect(first.items).to.deep.equal([1n, 2n]);
      expect(first.next).to.equal('/api/v1/topics/0.0.5/messages?timestamp=gte:1&limit=2&order=asc&timestamp=gt:2');
      const last = page(items, (v) => v, request('limit=5&order=desc'), 'timestamp', String);
      expect(last.items).to.deep.equal([5n, 4n, 3n, 2n, 1n]);
      expect(last.next).to.equal(null);
    });
  });
});
