import { expect } from 'chai';
import type { Ledger } from '../../../src/devnet/ledger/ledger.js';
import { MirrorParamError, type MirrorRequest } from '../../../src/devnet/mirror/mirror-http.js';
import { idKey, numberKey } from '../../../src/devnet/mirror/mirror-entities.js';
import { page, type SortKey } from '../../../src/devnet/mirror/mirror-paging.js';
import { MirrorQuery } from '../../../src/devnet/mirror/mirror-query.js';

type Nft = { token: number; serial: number };

const ACCEPTED = new Set(['limit', 'order', 'n', 'token.id', 'serialnumber', 'other']);
const request = (query: string, path = '/things'): MirrorRequest => ({
  ledger: {} as Ledger, node: { grpcEndpoint: () => undefined }, params: {}, query: new MirrorQuery(new URLSearchParams(query), ACCEPTED), path,
});
// Like `timestamp`: one column whose filters take every operator, `ne` included.
const single: Array<SortKey<number>> = [{ param: 'n', of: (v) => BigInt(v), parse: (t) => (/^\d+$/.test(t) ? BigInt(t) : undefined), format: String }];
const composite: Array<SortKey<Nft>> = [idKey('token.id', (nft: Nft) => nft.token), numberKey('serialnumber', (nft: Nft) => nft.serial)];

/** Follows links.next from `query` to the end, as a client would; fails on a loop. */
function walk<T>(items: T[], keys: Array<SortKey<T>>, query: string, order: 'asc' | 'desc'): { seen: T[]; links: string[] } {
  const seen: T[] = [];
  const links: string[] = [];
  let next: string | null = `/api/v1/things?${query}`;
  while (next !== null) {
    expect(links.length, 'pages').to.be.below(100);
    const result: { items: T[]; next: string | null } = page(request(next.split('?')[1] ?? ''), items, keys, order);
    seen.push(...result.items);
    if (result.next) links.push(result.next);
    next = result.next;
  }
  return { seen, links };
}

describe('mirror paging', () => {
  describe('when a list has one key column', () => {
    const values = Array.from({ length: 10 }, (_, i) => 10 - i);

    it('pages to the end in either order with a cursor that replaces the last one', () => {
      const asc = walk(values, single, 'limit=3', 'asc');
      expect(asc.seen).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(asc.links).to.deep.equal(['/api/v1/things?limit=3&order=asc&n=gt:3', '/api/v1/things?limit=3&order=asc&n=gt:6', '/api/v1/things?limit=3&order=asc&n=gt:9']);
      expect(walk(values, single, 'limit=4&order=desc', 'asc').seen).to.deep.equal([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    });

    it('keeps the bound facing away from the paging direction and the other parameters', () => {
      const { seen, links } = walk(values, single, 'other=x&n=gte:2&n=lte:8&n=ne:5&limit=2', 'asc');
      expect(seen).to.deep.equal([2, 3, 4, 6, 7, 8]);
      expect(links[0]).to.equal('/api/v1/things?other=x&n=lte:8&n=ne:5&limit=2&order=asc&n=gt:3');
      expect(new Set(links.map((link) => link.length)).size).to.equal(1);
    });

    it('refuses ne where the parameter does not document it', () => {
      expect(() => page(request('n=ne:2'), values, [numberKey('n', (v: number) => v)], 'asc')).to.throw(MirrorParamError, 'Invalid parameter: n');
    });

    it('returns no link when the page holds the rest', () => {
      expect(page(request('limit=10'), values, single, 'asc').next).to.equal(null);
      expect(page(request('n=eq:4'), values, single, 'asc').items).to.deep.equal([4]);
    });
  });

  describe('when a list is ordered by two columns', () => {
    const nfts: Nft[] = [];
    for (const token of [3, 1, 2]) for (const serial of [5, 1, 3]) nfts.push({ token, serial });
    const label = (list: Nft[]) => list.map((nft) => `${nft.token}-${nft.serial}`);

    it('pages through the composite order with a gte/gt cursor', () => {
      const asc = walk(nfts, composite, 'limit=2&order=asc', 'desc');
      expect(label(asc.seen)).to.deep.equal(['1-1', '1-3', '1-5', '2-1', '2-3', '2-5', '3-1', '3-3', '3-5']);
      expect(asc.links[0]).to.equal('/api/v1/things?limit=2&order=asc&token.id=gte:0.0.1&serialnumber=gt:3');
      expect(label(walk(nfts, composite, 'limit=4', 'desc').seen)).to.deep.equal(['3-5', '3-3', '3-1', '2-5', '2-3', '2-1', '1-5', '1-3', '1-1']);
    });

    it('reads token.id with serialnumber as one bound on the pair, as the mirror documents', () => {
      expect(label(page(request('token.id=gte:1&serialnumber=gt:3&order=asc'), nfts, composite, 'desc').items))
        .to.deep.equal(['1-5', '2-1', '2-3', '2-5', '3-1', '3-3', '3-5']);
      expect(label(page(request('token.id=lte:3&serialnumber=lt:3&token.id=gte:2&serialnumber=gte:3'), nfts, composite, 'desc').items))
        .to.deep.equal(['3-1', '2-5', '2-3']);
      expect(label(page(request('token.id=2&serialnumber=gt:1'), nfts, composite, 'desc').items)).to.deep.equal(['2-5', '2-3']);
    });

    it('pages a fixed first column by the second alone', () => {
      const { seen, links } = walk(nfts, composite, 'token.id=eq:2&limit=1', 'desc');
      expect(label(seen)).to.deep.equal(['2-5', '2-3', '2-1']);
      expect(links[0]).to.equal('/api/v1/things?token.id=eq:2&limit=1&order=desc&serialnumber=lt:5');
    });

    it('rejects ranges the pair cannot express', () => {
      expect(() => page(request('serialnumber=gt:2'), nfts, composite, 'desc')).to.throw(MirrorParamError, 'Invalid parameter: serialnumber');
      expect(() => page(request('token.id=gt:1&serialnumber=gt:2'), nfts, composite, 'desc')).to.throw(MirrorParamError, 'Invalid parameter: serialnumber');
      expect(() => page(request('token.id=ne:1'), nfts, composite, 'desc')).to.throw(MirrorParamError, 'Invalid parameter: token.id');
      expect(() => page(request('token.id=gt:1&token.id=gt:2'), nfts, composite, 'desc')).to.throw(MirrorParamError, 'Invalid parameter: token.id');
    });
  });

  describe('when reading limit, order and names', () => {
    it('defaults to 25, caps at 100, and rejects anything else', () => {
      expect(request('').query.limit()).to.equal(25);
      expect(request('limit=500').query.limit()).to.equal(100);
      expect(request('limit=5&limit=7').query.limit()).to.equal(7);
      for (const bad of ['0', '-1', '1.5', 'ten']) expect(() => request(`limit=${bad}`).query.limit()).to.throw(MirrorParamError, 'Invalid parameter: limit');
      expect(request('order=DESC').query.order('asc')).to.equal('desc');
      expect(() => request('order=up').query.order('asc')).to.throw(MirrorParamError, 'Invalid parameter: order');
    });

    it('refuses a parameter the route does not document, but tolerates an empty one', () => {
      const error = (() => { try { request('limit=1&spender=2&x=1'); } catch (e) { return e as MirrorParamError; } return undefined; })();
      expect(error?.messages).to.deep.equal([{ message: 'Unknown query parameter: spender' }, { message: 'Unknown query parameter: x' }]);
      expect(request('&limit=2').query.limit()).to.equal(2);
    });
  });
});
