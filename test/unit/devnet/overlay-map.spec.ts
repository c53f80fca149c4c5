import { expect } from 'chai';
import fc from 'fast-check';
import { OverlayMap } from '../../../src/devnet/ledger/overlay-map.js';

type Op = { kind: 'set'; key: number; value: number } | { kind: 'delete'; key: number } | { kind: 'bump'; key: number };

const op = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: 0, max: 6 }), value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ kind: fc.constant('bump' as const), key: fc.integer({ min: 0, max: 6 }) }),
);

/** Applies one operation to a map of boxed numbers; `bump` changes the object that `get` handed out. */
function apply(map: Map<number, { n: number }>, step: Op): void {
  if (step.kind === 'set') map.set(step.key, { n: step.value });
  else if (step.kind === 'delete') map.delete(step.key);
  else {
    const box = map.get(step.key);
    if (box) box.n++;
  }
}

const contents = (map: Map<number, { n: number }>) => [...map].map(([key, box]) => [key, box.n]);

describe('OverlayMap', () => {
  it('copies an entry on first read, so changing what it handed out leaves the base alone', () => {
    const base = new Map([[1, { n: 1, nested: new Map([['a', 1n]]) }]]);
    const overlay = new OverlayMap(base);
    const entry = overlay.get(1)!;
    entry.n = 99;
    entry.nested.set('a', 2n);
    expect(overlay.get(1)).to.equal(entry);
    expect(base.get(1)).to.deep.equal({ n: 1, nested: new Map([['a', 1n]]) });
  });

  it('behaves like a copy of the base map under any sequence of sets, deletes and changes, which the base never sees', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 5 }), fc.array(op, { maxLength: 30 }), (initial, steps) => {
      const base = new Map(initial.map((key) => [key, { n: key * 10 }]));
      const before = contents(base);
      const reference = structuredClone(base);
      const overlay = new OverlayMap(base);
      for (const step of steps) {
        apply(reference, step);
        apply(overlay, step);
      }
      expect(contents(overlay)).to.deep.equal(contents(reference));
      expect(overlay.size).to.equal(reference.size);
      for (let key = 0; key <= 6; key++) expect(overlay.has(key), `has ${key}`).to.equal(reference.has(key));
      expect(contents(base)).to.deep.equal(before);
    }));
  });

  it('empties with clear without touching the base', () => {
    const base = new Map([[1, { n: 1 }], [2, { n: 2 }]]);
    const overlay = new OverlayMap(base);
    overlay.set(3, { n: 3 });
    overlay.clear();
    expect([overlay.size, [...overlay.keys()], base.size]).to.deep.equal([0, [], 2]);
  });
});
